import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEDIUMS, PAPER_YEARS } from "../../domain/catalog.ts";
import { isLanguageSubject, isPaperId } from "../../domain/papers.ts";
import { SUBJECT_KEYS, SUBJECTS } from "../../domain/subjects.ts";
import { forgetCaches } from "../../server/cache/cache.server.ts";
import { papers } from "../../server/db/schema.ts";
import { LISTING_TTL_MS, type YearGroup } from "../../server/papers/catalog.server.ts";
import { testDatabases } from "../support/databases.ts";
import { startSeededServer, type TestServer } from "../support/server.ts";

interface Listing {
  meta: { success: boolean; message: string; errors?: Record<string, string> };
  data: YearGroup[] | null;
}

describe.each(testDatabases())("GET /api/v1/get-question on $name", (target) => {
  let server: TestServer;
  let stop: (() => Promise<void>) | undefined;

  async function get(query: string, headers: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/api/v1/get-question${query}`, { headers });
    const text = await res.text();
    return { res, body: (text ? JSON.parse(text) : null) as Listing };
  }

  beforeAll(async () => {
    ({ server, stop } = await startSeededServer(target, "papers-api"));
  });
  afterAll(async () => {
    await stop?.();
  });

  it("lists every subject in every medium, years newest first and March before July", async () => {
    const idsBySubject = new Map<string, Set<string>>();
    for (const subject of SUBJECTS) {
      for (const medium of MEDIUMS) {
        const { res, body } = await get(`?subject=${subject.key}&medium=${medium}&standard=10`);
        expect(res.status, `${subject.key} ${medium}`).toBe(200);
        expect(body.meta.success).toBe(true);
        const groups = body.data ?? [];
        expect(groups.map((g) => g.year)).toEqual([...PAPER_YEARS].sort((a, b) => b - a));
        for (const group of groups) {
          const sessions = group.papers.map((p) => p.session);
          expect(sessions).toEqual(group.year === 2019 || group.year === 2022 ? ["march", "july"] : ["march"]);
          for (const paper of group.papers) {
            expect(isPaperId(paper.id)).toBe(true);
            expect(paper.official).toBe(false);
            expect(paper.marks).toBe(subject.marks);
            expect(paper.duration_minutes).toBe(subject.durationMinutes);
            expect(paper.question_url).toBe(`/papers/${paper.id}/question.pdf`);
            expect(["", `/papers/${paper.id}/solution.pdf`]).toContain(paper.solution_url);
            const ids = idsBySubject.get(subject.key) ?? new Set();
            ids.add(paper.id);
            idsBySubject.set(subject.key, ids);
          }
        }
        const all = groups.flatMap((g) => g.papers);
        expect(all.some((p) => p.solution_url === "")).toBe(true);
        expect(all.some((p) => p.solution_url !== "")).toBe(true);
      }
    }
    // Language papers are one file for all mediums; other subjects have one per medium.
    for (const subject of SUBJECT_KEYS) {
      expect(idsBySubject.get(subject)?.size, subject).toBe(isLanguageSubject(subject) ? 7 : 21);
    }
  });

  it("shows the right medium's papers", async () => {
    const { body } = await get("?subject=math_1&medium=semi_english");
    const ids = (body.data ?? []).flatMap((g) => g.papers.map((p) => p.id));
    expect(ids.every((id) => id.endsWith("-semi-english"))).toBe(true);
  });

  it("defaults medium to marathi and standard to 10", async () => {
    const implicit = await get("?subject=geography");
    const explicit = await get("?subject=geography&medium=marathi&standard=10");
    expect(implicit.res.status).toBe(200);
    expect(implicit.body).toEqual(explicit.body);
    expect(implicit.body.data?.[0]?.papers[0]?.id).toBe("geography-2023-march-marathi");
    const blank = await get("?subject=geography&medium=&standard=");
    expect(blank.body).toEqual(explicit.body);
  });

  it.each([
    ["", "subject", "subject is required"],
    ["?medium=english", "subject", "subject is required"],
    ["?subject=physics", "subject", 'Unknown subject "physics"'],
    ["?subject=Math_1", "subject", "Unknown subject"],
    ["?subject=math_1&subject=math_2", "subject", "given more than once"],
    ["?subject=math_1&medium=hindi", "medium", 'Unknown medium "hindi"'],
    ["?subject=math_1&medium=semi-english", "medium", "Unknown medium"],
    ["?subject=math_1&standard=9", "standard", 'Unknown standard "9"'],
    ["?subject=math_1&standard=10th", "standard", "Unknown standard"],
    ["?subject=math_1&standard=1e1", "standard", "Unknown standard"],
    ["?subject=math_1&standard=010x", "standard", "Unknown standard"],
  ])("answers %s with 400 naming %s and its allowed values", async (query, field, fragment) => {
    const { res, body } = await get(query);
    expect(res.status).toBe(400);
    expect(body.meta.success).toBe(false);
    expect(body.data).toBeNull();
    expect(body.meta.message).toContain(fragment);
    const allowed = { subject: "math_1", medium: "semi_english", standard: "10" }[field] ?? "";
    expect(body.meta.message).toContain(allowed);
    expect(body.meta.errors?.[field]).toContain("allowed values");
  });

  it("lists every allowed subject when the subject is unknown", async () => {
    const { body } = await get("?subject=physics");
    for (const key of SUBJECT_KEYS) expect(body.meta.message).toContain(key);
  });

  it("names every bad parameter at once", async () => {
    const { res, body } = await get("?subject=x&medium=y&standard=z");
    expect(res.status).toBe(400);
    expect(Object.keys(body.meta.errors ?? {}).sort()).toEqual(["medium", "standard", "subject"]);
  });

  it("sends an ETag with short public caching and answers 304 when it matches", async () => {
    const first = await get("?subject=science_1&medium=english");
    const etag = first.res.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.res.headers.get("cache-control")).toBe("public, max-age=60");

    const again = await fetch(`${server.url}/api/v1/get-question?subject=science_1&medium=english`, {
      headers: { "If-None-Match": etag ?? "" },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);

    const weak = await fetch(`${server.url}/api/v1/get-question?subject=science_1&medium=english`, {
      headers: { "If-None-Match": `"other", W/${etag}` },
    });
    expect(weak.status).toBe(304);

    const stale = await get("?subject=science_1&medium=english", { "If-None-Match": '"something-else"' });
    expect(stale.res.status).toBe(200);
    expect(stale.body).toEqual(first.body);

    const other = await get("?subject=science_1&medium=marathi");
    expect(other.res.headers.get("etag")).not.toBe(etag);
  });

  it("serves a listing from memory for a short time, then reads the catalogue again", async () => {
    const years = async () => ((await get("?subject=geography&medium=english")).body.data ?? []).map((g) => g.year);
    const before = await years();
    expect(before).not.toContain(2017);
    const row = (year: number) => ({
      id: `geography-${year}-march-english`,
      standard: 10,
      subject: "geography",
      year,
      session: "march",
      mediums: ["english"],
      marks: 40,
      durationMinutes: 120,
      questionSha256: "e".repeat(64),
      questionPages: 1,
    });
    // Written behind this process's back, as an import run by another process would.
    await server.services.database.db.insert(papers).values(row(2017));
    expect(await years()).toEqual(before);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + LISTING_TTL_MS + 1);
      expect(await years()).toEqual([...before, 2017]);
    } finally {
      vi.useRealTimers();
    }

    // A change made by this process (import, samples) is shown at once.
    await server.services.database.db.insert(papers).values(row(2016));
    forgetCaches(server.services.database, "catalogue");
    expect(await years()).toEqual([...before, 2017, 2016]);
  });
});
