/**
 * Two languages (issue 14): every page in English at the spec's path and in Marathi under /mr, each with its
 * `lang`, its own canonical and `hreflang` alternates; the language switch's cookie; the one-time Marathi offer;
 * and the API, which stays English.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const SITE_URL = "https://paperstation.example";

const PAIRS = [
  ["/", "/mr"],
  ["/maharashtra-board-math-1-question-papers", "/mr/maharashtra-board-math-1-question-papers"],
  ["/maharashtra-board-geography-question-papers", "/mr/maharashtra-board-geography-question-papers"],
  ["/blogs", "/mr/blogs"],
  ["/importance-of-planning", "/mr/abhyasache-niyojan"],
  ["/about-us", "/mr/about-us"],
  ["/contact-us", "/mr/contact-us"],
  ["/terms-&-conditions", "/mr/terms-&-conditions"],
  ["/privacy-&-policy", "/mr/privacy-&-policy"],
  ["/login", "/mr/login"],
  [
    "/maharashtra-board-math-2-question-papers/math-2-model-1",
    "/mr/maharashtra-board-math-2-question-papers/math-2-model-1",
  ],
] as const;

const unescapeHtml = (text: string) => text.replace(/&amp;/g, "&");
const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const canonicalOf = (html: string) => unescapeHtml(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? "");
function alternatesOf(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [tag] of html.matchAll(/<link rel="alternate"[^>]*>/g)) {
    const lang = /hrefLang="([^"]+)"/i.exec(tag)?.[1];
    const href = /href="([^"]+)"/.exec(tag)?.[1];
    if (lang && href) out[lang] = unescapeHtml(href);
  }
  return out;
}

describe("two languages", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  const [pglite] = testDatabases();

  beforeAll(async () => {
    if (!pglite) throw new Error("no PGlite test database");
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild(), env: { SITE_URL, SAMPLE_PAPERS: "0" } });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, { redirect: "manual", ...init });

  it.each(PAIRS)("%s and %s: 200, their own lang and canonical, and both as hreflang alternates", async (en, mr) => {
    for (const [path, lang] of [
      [en, "en"],
      [mr, "mr"],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(langOf(html), path).toBe(lang);
      if (path.startsWith("/login") || path.startsWith("/mr/login")) continue;
      expect(canonicalOf(html), path).toBe(`${SITE_URL}${path}`);
      expect(alternatesOf(html), path).toEqual({
        en: `${SITE_URL}${en}`,
        mr: `${SITE_URL}${mr}`,
        "x-default": `${SITE_URL}${en}`,
      });
    }
  });

  it("shows no raw catalog key on any kind of page, signed in or not, in either language", async () => {
    // Each page carries only its catalog namespaces: a component using another page's would show its key.
    const signup = await api(server.url, "/api/v1/signup", { json: newAccount() });
    expect(signup.status).toBe(201);
    const cookie = signup.cookie ?? "";
    const started = await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1-mr" }, cookie });
    expect(started.status).toBe(201);
    const attempt = (started.body.data as { id: string }).id;
    const paths = [
      ...PAIRS.flat(),
      "/no-such-page",
      "/loader",
      "/progress",
      "/practice/new?paper=math-1-model-1",
      `/practice/${attempt}`,
      "/maharashtra-board-marathi-question-papers/marathi-model-1?answers=all",
    ];
    const key =
      /\b(?:common|api|home|blog|about|legal|contact|auth|subject|paper|viewer|practice)\.[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9_]+)*\b/g;
    const found: string[] = [];
    for (const path of [...paths, ...paths.map((p) => (p.startsWith("/mr") ? p : `/mr${p === "/" ? "" : p}`))]) {
      for (const headers of [{}, { Cookie: cookie }] as Record<string, string>[]) {
        const res = await get(path, { headers });
        if (res.status >= 300 && res.status < 400) continue;
        const text = (await res.text())
          .replace(/<script[\s\S]*?<\/script>/g, "")
          .replace(/<style[\s\S]*?<\/style>/g, "");
        for (const [match] of text.matchAll(key)) found.push(`${path}: ${match}`);
      }
    }
    expect([...new Set(found)]).toEqual([]);
  });

  it("shows the Marathi interface, with the Devanagari font, only on Marathi pages", async () => {
    const mr = await (await get("/mr")).text();
    expect(mr).toContain("एसएससी");
    expect(mr).toMatch(/<link rel="preload" href="\/assets\/noto-sans-devanagari-[0-9a-f]{10}\.woff2" as="font"/);
    expect(mr).toMatch(/font-display:swap/);
    const en = await (await get("/")).text();
    expect(en).toContain("Maharashtra Board 10th SSC Question Papers");
    expect(en).not.toMatch(/<link rel="preload"[^>]*noto-sans-devanagari/);
    // An English page that shows a Hindi paper needs the font too.
    const hindi = await (await get("/maharashtra-board-hindi-full-question-papers/hindi-full-model-1")).text();
    expect(hindi).toMatch(/<link rel="preload"[^>]*noto-sans-devanagari/);
  });

  it("embeds the page's messages once and serves other sets by key, immutable", async () => {
    const html = await (await get("/mr/blogs")).text();
    const key = /<script type="application\/json" id="ps-i18n" data-key="([^"]+)">/.exec(html)?.[1] ?? "";
    expect(key).toMatch(/^mr\.blog\.[0-9a-f]{10}$/);
    const practice = await (await get("/mr/progress", { headers: {} })).text();
    expect(practice).not.toContain(key);
    const res = await get(`/i18n/${key}.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const messages = (await res.json()) as Record<string, unknown>;
    expect(messages["blog.title"]).toBeDefined();
    expect(messages["common.nav.login"]).toBeDefined();
    expect(messages["practice.progress.title"]).toBeUndefined();
    for (const bad of ["mr.blog.0000000000", "xx.blog.1234567890", "..%2F..%2Fpackage", "mr.nope.1234567890"]) {
      expect((await get(`/i18n/${bad}.json`)).status, bad).toBe(404);
    }
  });

  it("serves the font as an immutable asset", async () => {
    const mr = await (await get("/mr")).text();
    const url = /href="(\/assets\/noto-sans-devanagari-[0-9a-f]{10}\.woff2)"/.exec(mr)?.[1] ?? "";
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/immutable/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(String.fromCharCode(...bytes.slice(0, 4))).toBe("wOF2");
    expect(bytes.length).toBeLessThan(60_000);
  });

  it("lists Marathi-medium model papers in the Marathi medium and keeps English ones in English", async () => {
    const marathi = await (await get("/mr/maharashtra-board-math-1-question-papers?medium=marathi")).text();
    expect(marathi).toContain('data-model-paper="math-1-model-1-mr"');
    expect(marathi).not.toContain('data-model-paper="math-1-model-1"');
    const english = await (await get("/maharashtra-board-math-1-question-papers?medium=english")).text();
    expect(english).toContain('data-model-paper="math-1-model-1"');
    expect(english).not.toContain('data-model-paper="math-1-model-1-mr"');
    // Semi-English schools sit the Marathi-medium social science papers.
    const semi = await (await get("/maharashtra-board-geography-question-papers?medium=semi_english")).text();
    expect(semi).toContain('data-model-paper="geography-model-1-mr"');
  });

  it("/mr pages link to /mr pages", async () => {
    const html = await (await get("/mr/blogs")).text();
    const internal = [...html.matchAll(/<a [^>]*href="(\/[^"]*)"/g)].map(([, href]) => unescapeHtml(href ?? ""));
    const english = internal.filter((href) => !href.startsWith("/mr") && !href.startsWith("/language/"));
    expect(english).toEqual([]);
    expect(internal).toContain("/mr/blogs?page=2");
    expect(internal.filter((href) => /^\/mr\/[a-z0-9-]+$/.test(href)).length).toBeGreaterThan(6);
  });

  it("the language switch remembers the choice and keeps the page", async () => {
    const res = await get(
      `/language/mr?next=${encodeURIComponent("/maharashtra-board-math-1-question-papers?medium=english")}`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/mr/maharashtra-board-math-1-question-papers?medium=english");
    expect(res.headers.get("set-cookie")).toMatch(/^ps_lang=mr; Max-Age=31536000; Path=\/; .*SameSite=Lax/);
    const back = await get(`/language/en?next=${encodeURIComponent("/mr/abhyasache-niyojan")}`);
    expect(back.headers.get("location")).toBe("/abhyasache-niyojan");
    // The header's switch on an article names the other language's own slug.
    const article = await (await get("/importance-of-planning")).text();
    expect(unescapeHtml(article)).toContain(`/language/mr?next=${encodeURIComponent("/mr/abhyasache-niyojan")}`);
  });

  it("refuses a bad language or a target off the site with a 400", async () => {
    for (const path of [
      "/language/fr?next=/",
      "/language/mr?next=//evil.example/",
      "/language/mr?next=https://evil.example/",
      "/language/mr?next=/%5Cevil.example",
      "/language/mr?next=/a&next=/b",
      `/language/mr?next=/${"a".repeat(3000)}`,
      // The outside probe's payloads (issue 23): judged after the /mr prefix is removed.
      "/language/en?next=%2Fmr%2F%2Fevil.example%2Fphish",
      "/language/en?next=/mr/%2F/evil.example",
      "/language/mr?next=/%09/evil.example",
      "/language/en?next=/%E0%A4%97",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("set-cookie"), path).toBeNull();
    }
  });

  it("offers Marathi once to a Marathi-medium visitor who has not chosen, without redirecting", async () => {
    // The notice itself (its words are also in the page's catalog data).
    const offer = '<section lang="mr" aria-label="मराठीत वाचा"';
    const page = (cookie: string) => get("/blogs", { headers: { Cookie: cookie } });
    const offered = await page("medium=marathi");
    expect(offered.status).toBe(200);
    expect(await offered.text()).toContain(offer);
    // Shown once: the page marks it offered.
    expect(offered.headers.getSetCookie().some((c) => c.startsWith("ps_lang_offered=1;"))).toBe(true);
    for (const cookie of ["medium=english", "medium=marathi; ps_lang=en", "medium=marathi; ps_lang_offered=1", ""]) {
      expect(await (await page(cookie)).text(), cookie).not.toContain(offer);
    }
    expect(await (await get("/mr/blogs", { headers: { Cookie: "medium=marathi" } })).text()).not.toContain(offer);
  });

  it("answers 404 in Marathi for a missing Marathi page", async () => {
    const res = await get("/mr/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(langOf(html)).toBe("mr");
    expect(html).toContain('name="robots" content="noindex"');
  });

  it("sends a visitor to the Marathi sign-in from a Marathi page that needs an account", async () => {
    const res = await get("/mr/progress");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/mr/login?redirectTo=${encodeURIComponent("/mr/progress")}`);
  });

  it("keeps the API in English whatever the page's language", async () => {
    const res = await get("/api/v1/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: "ps_lang=mr", Referer: `${server.url}/mr/login` },
      body: JSON.stringify({ email_or_phone: "nobody@example.com", password: "wrong-password-1" }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { meta: { message: string } }).meta.message).toBe(
      "Invalid credentials / Please SignUp if you dont have an account",
    );
  });
});
