/**
 * The medium and the reading follow the account (issue 26, decision 029), through the real HTTP server on both
 * databases: a medium chosen while signed in is stored and given to a new device at sign-in; the viewer's last
 * page of a paper is saved and read back from another session; bad input is refused with its reason, a visitor
 * with 401; the rows are capped, exported and deleted with the account; the home and progress pages list the
 * papers opened last, and a visitor's home page does not.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { papers, papersRead, users } from "../../server/db/schema.ts";
import { READING_KEEP } from "../../server/reading/reading.server.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const MATH_1 = "/maharashtra-board-math-1-question-papers";
const BOARD_PAPER = "math-1-2023-march-english";
const MODEL_QUESTION = "/papers/math-1-model-1/question.pdf";

describe.each(testDatabases())("the medium and reading follow the account on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      build: await loadBuild(),
      authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
    });
    // A board paper's row: the lists title it from the catalogue (its files are not needed here).
    await server.services.database.db.insert(papers).values({
      id: BOARD_PAPER,
      standard: 10,
      subject: "math_1",
      year: 2023,
      session: "march",
      mediums: ["english"],
      marks: 40,
      durationMinutes: 120,
      questionSha256: "0".repeat(64),
      questionPages: 4,
      official: true,
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const db = () => server.services.database.db;
  const fromIp = () => ({ "X-Forwarded-For": `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  const signUp = async (cookie?: string) => {
    const account = newAccount();
    const res = await api(server.url, "/api/v1/signup", { json: account, headers: fromIp(), cookie });
    expect(res.status).toBe(201);
    return { ...account, cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id };
  };
  const login = (who: string, password: string, cookie?: string) =>
    api(server.url, "/api/v1/login", { json: { email_or_phone: who, password }, headers: fromIp(), cookie });
  const page = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  const mediumOf = async (id: string) =>
    (await db().select({ medium: users.medium }).from(users).where(eq(users.id, id)))[0]?.medium;
  const mediumCookieIn = (setCookie: string[]) => setCookie.find((c) => c.startsWith("medium="))?.split(";")[0];
  const read = (cookie: string | null, json: unknown, headers: Record<string, string> = {}) =>
    api(server.url, "/api/v1/me/reading", { method: "PUT", json, cookie, headers });
  const pageOn = async (cookie: string, paper: string) => {
    const res = await api(server.url, `/api/v1/me/reading?${new URLSearchParams({ paper })}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    return (res.body.data as { page: number | null }).page;
  };

  it("stores the medium a signed-in student chooses, and gives it to a new device at sign-in", async () => {
    const account = await signUp();
    expect(await mediumOf(account.id)).toBeNull();
    // The home form (without JavaScript, and signed in with it): the cookie, the account, the subject page.
    const chosen = await page("/?standard=10&medium=english&subject=math_1", account.cookie);
    expect(chosen.status).toBe(302);
    expect(chosen.headers.get("location")).toBe(MATH_1);
    expect(mediumCookieIn(chosen.headers.getSetCookie())).toBe("medium=english");
    expect(await mediumOf(account.id)).toBe("english");
    // The subject page's switch.
    expect((await page(`${MATH_1}?medium=semi_english`, account.cookie)).status).toBe(200);
    expect(await mediumOf(account.id)).toBe("semi_english");
    // Opening the page is not choosing: the medium of this device's cookie does not move the account's.
    await page(MATH_1, `${account.cookie}; medium=marathi`);
    expect(await mediumOf(account.id)).toBe("semi_english");

    // A new device (no cookies) gets the account's medium with its session; one that has it gets nothing more.
    const fresh = await login(account.email, account.password);
    expect(fresh.status).toBe(200);
    expect(mediumCookieIn(fresh.setCookie)).toBe("medium=semi_english");
    expect(mediumCookieIn((await login(account.phone, account.password, "medium=semi_english")).setCookie)).toBe(
      undefined,
    );
    // The account's medium wins over a device's older choice.
    expect(mediumCookieIn((await login(account.phone, account.password, "medium=marathi")).setCookie)).toBe(
      "medium=semi_english",
    );
    // A visitor's choice touches no account.
    expect(mediumCookieIn((await page("/?medium=marathi&subject=math_1")).headers.getSetCookie())).toBe(
      "medium=marathi",
    );
    expect(await mediumOf(account.id)).toBe("semi_english");
  });

  it("takes the medium this device chose before sign-up or sign-in, when the account has none", async () => {
    const account = await signUp("medium=english");
    expect(await mediumOf(account.id)).toBe("english");
    const older = await signUp();
    await db().update(users).set({ medium: null }).where(eq(users.id, older.id));
    const res = await login(older.email, older.password, "medium=semi_english");
    expect(mediumCookieIn(res.setCookie)).toBe(undefined);
    expect(await mediumOf(older.id)).toBe("semi_english");
  });

  it("shows and changes the medium on the profile, and this device follows at once", async () => {
    const account = await signUp();
    const post = (form: Record<string, string>) =>
      fetch(`${server.url}/profile`, {
        method: "POST",
        headers: { Cookie: account.cookie, "Content-Type": "application/x-www-form-urlencoded", ...fromIp() },
        body: new URLSearchParams({ intent: "details", name: account.name, role: "1", ...form }),
        redirect: "manual",
      });
    const bad = await post({ medium: "hindi" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Choose a medium from the list");
    expect(await mediumOf(account.id)).toBeNull();
    const saved = await post({ medium: "marathi" });
    expect(saved.status).toBe(200);
    expect(mediumCookieIn(saved.headers.getSetCookie())).toBe("medium=marathi");
    expect(await mediumOf(account.id)).toBe("marathi");
    const html = await (await page("/profile", account.cookie)).text();
    expect(html).toMatch(/<option value="marathi" selected="">/);
    // None chosen: the account forgets it; the device keeps its own cookie.
    const none = await post({ medium: "" });
    expect(none.status).toBe(200);
    expect(mediumCookieIn(none.headers.getSetCookie())).toBe(undefined);
    expect(await mediumOf(account.id)).toBeNull();
  });

  it("saves the viewer's page and reads it back from another session", async () => {
    const account = await signUp();
    const other = (await login(account.email, account.password)).cookie as string;
    expect(await pageOn(other, MODEL_QUESTION)).toBeNull();
    const saved = await read(account.cookie, { paper: MODEL_QUESTION, page: 3 });
    expect(saved.status).toBe(204);
    expect(await pageOn(other, MODEL_QUESTION)).toBe(3);
    expect((await read(other, { paper: MODEL_QUESTION, page: 5 })).status).toBe(204);
    expect(await pageOn(account.cookie, MODEL_QUESTION)).toBe(5);
    // The question and the solution are read apart.
    expect(await pageOn(account.cookie, "/papers/math-1-model-1/solution.pdf")).toBeNull();
  });

  it("refuses bad input with its reason, and a visitor with 401", async () => {
    const account = await signUp();
    const refused = async (json: unknown, field: string, message: RegExp) => {
      const res = await read(account.cookie, json);
      expect(res.status).toBe(400);
      expect(res.body.meta.errors?.[field]).toMatch(message);
      expect(res.body.meta.message).toMatch(new RegExp(`^${field}: `));
    };
    const notAPaper = /^paper must be the path of a paper's PDF on this site/;
    await refused({ paper: "/etc/passwd", page: 1 }, "paper", notAPaper);
    await refused({ paper: "https://example.com/papers/x/question.pdf", page: 1 }, "paper", notAPaper);
    await refused({ paper: "/papers/../question.pdf", page: 1 }, "paper", notAPaper);
    await refused({ paper: "/papers/Math-1/question.pdf", page: 1 }, "paper", notAPaper);
    await refused({ paper: "/papers/math-1-model-1/answers.pdf", page: 1 }, "paper", notAPaper);
    await refused({ page: 1 }, "paper", notAPaper);
    await refused({ paper: `/papers/${"a".repeat(200)}/question.pdf`, page: 1 }, "paper", /at most 121 characters/);
    const pageRule = /^page must be a whole number from 1 to 10000$/;
    await refused({ paper: MODEL_QUESTION, page: 0 }, "page", pageRule);
    await refused({ paper: MODEL_QUESTION, page: 2.5 }, "page", pageRule);
    await refused({ paper: MODEL_QUESTION, page: "2" }, "page", pageRule);
    await refused({ paper: MODEL_QUESTION, page: 10_001 }, "page", pageRule);
    await refused({ paper: MODEL_QUESTION }, "page", pageRule);
    const noPaper = await api(server.url, "/api/v1/me/reading", { cookie: account.cookie });
    expect(noPaper.status).toBe(400);
    expect(noPaper.body.meta.message).toMatch(/^paper: paper must be the path/);
    expect(
      (
        await api(server.url, "/api/v1/me/reading", {
          method: "PUT",
          body: JSON.stringify({ paper: MODEL_QUESTION, page: 2 }),
          headers: { "Content-Type": "text/plain" },
          cookie: account.cookie,
        })
      ).status,
    ).toBe(415);
    expect(
      (await read(account.cookie, { paper: MODEL_QUESTION, page: 2 }, { Origin: "https://evil.example" })).status,
    ).toBe(403);
    expect(await db().select().from(papersRead).where(eq(papersRead.userId, account.id))).toEqual([]);

    // A visitor: 401, and nothing stored.
    const anonymous = await read(null, { paper: MODEL_QUESTION, page: 2 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.meta.message).toBe("Not signed in");
    const anonymousGet = await api(server.url, `/api/v1/me/reading?paper=${encodeURIComponent(MODEL_QUESTION)}`);
    expect(anonymousGet.status).toBe(401);
  });

  it(`keeps the newest ${READING_KEEP} papers of an account, exports them, and deletes them with it`, async () => {
    const account = await signUp();
    const paperAt = (n: number) => `/papers/reading-test-${n}/question.pdf`;
    for (let n = 1; n <= READING_KEEP + 5; n++) {
      expect((await read(account.cookie, { paper: paperAt(n), page: n })).status).toBe(204);
    }
    const rows = await db().select().from(papersRead).where(eq(papersRead.userId, account.id));
    expect(rows).toHaveLength(READING_KEEP);
    const kept = new Set(rows.map((row) => row.paper));
    for (let n = 1; n <= 5; n++) expect(kept.has(paperAt(n))).toBe(false);
    expect(kept.has(paperAt(READING_KEEP + 5))).toBe(true);
    // Reading an older paper again makes it the newest, so the next write drops another.
    await read(account.cookie, { paper: paperAt(6), page: 1 });
    await read(account.cookie, { paper: paperAt(100), page: 1 });
    const after = new Set(
      (await db().select().from(papersRead).where(eq(papersRead.userId, account.id))).map((row) => row.paper),
    );
    expect(after.has(paperAt(6))).toBe(true);
    expect(after.has(paperAt(7))).toBe(false);
    expect(after.size).toBe(READING_KEEP);

    await db().update(users).set({ medium: "english" }).where(eq(users.id, account.id));
    const exported = await (await page("/api/v1/me/data", account.cookie)).json();
    expect(exported.account.medium).toBe("english");
    expect(exported.papersRead).toHaveLength(READING_KEEP);
    expect(exported.papersRead[0]).toMatchObject({ paper: paperAt(100), page: 1 });
    expect(exported.papersRead[0].openedAt).toEqual(expect.any(String));

    const deleted = await api(server.url, "/api/v1/me", {
      method: "DELETE",
      json: { password: account.password, confirm: true },
      cookie: account.cookie,
    });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(papersRead).where(eq(papersRead.userId, account.id))).toEqual([]);
  });

  it("lists the papers opened last on the home and progress pages, titled in the page's language", async () => {
    const account = await signUp();
    await read(account.cookie, { paper: `/papers/${BOARD_PAPER}/question.pdf`, page: 2 });
    await read(account.cookie, { paper: MODEL_QUESTION, page: 4 });
    // The solution read after the question: one paper, where it was read last.
    await read(account.cookie, { paper: "/papers/math-1-model-1/solution.pdf", page: 3 });
    // No longer on the site: left out.
    await read(account.cookie, { paper: "/papers/no-such-paper/question.pdf", page: 1 });

    const home = await (await page("/", account.cookie)).text();
    expect(home).toContain('id="home-last-opened"');
    expect(home).toContain(`href="${MATH_1}?paper=${BOARD_PAPER}&amp;kind=question"`);
    expect(home).toContain("Mathematics 1, March 2023</a>");
    expect(home).toContain(`href="${MATH_1}/math-1-model-1?paper=math-1-model-1&amp;kind=solution"`);
    expect(home).toContain("Algebra: Model Paper 1</a>");
    expect(home).toContain('</a><span class="text-slate-700"> · Solution, page 3</span>');
    expect(home).toContain(" · Question paper, page 2</span>");
    expect(home).not.toContain("math-1-model-1&amp;kind=question");
    expect(home).not.toContain("no-such-paper");
    // Newest first.
    expect(home.indexOf("math-1-model-1?paper")).toBeLessThan(home.indexOf(`?paper=${BOARD_PAPER}`));

    const marathi = await (await page("/mr", account.cookie)).text();
    expect(marathi).toContain(`href="/mr${MATH_1}?paper=${BOARD_PAPER}&amp;kind=question"`);
    expect(marathi).toContain("गणित भाग 1, मार्च 2023</a>");
    // A model paper keeps its own title, marked as English on a Marathi page.
    expect(marathi).toContain('lang="en" class="font-semibold text-indigo-800 underline">Algebra: Model Paper 1</a>');

    const progress = await page("/progress", account.cookie);
    expect(progress.headers.get("cache-control")).toBe("private, no-store");
    const progressHtml = await progress.text();
    expect(progressHtml).toContain('id="last-opened"');
    expect(progressHtml).toContain(`href="${MATH_1}?paper=${BOARD_PAPER}&amp;kind=question"`);

    // A visitor's home page, which the server may keep for everyone, has none of it.
    const visitor = await page("/");
    expect(visitor.headers.get("cache-control")).not.toMatch(/private/);
    const visitorHtml = await visitor.text();
    expect(visitorHtml).not.toContain('id="home-last-opened"');
    expect(visitorHtml).not.toContain(BOARD_PAPER);
    const signedIn = await page("/", account.cookie);
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
  });
});
