/**
 * Year rows that tell the truth (issue 25 §5) over HTTP: a default install has no placeholder papers; every board
 * exam year from 2018 to the latest says its paper is not added yet, with a paper in the same pattern and "Ask
 * for this paper", which is counted per slot (only a count), limited per address, and shown to admins.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.server.ts";
import { paperRequests } from "../../server/db/schema.ts";
import { paperCount } from "../../server/papers/catalog.server.ts";
import { ASK_LIMIT, examYears, latestExamYear, slotTable } from "../../server/papers/requests.server.ts";
import { seedSamplePapers } from "../../server/papers/samples.server.ts";
import { signUpAdmin } from "../support/admin.ts";
import { startPageServer, type TestServer } from "../support/server.ts";

const MATH_1 = "/maharashtra-board-math-1-question-papers";
/** As rendered in a row (the text is also in the page's message catalog). */
const NOT_ADDED = ">Board paper not added yet.</p>";

describe("year rows on a default install", () => {
  let server: TestServer;

  async function page(path: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}${path}`, { headers, redirect: "manual" });
    return { status: res.status, location: res.headers.get("location"), body: await res.text(), res };
  }

  async function ask(year: string, path = `${MATH_1}?medium=english`) {
    const res = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ year }).toString(),
      redirect: "manual",
    });
    return { status: res.status, location: res.headers.get("location"), body: await res.text(), res };
  }

  async function count(year: number, medium = "english") {
    const [row] = await server.services.database.db
      .select({ count: paperRequests.count })
      .from(paperRequests)
      .where(and(eq(paperRequests.subject, "math_1"), eq(paperRequests.medium, medium), eq(paperRequests.year, year)));
    return row?.count ?? 0;
  }

  beforeAll(async () => {
    server = await startPageServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("generates no placeholder papers unless asked to", async () => {
    expect(loadConfig({}).samplePapers).toBe(false);
    expect(await paperCount(server.services)).toBe(0);
  });

  it("lists every board exam year from the latest to 2018, without 2021, each saying its paper is not added", async () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(latestExamYear(now)).toBe(2026);
    expect(latestExamYear(new Date("2026-02-10T12:00:00Z"))).toBe(2025);
    expect(examYears(now)).toEqual([2026, 2025, 2024, 2023, 2022, 2020, 2019, 2018]);

    const { status, body } = await page(`${MATH_1}?medium=english`);
    expect(status).toBe(200);
    const years = [...body.matchAll(/id="year-(\d{4})"/g)].map((m) => Number(m[1]));
    expect(years).toEqual(examYears());
    expect(body.split(NOT_ADDED).length - 1).toBe(years.length);
    expect(body.split(`href="${MATH_1}/new-paper"`).length - 1).toBeGreaterThanOrEqual(years.length);
    expect(body).toContain("Ask for this paper");
    expect(body).not.toContain(">Q Paper<");
    // The get-question API keeps its shape: an empty listing.
    const api = (await (await fetch(`${server.url}/api/v1/get-question?subject=math_1&medium=english`)).json()) as {
      meta: { success: boolean };
      data: unknown[];
    };
    expect(api.meta.success).toBe(true);
    expect(api.data).toEqual([]);
  });

  it("says so in Marathi too", async () => {
    const { body } = await page(`/mr${MATH_1}?medium=marathi`);
    expect(body).toContain("बोर्डाची प्रश्नपत्रिका अजून जोडलेली नाही.");
    expect(body).toContain("या प्रश्नपत्रिकेची मागणी करा");
    expect(body).toContain(`href="/mr${MATH_1}/new-paper"`);
  });

  it("counts 'Ask for this paper' per slot and medium, and thanks the student in that year's row", async () => {
    const first = await ask("2024");
    expect(first.status).toBe(303);
    expect(first.location).toBe(`${MATH_1}?medium=english&asked=2024#year-2024`);
    expect(await count(2024)).toBe(1);
    await ask("2024");
    expect(await count(2024)).toBe(2);
    expect(await count(2024, "marathi")).toBe(0);

    const back = await page(first.location ?? "");
    expect(back.body).toMatch(/role="status"[^>]*>Thank you\. We count every request/);

    // In Marathi, from the Marathi page: back to it, in the medium of the listing.
    const mr = await ask("2019", `/mr${MATH_1}?medium=marathi`);
    expect(mr.location).toBe(`/mr${MATH_1}?medium=marathi&asked=2019#year-2019`);
    expect(await count(2019, "marathi")).toBe(1);
    expect((await page(mr.location ?? "")).body).toContain("धन्यवाद!");
  });

  it("refuses a year that had no exam, a year outside the catalogue and nonsense, inline, with a 400", async () => {
    for (const year of ["2021", "2017", String(latestExamYear() + 1), "abc", ""]) {
      const refused = await ask(year);
      expect(refused.status, year).toBe(400);
      expect(refused.body, year).toContain("This paper cannot be asked for");
    }
    expect(await count(2021)).toBe(0);
  });

  it("shows admins every slot with whether it holds an official paper and how often it was asked for", async () => {
    const slots = await slotTable(server.services);
    expect(slots).toHaveLength(12 * 3 * examYears().length);
    expect(slots[0]).toMatchObject({ subject: "math_1", medium: "english", year: 2024, official: false, requests: 2 });
    expect(slots.every((slot) => !slot.official)).toBe(true);

    const { cookie } = await signUpAdmin(server);
    const console = await page("/admin", { Cookie: cookie });
    expect(console.status).toBe(200);
    expect(console.body).toContain("Board papers asked for");
    expect(console.body).toMatch(/data-slot="math_1\/english\/2024"[\s\S]*?Not added yet<\/td><td[^>]*>2<\/td>/);
  });

  it("lets one address ask at most ASK_LIMIT times an hour, then says when to try again", async () => {
    let last = await ask("2025");
    for (let i = 0; i < ASK_LIMIT.max && last.status === 303; i++) last = await ask("2025");
    expect(last.status).toBe(429);
    expect(Number(last.res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(last.body).toContain("You have asked many times in the last hour.");
  });

  it("lists the papers of a slot that holds one, and keeps the row only for years without", async () => {
    await seedSamplePapers(server.services);
    const { body } = await page(`${MATH_1}?medium=english`);
    expect(body).toContain(">Q Paper<");
    // The samples cover 2018-2020, 2022 and 2023: the later exam years still say their paper is not added.
    expect(body.split(NOT_ADDED).length - 1).toBe(examYears().filter((y) => y > 2023).length);
    const held = await ask("2023");
    expect(held.status).toBe(400);
  });
});
