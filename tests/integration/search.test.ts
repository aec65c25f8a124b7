/**
 * The site search (issue 16) through the real HTTP server, on both databases: result quality on a fixed list
 * of English, Marathi and Hindi queries (each with the hit that must be in the top 3 of its group), bad
 * inputs (400, never 500), a retired paper leaving the results at once, and the index sync's idempotence.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SearchHit, SearchKind, SearchResult } from "../../domain/search.ts";
import { syncModelPapers } from "../../server/model-papers/sync.server.ts";
import { seedSamplePapers } from "../../server/papers/samples.server.ts";
import {
  scheduleSearchSync,
  searchIndexWarming,
  searchWordCount,
  syncSearchIndex,
} from "../../server/search/index.server.ts";
import { searchSite } from "../../server/search/search.server.ts";
import { signUpAdmin } from "../support/admin.ts";
import { testDatabases } from "../support/databases.ts";
import { api } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

interface Expectation {
  q: string;
  lang?: "en" | "mr";
  /** The group the hit must be in the top 3 of. */
  kind: SearchKind;
  /** What the hit is: a substring of its url, title or context (`field: text`). */
  hit: { url?: string; title?: string; context?: string };
  /** The hit must be the group's first, not only in its top 3. */
  first?: boolean;
  /** What must not be in the top 3 of any group (a common word matching the wrong thing). */
  not?: { url?: string; title?: string; context?: string };
  /** Why this query is on the list. */
  why: string;
}

const QUALITY: Expectation[] = [
  { q: "quadratic equations", kind: "question", hit: { context: "Quadratic Equations" }, why: "issue's example" },
  { q: "equation", kind: "question", hit: { url: "math-1-model" }, why: "word form: finds equations" },
  { q: "quadratik", kind: "question", hit: { context: "Quadratic Equations" }, why: "typo" },
  { q: "trigonometri", kind: "question", hit: { context: "Trigonometry" }, why: "typo" },
  { q: "quadr", kind: "question", hit: { context: "Quadratic Equations" }, why: "as you type: a prefix" },
  { q: "arithmetic progression", kind: "question", hit: { context: "Arithmetic Progression" }, why: "chapter" },
  { q: "probability", kind: "question", hit: { context: "Probability" }, why: "chapter" },
  { q: "metallurgy", kind: "question", hit: { context: "Metallurgy" }, why: "chapter" },
  { q: "gravitation", kind: "question", hit: { context: "Gravitation" }, why: "chapter" },
  { q: "lenses", kind: "question", hit: { context: "Lenses" }, why: "chapter" },
  { q: "political parties", kind: "question", hit: { context: "Political Parties" }, why: "chapter" },
  {
    q: "आम्ल आम्लारी",
    kind: "question",
    hit: { url: "/science-1-model-1-mr#q2a2" },
    why: "issue's example (Marathi, acids and bases)",
  },
  { q: "धातुविज्ञान", kind: "question", hit: { url: "-mr#" }, why: "Marathi chapter name: Marathi-medium question" },
  {
    q: "गुरुत्वाकर्षण",
    lang: "mr",
    kind: "question",
    hit: { url: "/mr/maharashtra-board-science-1-question-papers/science-1-model-" },
    why: "Marathi chapter, Marathi page",
  },
  { q: "वर्गसमीकरण", kind: "question", hit: { context: "वर्गसमीकरणे" }, why: "Marathi word form (prefix)" },
  { q: "सर्वनाम", kind: "question", hit: { url: "/hindi-full-model-2#q41" }, why: "Hindi grammar (pronoun)" },
  { q: "शब्दभेद", kind: "question", hit: { url: "hindi-" }, why: "Hindi word" },
  { q: "समासः", kind: "question", hit: { url: "sanskrit-" }, why: "Sanskrit chapter" },
  { q: "algebra", kind: "subject", hit: { url: "/maharashtra-board-math-1-question-papers" }, why: "alias" },
  { q: "बीजगणित", kind: "subject", hit: { url: "/maharashtra-board-math-1-question-papers" }, why: "Marathi alias" },
  { q: "geometry", kind: "subject", hit: { url: "/maharashtra-board-math-2-question-papers" }, why: "alias" },
  {
    q: "भूगोल",
    lang: "mr",
    kind: "subject",
    hit: { url: "/mr/maharashtra-board-geography-question-papers", title: "भूगोल" },
    why: "Marathi name, Marathi page",
  },
  { q: "science 1", kind: "subject", hit: { url: "/maharashtra-board-science-1-question-papers" }, why: "brief" },
  { q: "hindi", kind: "subject", hit: { url: "/maharashtra-board-hindi-" }, why: "subject name" },
  { q: "march 2023", kind: "paper", hit: { title: "March 2023" }, why: "session and year" },
  { q: "2019 july", kind: "paper", hit: { title: "July 2019" }, why: "year and session, any order" },
  {
    q: "गणित 2023",
    lang: "mr",
    kind: "paper",
    hit: { title: "गणित भाग 1, मार्च 2023" },
    why: "Marathi subject and year",
  },
  { q: "planning", kind: "article", hit: { url: "/importance-of-planning" }, why: "article title" },
  { q: "नियोजन", kind: "article", hit: { url: "/mr/abhyasache-niyojan" }, why: "Marathi article" },
  { q: "results declared", kind: "article", hit: { url: "/how-ssc-results-are-declared" }, why: "word forms" },
  { q: "निकाल", kind: "article", hit: { url: "/mr/ssc-nikal-kasa-jahir-hoto" }, why: "Marathi article" },
  { q: "timetable", kind: "article", hit: { url: "/ssc-timetable-and-exam-day-rules" }, why: "article" },
  {
    q: "acids and bases",
    kind: "question",
    hit: { url: "/science-1-model-" },
    not: { title: "History and Political Science" },
    why: "a stop word ('and') matches nothing through the simple configuration",
  },
  {
    q: "science 2023",
    kind: "paper",
    hit: { title: "Science and Technology 1, March 2023" },
    first: true,
    not: { title: "History and Political Science" },
    why: "the subject whose name starts with the word, not the one that has it last",
  },
  {
    q: "science",
    kind: "subject",
    hit: { url: "/maharashtra-board-science-1-question-papers" },
    first: true,
    why: "Science before History and Political Science",
  },
  {
    q: "planning",
    kind: "question",
    hit: { context: "Financial Planning" },
    not: { context: "Gravitation" },
    why: "a word form, not a stem's prefix ('plan' finds 'planet')",
  },
  {
    q: "mean frequency",
    kind: "question",
    hit: { url: "/math-1-model-2#q1b2" },
    why: "a maths question's words between its formulae",
  },
];

function matches(hit: SearchHit, want: Expectation["hit"]): boolean {
  return (
    (!want.url || hit.url.includes(want.url)) &&
    (!want.title || hit.title.includes(want.title)) &&
    (!want.context || (hit.context ?? "").includes(want.context))
  );
}

describe.each(testDatabases())("search on $name", (target) => {
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "ps-search-"));
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      // Many searches from one address: the suite tests the search, not the limit on misses (hardening.test.ts).
      env: { DATA_DIR: dataDir, SEARCH_MISS_LIMIT_PER_IP: "100000" },
      authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
    });
    await seedSamplePapers(server.services);
    await syncModelPapers(server.services);
    await syncSearchIndex(server.services);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    await dispose?.();
    await rm(dataDir, { recursive: true, force: true });
  });

  const search = (query: string) => api(server.url, `/api/v1/search?${query}`);

  describe("quality", () => {
    it.each(QUALITY)("$q ($kind, $why)", async (expectation) => {
      const res = await search(`q=${encodeURIComponent(expectation.q)}&lang=${expectation.lang ?? "en"}&limit=3`);
      expect(res.status).toBe(200);
      const result = res.body as unknown as SearchResult;
      const group = result.groups.find((g) => g.kind === expectation.kind);
      const top = (group?.hits ?? []).slice(0, expectation.first ? 1 : 3);
      expect(
        top.some((hit) => matches(hit, expectation.hit)),
        `top ${top.length} ${expectation.kind} hits: ${JSON.stringify(top.map((h) => [h.title, h.url, h.context]))}`,
      ).toBe(true);
      const unwanted = expectation.not;
      if (unwanted) {
        const wrong = result.groups.flatMap((g) => g.hits.slice(0, 3)).filter((hit) => matches(hit, unwanted));
        expect(wrong.map((h) => [h.title, h.url, h.context])).toEqual([]);
      }
    });
  });

  it("gives the same answer whether a Marathi common word ('आणि') is in the query or not", async () => {
    const hits = async (q: string) =>
      ((await search(`q=${encodeURIComponent(q)}&lang=mr`)).body as unknown as SearchResult).groups.map((g) => [
        g.kind,
        g.total,
        g.hits.map((h) => h.url),
      ]);
    const without = await hits("आम्ल आम्लारी");
    expect(without.length).toBeGreaterThan(0);
    expect(await hits("आम्ल आणि आम्लारी")).toEqual(without);
  });

  it("answers in the contract's shape: groups in order, snippets as parts, Marathi URLs for Marathi pages", async () => {
    const res = await search("q=quadratic&lang=mr");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const result = res.body as unknown as SearchResult;
    expect(result.query).toBe("quadratic");
    expect(result.total).toBeGreaterThanOrEqual(result.groups.reduce((n, g) => n + g.hits.length, 0));
    const order = ["subject", "question", "article", "paper"];
    const kinds = result.groups.map((g) => g.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
    for (const group of result.groups) {
      expect(group.hits.length).toBeLessThanOrEqual(5);
      for (const hit of group.hits) {
        // Every page but an English article exists under /mr.
        if (hit.kind !== "article") expect(hit.url.startsWith("/mr/")).toBe(true);
        expect(["en", "mr", "hi", "sa"]).toContain(hit.lang);
        const text = hit.snippet.map((part) => part.text).join("");
        expect([...text].length).toBeLessThanOrEqual(170);
      }
    }
    const questions = result.groups.find((g) => g.kind === "question");
    expect(questions?.hits[0]?.url).toMatch(/#q\w+$/);
    expect(questions?.hits[0]?.snippet.some((part) => part.hit && /quadratic/i.test(part.text))).toBe(true);
  });

  it("counts every match of each group in its total, not only the hits shown", async () => {
    const result = (await search("q=equation&limit=3")).body as unknown as SearchResult;
    const questions = result.groups.find((g) => g.kind === "question");
    expect(questions?.hits).toHaveLength(3);
    expect(questions?.total).toBeGreaterThan(20);
    expect(result.total).toBe(result.groups.reduce((sum, g) => sum + g.total, 0));
    for (const group of result.groups) expect(group.total).toBeGreaterThanOrEqual(group.hits.length);
  });

  it("finds nothing for a query of common words or markup only", async () => {
    for (const q of ["the", "and of in a", "आणि", "और का", "<img src=x onerror=alert(1)>", "<script></script>"]) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body as unknown as SearchResult, q).toMatchObject({ query: q, total: 0, groups: [] });
    }
  });

  it("matches one or two letters as whole words only, and a single letter in the text, not in titles", async () => {
    // "qu" is no prefix of "question" and "quadratic": nothing is the word "qu".
    expect(((await search("q=qu")).body as unknown as SearchResult).total).toBe(0);
    // Every question's title has "(B)" or "(A)": "b" must be in the text that the snippet shows.
    const b = (await search("q=b&limit=20")).body as unknown as SearchResult;
    const hits = b.groups.flatMap((g) => g.hits);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) expect(hit.snippet.some((part) => part.hit && part.text.toLowerCase() === "b")).toBe(true);
  });

  it("shows maths in snippets as it reads, not as letters and numbers", async () => {
    const result = (await search(`q=${encodeURIComponent("mean frequency")}`)).body as unknown as SearchResult;
    const hit = result.groups.find((g) => g.kind === "question")?.hits.find((h) => h.url.endsWith("#q1b2"));
    const text = hit?.snippet.map((part) => part.text).join("");
    expect(text).toBe("For a grouped frequency distribution, Σ fᵢ xᵢ = 2400 and Σ fᵢ = 60. Find the mean.");
    const quadratic = (await search("q=discriminant")).body as unknown as SearchResult;
    const snippet = quadratic.groups[0]?.hits.find((h) => h.url.endsWith("math-1-model-1#q1b3"))?.snippet;
    expect(snippet?.map((part) => part.text).join("")).toContain("x² - 5x + 2 = 0");
  });

  it("takes a limit of 1 to 20 per group, and ignores a bad one and unknown parameters", async () => {
    const many = (await search("q=equation&limit=20&foo=bar")).body as unknown as SearchResult;
    expect(many.groups.find((g) => g.kind === "question")?.hits.length).toBeGreaterThan(5);
    for (const limit of ["0", "21", "abc", "-1", "1e3"]) {
      const res = await search(`q=equation&limit=${limit}`);
      expect(res.status).toBe(200);
      const result = res.body as unknown as SearchResult;
      expect(Math.max(...result.groups.map((g) => g.hits.length))).toBeLessThanOrEqual(5);
    }
  });

  describe("bad input", () => {
    it.each([
      ["", "Type something to search for"],
      ["q=", "Type something to search for"],
      ["q=%20%20%20", "Type something to search for"],
      [`q=${"a".repeat(1000)}`, "Search for at most 200 characters"],
      ["q=a&q=b", "Give one search at a time"],
      ["q=%00", "Type something to search for"],
    ])("?%s is a 400 with a message", async (query, message) => {
      const res = await search(query);
      expect(res.status).toBe(400);
      expect((res.body as unknown as { message: string }).message).toBe(message);
      expect(res.body.meta).toEqual({ success: false, message });
    });

    it.each([
      "'; drop table users; --",
      "<script>alert(1)</script>",
      "!!!",
      "&|:*",
      "a & !b | (c",
      "\\'",
      "%00quadratic",
      "🙂 equations",
      "x".repeat(200),
      "0 1 2 3 4 5 6 7 8 9 10 11 12",
    ])("%j never fails", async (q) => {
      const res = await search(`q=${encodeURIComponent(q).replace(/%25([0-9A-F]{2})/g, "%$1")}`);
      expect(res.status).toBe(200);
      expect(Array.isArray((res.body as unknown as SearchResult).groups)).toBe(true);
    });

    it("takes lone surrogates (which no URL can carry) in the page loader's call", async () => {
      for (const q of ["\uD800quadratic", "quadratic\uDFFF", "\uDC00"]) {
        const result = await searchSite(server.services, q, { locale: "en" });
        expect(Array.isArray(result.groups)).toBe(true);
      }
    });

    it("takes a lone surrogate and broken percent-encoding in the raw URL", async () => {
      for (const raw of ["q=%ED%A0%80", "q=%E0%A4", "q=%", "q[]=x", "q[a]=1"]) {
        const res = await fetch(`${server.url}/api/v1/search?${raw}`);
        expect([200, 400]).toContain(res.status);
      }
    });

    it("never sends the query's markup back as markup", async () => {
      const res = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent("<script>alert(1)</script> heat")}`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain("<script>");
      expect(text).not.toContain("<");
      expect((JSON.parse(text) as SearchResult).query).toBe("<script>alert(1)</script> heat");
    });
  });

  it("drops a retired paper from the results at once, and brings it back on restore", async () => {
    const { cookie } = await signUpAdmin(server);
    const id = "math-1-2023-march-marathi";
    const find = async () => {
      const result = await searchSite(server.services, "गणित 2023 मराठी", { locale: "en", limit: 20 });
      return result.groups.find((g) => g.kind === "paper")?.hits.some((hit) => hit.url.includes(`paper=${id}&`));
    };
    expect(await find()).toBe(true);
    const retired = await api(server.url, `/api/v1/admin/papers/${id}/retire`, { method: "POST", json: {}, cookie });
    expect(retired.status).toBe(200);
    expect(await find()).toBe(false);
    const restored = await api(server.url, `/api/v1/admin/papers/${id}/restore`, { method: "POST", json: {}, cookie });
    expect(restored.status).toBe(200);
    expect(await find()).toBe(true);
  });

  it("sends a kept answer: gzip to a client that takes it, identity otherwise, and a 304 for its ETag", async () => {
    const path = `${server.url}/api/v1/search?q=${encodeURIComponent("quadratic equations")}&lang=en`;
    const gzip = await fetch(path, { headers: { "accept-encoding": "gzip" } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toMatch(/accept-encoding/i);
    const etag = gzip.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const gzipped = (await gzip.json()) as SearchResult;
    const plain = await fetch(path, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("etag")).toBe(etag);
    expect((await plain.json()) as SearchResult).toEqual(gzipped);
    const again = await fetch(path, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("counts start-up's first index build as warming (/readyz answers 503 meanwhile), and a later one not", async () => {
    // Another handle on the same database: to this process, no scheduled build of it has finished yet, as at
    // start-up (the admin changes above already ran builds through the server's own handle).
    const database = { ...server.services.database };
    const running = scheduleSearchSync({ database });
    expect(searchIndexWarming(database)).toBe(true);
    await running;
    expect(searchIndexWarming(database)).toBe(false);
    // A later build (after an admin change) finds the index whole already: ready throughout.
    const later = scheduleSearchSync({ database });
    expect(searchIndexWarming(database)).toBe(false);
    await later;
    expect(searchIndexWarming(server.services.database)).toBe(false);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("rebuilds idempotently: a second sync writes nothing", async () => {
    const again = await syncSearchIndex(server.services);
    expect(again).toMatchObject({ written: 0, removed: 0 });
    expect(again.documents).toBeGreaterThan(1000);
    expect(await searchWordCount(server.services)).toBeGreaterThan(1000);
  });
});
