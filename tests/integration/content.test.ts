import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VITALS_PER_MINUTE } from "../../server/content/routes.server.ts";
import { rowsOf } from "../../server/db/client.server.ts";
import { vitals } from "../../server/db/schema.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const SITE_URL = "https://paperstation.example";
const SUPPORT_EMAIL = "help@paperstation.example";

/** A small well-formedness check: balanced tags, no bare `&`, and the sitemap's <url><loc> shape. */
function parseSitemap(xml: string): Array<{ loc: string; lastmod?: string }> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  const body = xml.replace(/^<\?xml[^>]*\?>\s*/, "");
  expect(body).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  const stack: string[] = [];
  for (const [tag, closing, name] of body.matchAll(/<(\/?)([a-zA-Z:]+)[^>]*>/g)) {
    if (tag.endsWith("/>")) continue;
    if (closing) expect(stack.pop(), `</${name}>`).toBe(name);
    else stack.push(name ?? "");
  }
  expect(stack).toEqual([]);
  expect(body).toMatch(
    /^<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9" xmlns:xhtml="http:\/\/www\.w3\.org\/1999\/xhtml">/,
  );
  const unescapeXml = (text: string) => text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  return [
    ...body.matchAll(
      /<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?(?:<xhtml:link [^>]*\/>\s*)*<\/url>/g,
    ),
  ].map(([, loc, lastmod]) => (lastmod ? { loc: unescapeXml(loc ?? ""), lastmod } : { loc: unescapeXml(loc ?? "") }));
}

function canonicalOf(html: string): string | undefined {
  return html.match(/<link rel="canonical" href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
}

describe.each(testDatabases())("content and reach on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      build: await loadBuild(),
      env: { SITE_URL, SUPPORT_EMAIL, SAMPLE_PAPERS: "0" },
    });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

  describe("sitemap.xml and robots.txt", () => {
    it("sitemap.xml parses and lists every public page, and no /login or /loader", async () => {
      const res = await get("/sitemap.xml");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
      const urls = parseSitemap(await res.text());
      expect(urls).toHaveLength(2 * (1 + 12 + 1 + 10 + 4));
      const paths = urls.map((u) => new URL(u.loc).pathname);
      expect(paths).toContain("/");
      expect(paths).toContain("/maharashtra-board-math-1-question-papers");
      expect(paths).toContain("/blogs");
      expect(paths).toContain("/importance-of-10th");
      expect(paths).toContain("/terms-&-conditions");
      expect(paths).not.toContain("/login");
      expect(paths).not.toContain("/loader");
      for (const url of urls) expect(url.loc.startsWith(`${SITE_URL}/`)).toBe(true);
      expect(urls.filter((u) => u.lastmod).length).toBe(20);
    });

    it("every URL in the sitemap answers 200 with its own canonical link", async () => {
      const urls = parseSitemap(await (await get("/sitemap.xml")).text());
      for (const { loc } of urls) {
        const local = loc.replace(SITE_URL, server.url);
        const res = await fetch(local);
        expect(res.status, loc).toBe(200);
        expect(canonicalOf(await res.text()), loc).toBe(loc);
      }
    });

    it("robots.txt links the sitemap", async () => {
      const res = await get("/robots.txt");
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toMatch(/^User-agent: \*$/m);
      expect(text).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
      expect(text).toMatch(/^Disallow: \/loader$/m);
    });
  });

  describe("pages", () => {
    it("/blogs shows six cards on page 1 and four on page 2, each page with its canonical", async () => {
      const one = await (await get("/blogs")).text();
      expect(one.match(/>Read More</g)).toHaveLength(6);
      expect(canonicalOf(one)).toBe(`${SITE_URL}/blogs`);
      const two = await (await get("/blogs?page=2")).text();
      expect(two.match(/>Read More</g)).toHaveLength(4);
      expect(canonicalOf(two)).toBe(`${SITE_URL}/blogs?page=2`);
      expect(two).toMatch(/<a[^>]*aria-current="page"[^>]*>2<\/a>/);
    });

    it("/blogs shows page 1 for a garbage or out-of-range page", async () => {
      for (const page of ["0", "3", "abc", "-1", "2x", "%00"]) {
        const res = await get(`/blogs?page=${page}`);
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(canonicalOf(html), page).toBe(`${SITE_URL}/blogs`);
        expect(html.match(/>Read More</g)).toHaveLength(6);
      }
    });

    it("an article has its text, sized image, date, link home and Article structured data", async () => {
      const html = await (await get("/importance-of-planning")).text();
      expect(html).toMatch(/<img[^>]*src="\/images\/articles\/importance-of-planning\.svg"[^>]*>/);
      const img = html.match(/<img[^>]*src="\/images\/articles\/importance-of-planning\.svg"[^>]*>/)?.[0] ?? "";
      expect(img).toMatch(/width="\d+"/);
      expect(img).toMatch(/height="\d+"/);
      expect(html).toMatch(/<time dateTime="\d{4}-\d{2}-\d{2}">/);
      expect(html).toContain('href="/"');
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(
        ([, json]) => JSON.parse(json ?? "{}") as { "@type": string; headline?: string; image?: string[] },
      );
      const article = blocks.find((b) => b["@type"] === "Article");
      expect(article?.headline).toBeTruthy();
      expect(article?.image?.[0]).toBe(`${SITE_URL}/images/articles/importance-of-planning.svg`);
      expect(blocks.some((b) => b["@type"] === "BreadcrumbList")).toBe(true);
      expect(html).toContain('<meta property="og:type" content="article"/>');
    });

    it("Contact has a mailto: to the configured mailbox with an encoded subject and body", async () => {
      const html = await (await get("/contact-us")).text();
      expect(html).toContain("<title>Contact Us</title>");
      const href = html.match(/href="(mailto:[^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "";
      const url = new URL(href);
      expect(url.pathname).toBe(SUPPORT_EMAIL);
      expect(url.searchParams.get("subject")).toMatch(/PaperStation/);
      expect(url.searchParams.get("body")).toMatch(/Hello PaperStation team/);
      expect(href).not.toMatch(/[ +]/);
    });

    it("the info pages render their Markdown text on the server", async () => {
      for (const [path, text] of [
        ["/about-us", "Consistency"],
        ["/terms-&-conditions", "Governing Law"],
        ["/privacy-&-policy", "What we store about you"],
      ] as const) {
        const html = await (await get(path)).text();
        expect(html, path).toContain(text);
      }
    });
  });

  describe("POST /api/v1/vitals", () => {
    const report = { name: "LCP", value: 1834.2, id: "v5-1700000000000-123", rating: "good", route: "/blogs" };

    const post = (body: string, contentType = "application/json", headers: Record<string, string> = {}) =>
      get("/api/v1/vitals", { method: "POST", body, headers: { "content-type": contentType, ...headers } });

    async function storedRows() {
      return rowsOf<Record<string, unknown>>(
        await server.services.database.db.execute(sql`select * from vitals order by id`),
      );
    }

    it("stores a JSON report with 204 and keeps no IP address or id", async () => {
      const before = (await storedRows()).length;
      const res = await post(JSON.stringify(report));
      expect(res.status).toBe(204);
      expect(await res.text()).toBe("");
      const rows = await storedRows();
      expect(rows).toHaveLength(before + 1);
      const row = rows.at(-1) ?? {};
      expect(Object.keys(row).sort()).toEqual(["created_at", "id", "name", "rating", "route", "value"]);
      expect(row).toMatchObject({ name: "LCP", value: 1834.2, rating: "good", route: "/blogs" });
      expect(Object.values(row)).not.toContain("127.0.0.1");
    });

    it("accepts a text/plain body, as navigator.sendBeacon sends a string", async () => {
      const res = await post(
        JSON.stringify({ ...report, name: "CLS", value: 0.08, rating: "good", route: "*" }),
        "text/plain;charset=UTF-8",
      );
      expect(res.status).toBe(204);
      const rows = await server.services.database.db.select().from(vitals);
      expect(rows.some((r) => r.name === "CLS" && r.route === "*")).toBe(true);
    });

    it.each([
      ["an unknown metric", { ...report, name: "FID" }],
      ["a missing value", { ...report, value: undefined }],
      ["a value as a string", { ...report, value: "1834" }],
      ["a negative value", { ...report, value: -5 }],
      ["an out-of-range value", { ...report, name: "CLS", value: 50 }],
      ["an unknown rating", { ...report, rating: "ok" }],
      ["a full URL as route", { ...report, route: "https://evil.example/x" }],
      ["a route with a query string", { ...report, route: "/blogs?page=2" }],
      ["a route over 200 characters", { ...report, route: `/${"x".repeat(200)}` }],
      ["a JSON array", [report]],
    ])("rejects %s with 400", async (_what, body) => {
      const res = await post(JSON.stringify(body));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ meta: { success: false } });
    });

    it("rejects a non-finite value (1e400 is Infinity) in either body type", async () => {
      const body = JSON.stringify(report).replace("1834.2", "1e400");
      for (const type of ["application/json", "text/plain"]) {
        const res = await post(body, type);
        expect(res.status, type).toBe(400);
      }
    });

    it("rejects a body that is not JSON, or empty, with 400", async () => {
      for (const [body, type] of [
        ["{not json", "application/json"],
        ["{not json", "text/plain"],
        ["", "text/plain"],
      ] as const) {
        const res = await post(body, type);
        expect(res.status, `${type} ${body}`).toBe(400);
        expect(await res.json()).toMatchObject({ meta: { success: false } });
      }
    });

    it("rejects a body over 2 KB with 413", async () => {
      const res = await post(JSON.stringify({ ...report, padding: "x".repeat(2100) }), "text/plain");
      expect(res.status).toBe(413);
      expect(await res.json()).toMatchObject({ meta: { success: false } });
    });

    it("rejects other content types with 415 and other sites with 403", async () => {
      expect((await post("name=LCP", "application/x-www-form-urlencoded")).status).toBe(415);
      expect((await post(JSON.stringify(report), "text/plain", { origin: "https://evil.example" })).status).toBe(403);
      expect((await post(JSON.stringify(report), "text/plain", { origin: SITE_URL })).status).toBe(204);
    });
  });
});

describe("vitals rate limit", () => {
  const [target] = testDatabases();
  let server: TestServer;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (!target) throw new Error("no test database");
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, { env: { SAMPLE_PAPERS: "0" } });
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it(`answers 429 with Retry-After after ${VITALS_PER_MINUTE} reports a minute from one address`, async () => {
    const body = JSON.stringify({ name: "TTFB", value: 120, id: "v5-1", rating: "good", route: "/" });
    const statuses: number[] = [];
    let last: Response | undefined;
    for (let i = 0; i <= VITALS_PER_MINUTE; i++) {
      last = await fetch(`${server.url}/api/v1/vitals`, {
        method: "POST",
        body,
        headers: { "content-type": "text/plain" },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, VITALS_PER_MINUTE).every((s) => s === 204)).toBe(true);
    expect(statuses[VITALS_PER_MINUTE]).toBe(429);
    expect(Number(last?.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await last?.json()).toEqual({
      meta: { success: false, message: "Too many reports. Please slow down." },
      data: null,
    });
  });
});
