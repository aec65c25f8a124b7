import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewCards } from "../../server/db/schema.ts";
import { PAGE_CACHE_HEADER, PAGE_TTL_MS, pageCacheKey } from "../../server/http/page-cache.server.ts";
import { registry } from "../../server/metrics/metrics.server.ts";
import { getModelPapers } from "../../server/model-papers/catalog.server.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (gzip stays gzip). */
  raw: Buffer;
  /** The body decoded (a rendered page may come as Brotli, from the compression middleware). */
  html: string;
  cache: string | undefined;
  nonce: string | undefined;
  setCookie: string[];
}

const SUBJECT = "/maharashtra-board-math-1-question-papers";

/** One request with exactly these headers (no implicit Accept-Encoding, any Host), over node:http. */
function send(base: string, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("error", reject);
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const csp = String(res.headers["content-security-policy"] ?? "");
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          raw,
          html: (encoding === "gzip"
            ? gunzipSync(raw)
            : encoding === "br"
              ? brotliDecompressSync(raw)
              : raw
          ).toString(),
          cache: res.headers[PAGE_CACHE_HEADER.toLowerCase()] as string | undefined,
          nonce: /'nonce-([^']+)'/.exec(csp)?.[1],
          setCookie: res.headers["set-cookie"] ?? [],
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/** The page with its nonce taken out, to compare two responses' content. */
function withoutNonce(answer: Answer): string {
  return answer.nonce ? answer.html.replaceAll(answer.nonce, "NONCE") : answer.html;
}

/** Every nonce attribute in the page (scripts, module preloads). */
function nonceAttributes(html: string): string[] {
  return [...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1] ?? "");
}

describe("the page cache", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let clock = 1_000_000;
  /** Each test moves the clock past the TTL first, so that it starts with nothing fresh in the cache. */
  const expireAll = () => {
    clock += PAGE_TTL_MS + 1;
  };

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, { build: await loadBuild(), pageCache: { now: () => clock } });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it("answers a second anonymous request within the TTL from the cache, with the same page", async () => {
    expireAll();
    const first = await send(server.url, SUBJECT);
    const second = await send(server.url, SUBJECT);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("miss");
    expect(second.status).toBe(200);
    expect(second.cache).toBe("hit");
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(second.headers["content-length"]).toBe(String(second.raw.length));
    expect(second.headers.vary).toBe("Accept-Encoding");
    // The same security and caching headers as the rendered response.
    for (const name of [
      "cache-control",
      "x-content-type-options",
      "referrer-policy",
      "permissions-policy",
      "x-frame-options",
      "cross-origin-opener-policy",
    ]) {
      expect(second.headers[name], name).toBe(first.headers[name]);
    }
    expect(second.headers["content-security-policy"]).toBe(
      String(first.headers["content-security-policy"]).replace(first.nonce ?? "", second.nonce ?? ""),
    );
  });

  it("gives every response its own nonce, the same in the CSP and in every nonce attribute", async () => {
    expireAll();
    const answers = [await send(server.url, "/")];
    for (let i = 0; i < 4; i++) answers.push(await send(server.url, "/", i % 2 ? { "Accept-Encoding": "gzip" } : {}));
    expect(answers.map((a) => a.cache)).toEqual(["miss", "hit", "hit", "hit", "hit"]);
    const nonces = answers.map((a) => a.nonce);
    expect(new Set(nonces).size).toBe(answers.length);
    for (const answer of answers) {
      expect(answer.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const attributes = nonceAttributes(answer.html);
      expect(attributes.length).toBeGreaterThan(0);
      expect(new Set(attributes)).toEqual(new Set([answer.nonce]));
      // No other response's nonce anywhere in this one.
      for (const other of nonces) if (other !== answer.nonce) expect(answer.html).not.toContain(other);
    }
  });

  it("sends gzip to clients that take it, decoding to the same page as identity", async () => {
    expireAll();
    const miss = await send(server.url, "/blogs", { "Accept-Encoding": "gzip, deflate, br" });
    const gzip = await send(server.url, "/blogs", { "Accept-Encoding": "gzip, deflate, br" });
    const identity = await send(server.url, "/blogs");
    const refused = await send(server.url, "/blogs", { "Accept-Encoding": "gzip;q=0, br" });
    expect([miss.cache, gzip.cache, identity.cache, refused.cache]).toEqual(["miss", "hit", "hit", "hit"]);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.raw.length).toBeLessThan(identity.raw.length / 3);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(refused.headers["content-encoding"]).toBeUndefined();
    expect(withoutNonce(gzip)).toBe(withoutNonce(identity));
    expect(withoutNonce(gzip)).toBe(withoutNonce(miss));
  });

  it("renders again once the TTL has passed", async () => {
    expireAll();
    expect((await send(server.url, "/about-us")).cache).toBe("miss");
    clock += PAGE_TTL_MS - 1;
    expect((await send(server.url, "/about-us")).cache).toBe("hit");
    clock += 2;
    expect((await send(server.url, "/about-us")).cache).toBe("miss");
    expect((await send(server.url, "/about-us")).cache).toBe("hit");
  });

  it("lets concurrent misses for one page share one render", async () => {
    expireAll();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(server.url, "/contact-us")));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    expect(answers.filter((a) => a.cache === "hit")).toHaveLength(11);
    expect(new Set(answers.map(withoutNonce)).size).toBe(1);
  });

  it("answers HEAD from a kept page, without a body, and does not keep a HEAD's own answer", async () => {
    expireAll();
    const coldHead = await send(server.url, "/privacy-&-policy", {}, "HEAD");
    expect(coldHead.status).toBe(200);
    expect(coldHead.cache).toBeUndefined();
    expect((await send(server.url, "/privacy-&-policy")).cache).toBe("miss");
    const head = await send(server.url, "/privacy-&-policy", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.cache).toBe("hit");
    expect(head.raw.length).toBe(0);
    expect(head.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(head.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("keeps a subject or paper page for signed-in students apart from visitors, each with only their own id", async () => {
    expireAll();
    const signUp = async (name: string) => {
      const res = await api(server.url, "/api/v1/signup", { json: newAccount({ name }) });
      expect(res.status).toBe(201);
      return { cookie: res.cookie ?? "", id: (res.body.data as { user_id: string }).user_id };
    };
    const larry = await signUp("Leaky Larry");
    const olga = await signUp("Other Olga");
    // A third with a review due today (flagged, then made due: the count is read once and kept a few seconds).
    const dora = await signUp("Due Dora");
    const flagged = await api(server.url, "/api/v1/mistakes", {
      json: { item: "math-1-model-1:q1a2" },
      cookie: dora.cookie,
    });
    expect(flagged.status).toBe(201);
    await server.services.database.db
      .update(reviewCards)
      .set({ dueDay: "2000-01-01" })
      .where(eq(reviewCards.userId, dora.id));
    expect(larry.id).toHaveLength(36);

    // Rendered for the first student, then answered from the cache for the second, with the second's id only.
    const first = await send(server.url, SUBJECT, { Cookie: larry.cookie });
    expect(first.cache).toBe("miss");
    expect(first.html).toContain(larry.id);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const second = await send(server.url, SUBJECT, { Cookie: olga.cookie, "Accept-Encoding": "gzip" });
    expect(second.cache).toBe("hit");
    expect(second.headers["cache-control"]).toBe("private, no-store");
    expect(second.html).toContain(olga.id);
    expect(second.html).not.toContain(larry.id);
    expect(second.html.replaceAll(olga.id, "ID").replaceAll(second.nonce ?? "", "N")).toBe(
      first.html.replaceAll(larry.id, "ID").replaceAll(first.nonce ?? "", "N"),
    );
    // No name on any page: nothing of one student but their id is in a page kept for all.
    for (const answer of [first, second]) {
      expect(answer.html).not.toContain("Leaky Larry");
      expect(answer.html).not.toContain("Other Olga");
    }
    // A visitor's page is another key: never a student's.
    const anonymous = await send(server.url, SUBJECT);
    expect(anonymous.cache).toBe("miss");
    expect(anonymous.html).not.toContain(larry.id);
    expect(anonymous.html).not.toContain(olga.id);
    expect((await send(server.url, SUBJECT)).cache).toBe("hit");

    // A model paper's answers are kept for students, and never reach a visitor.
    const paper = `${SUBJECT}/math-1-model-1?answers=all`;
    const withAnswers = await send(server.url, paper, { Cookie: larry.cookie });
    expect(withAnswers.cache).toBe("miss");
    const answers = await send(server.url, paper, { Cookie: olga.cookie });
    expect(answers.cache).toBe("hit");
    expect(answers.html).toContain("Correct alphabet with the value 26");
    expect(answers.html).not.toContain(larry.id);
    const preview = await send(server.url, paper);
    expect(preview.html).not.toContain("Correct alphabet with the value 26");

    // A student with a review due gets a page whose header says so, kept apart from those with none.
    const due = await send(server.url, SUBJECT, { Cookie: dora.cookie });
    expect(due.cache).toBe("miss");
    expect(due.html).toContain("1 review due");
    expect(due.html).toContain('href="/review"');
    const none = await send(server.url, SUBJECT, { Cookie: larry.cookie });
    expect(none.cache).toBe("hit");
    expect(none.html).not.toContain('href="/review"');

    // A session that ended stops at once: the old cookie is a visitor's render, never a student's page.
    const out = await api(server.url, "/api/v1/logout", { method: "POST", json: {}, cookie: larry.cookie });
    expect(out.status).toBeLessThan(300);
    const ended = await send(server.url, SUBJECT, { Cookie: larry.cookie });
    expect(ended.cache).toBeUndefined();
    expect(ended.html).not.toContain(larry.id);
    // Any session cookie the server does not know is rendered too, never answered from a cache.
    const stale = await send(server.url, SUBJECT, { Cookie: "ps_session=expired-or-forged" });
    expect(stale.cache).toBeUndefined();
    // A student's own pages are not kept but those that say so (decision 034, the next test): not the notebook.
    expect((await send(server.url, "/mistakes", { Cookie: olga.cookie })).cache).toBeUndefined();
    expect(due.html).toContain(dora.id);
    // A medium chosen by link is remembered on the account by the render: not answered from the cache.
    expect((await send(server.url, `${SUBJECT}?medium=english`, { Cookie: olga.cookie })).cache).toBeUndefined();
  });

  it("keeps a student's progress and checking pages for that student only, until their next write", async () => {
    expireAll();
    const signUp = async () => {
      const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
      return { cookie: res.cookie ?? "", id: (res.body.data as { user_id: string }).user_id };
    };
    const asha = await signUp();
    const bala = await signUp();
    const started = await api(server.url, "/api/v1/attempts", {
      json: { paper_id: "math-1-model-1" },
      cookie: asha.cookie,
    });
    const attempt = (started.body.data as { id: string }).id;
    expect(
      (await api(server.url, `/api/v1/attempts/${attempt}/finish-writing`, { json: {}, cookie: asha.cookie })).status,
    ).toBe(200);

    // Kept for Asha: her repeat is a hit, with her attempt on it.
    const first = await send(server.url, "/progress", { Cookie: asha.cookie });
    expect(first.cache).toBe("miss");
    expect(first.html).toContain(`/practice/${attempt}/check`);
    const again = await send(server.url, "/progress", { Cookie: asha.cookie, "Accept-Encoding": "gzip" });
    expect(again.cache).toBe("hit");
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(withoutNonce(again)).toBe(withoutNonce(first));
    // Kept apart from the pages the crowd shares, and counted apart on /metrics.
    const lookups = (await registry.getSingleMetric("paperstation_cache_lookups_total")?.get())?.values ?? [];
    expect(lookups.some((v) => v.labels.cache === "own pages" && v.labels.result === "hit" && v.value > 0)).toBe(true);
    // Never Asha's page for Bala, nor for a visitor or an unknown cookie: each is their own render or a redirect.
    const other = await send(server.url, "/progress", { Cookie: bala.cookie });
    expect(other.cache).toBe("miss");
    expect(other.html).toContain(bala.id);
    expect(other.html).not.toContain(asha.id);
    expect(other.html).not.toContain(attempt);
    for (const headers of [{}, { Cookie: "ps_session=expired-or-forged" }] as Record<string, string>[]) {
      const visitor = await send(server.url, "/progress", headers);
      expect(visitor.status).toBe(302);
      expect(visitor.cache).toBeUndefined();
    }
    // The checking page likewise; another student's address is their 404, never her page.
    const check = `/practice/${attempt}/check`;
    expect((await send(server.url, check, { Cookie: asha.cookie })).cache).toBe("miss");
    expect((await send(server.url, check, { Cookie: asha.cookie })).cache).toBe("hit");
    const theirs = await send(server.url, check, { Cookie: bala.cookie });
    expect(theirs.status).toBe(404);
    expect(theirs.html).not.toContain(asha.id);

    // Her write shows at once: a mark given, then her attempt finished, each renders the pages again.
    const marked = await api(server.url, `/api/v1/attempts/${attempt}/marks`, {
      method: "PUT",
      json: { marks: { q1a1: 1 } },
      cookie: asha.cookie,
    });
    expect(marked.status).toBe(200);
    expect((await send(server.url, check, { Cookie: asha.cookie })).cache).toBe("miss");
    expect(
      (await api(server.url, `/api/v1/attempts/${attempt}/finish`, { json: {}, cookie: asha.cookie })).status,
    ).toBe(200);
    const finished = await send(server.url, "/progress", { Cookie: asha.cookie });
    expect(finished.cache).toBe("miss");
    expect(finished.html).toContain(`/practice/${attempt}/result`);
    expect(finished.html).not.toContain(`/practice/${attempt}/check"`);
    expect((await send(server.url, "/progress", { Cookie: asha.cookie })).cache).toBe("hit");
    // Bala's write moves only his: Asha's kept page stays hers.
    await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1" }, cookie: bala.cookie });
    expect((await send(server.url, "/progress", { Cookie: asha.cookie })).cache).toBe("hit");

    // Signing out is a write, and ends the session: the old cookie gets the sign-in redirect, never her page.
    const out = await api(server.url, "/api/v1/logout", { method: "POST", json: {}, cookie: asha.cookie });
    expect(out.status).toBeLessThan(300);
    const ended = await send(server.url, "/progress", { Cookie: asha.cookie });
    expect(ended.status).toBe(302);
    expect(ended.html).not.toContain(asha.id);
  });

  it("keeps visitors with different mediums and languages apart", async () => {
    expireAll();
    const visitors = {
      none: {},
      english: { Cookie: "medium=english" },
      semi: { Cookie: "medium=semi_english; ps_lang=en" },
      bogus: { Cookie: "medium=klingon" },
    };
    const first: Record<string, Answer> = {};
    for (const [name, headers] of Object.entries(visitors)) first[name] = await send(server.url, SUBJECT, headers);
    // Each got a page of its own medium; an invalid medium is no medium, so it shares the default's page.
    expect(first.none?.cache).toBe("miss");
    expect(first.english?.cache).toBe("miss");
    expect(first.semi?.cache).toBe("miss");
    expect(first.bogus?.cache).toBe("hit");
    expect(withoutNonce(first.english as Answer)).not.toBe(withoutNonce(first.none as Answer));
    expect(withoutNonce(first.semi as Answer)).not.toBe(withoutNonce(first.english as Answer));
    for (const [name, headers] of Object.entries(visitors)) {
      const hit = await send(server.url, SUBJECT, headers);
      expect(hit.cache, name).toBe("hit");
      expect(withoutNonce(hit), name).toBe(withoutNonce(first[name] as Answer));
    }
    // The Marathi page is its own page too.
    const marathi = await send(server.url, `/mr${SUBJECT}`, visitors.english);
    expect(marathi.cache).toBe("miss");
    expect(marathi.html).toContain('lang="mr"');
  });

  it("never keeps a response that sets a cookie, nor replays one visitor's cookie or request id", async () => {
    expireAll();
    // A medium chosen by link is remembered with Set-Cookie: every such request renders and sets it.
    for (let i = 0; i < 3; i++) {
      const chosen = await send(server.url, `${SUBJECT}?medium=english`, { "X-Request-Id": `visitor-a-${i}-0000` });
      expect(chosen.cache === "hit").toBe(false);
      expect(chosen.setCookie.join()).toMatch(/^medium=english;/);
      expect(chosen.headers["x-request-id"]).toBe(`visitor-a-${i}-0000`);
    }
    // A visitor who already has that cookie gets a page without Set-Cookie, which may be kept…
    const kept = await send(server.url, `${SUBJECT}?medium=english`, {
      Cookie: "medium=english",
      "X-Request-Id": "visitor-b-0000",
    });
    expect(kept.setCookie).toEqual([]);
    expect(kept.cache).toBe("miss");
    // …and replayed to the next one with their own request id and nonce, and no cookie.
    const replayed = await send(server.url, `${SUBJECT}?medium=english`, {
      Cookie: "medium=english",
      "X-Request-Id": "visitor-c-0000",
    });
    expect(replayed.cache).toBe("hit");
    expect(replayed.setCookie).toEqual([]);
    expect(replayed.headers["x-request-id"]).toBe("visitor-c-0000");
    expect(replayed.nonce).not.toBe(kept.nonce);
    expect(replayed.html).not.toContain(kept.nonce);

    // The one-time Marathi offer (a Marathi-medium visitor, no language chosen) sets ps_lang_offered.
    const offered = await send(server.url, "/blogs", { Cookie: "medium=marathi" });
    expect(offered.setCookie.join()).toMatch(/ps_lang_offered=1/);
    const offeredAgain = await send(server.url, "/blogs", { Cookie: "medium=marathi" });
    expect(offeredAgain.cache === "hit").toBe(false);
    expect(offeredAgain.setCookie.join()).toMatch(/ps_lang_offered=1/);
    // Once offered, the page has no offer and no cookie, and is kept.
    const after = await send(server.url, "/blogs", { Cookie: "medium=marathi; ps_lang_offered=1" });
    expect(after.setCookie).toEqual([]);
    expect((await send(server.url, "/blogs", { Cookie: "medium=marathi; ps_lang_offered=1" })).cache).toBe("hit");
    expect(withoutNonce(after)).not.toBe(withoutNonce(offered));
  });

  it("never keeps a page whose route says no-store or private (the report form)", async () => {
    expireAll();
    const [paper] = getModelPapers().byId.keys();
    for (let i = 0; i < 2; i++) {
      const report = await send(server.url, `/report?paper=${paper}`);
      expect(report.status).toBe(200);
      expect(String(report.headers["cache-control"])).toMatch(/no-store/);
      expect(report.cache === "hit").toBe(false);
    }
  });

  it("sends a bad Host header to the page handler's 400, even for a kept page", async () => {
    expireAll();
    expect((await send(server.url, "/")).cache).toBe("miss");
    const bad = await send(server.url, "/", { Host: "bad host" });
    expect(bad.status).toBe(400);
    expect(bad.cache).toBeUndefined();
  });

  it("leaves the API, files, client navigations' data and unknown pages alone", async () => {
    expireAll();
    for (const path of [
      "/api/v1/get-question?subject=math_1&medium=english&standard=10",
      "/robots.txt",
      `${SUBJECT}.data`,
      "/no-such-page",
      "/no-such-page",
    ]) {
      const answer = await send(server.url, path);
      expect(answer.cache === "hit", path).toBe(false);
    }
  });

  it("keys on everything a page's render reads from the request", async () => {
    // Renders of one URL with each cookie and header the app reads, each fresh: wherever two renders
    // differ (or one sets a cookie and the other does not), their keys must differ too.
    const variants: Record<string, string>[] = [
      {},
      { Cookie: "medium=english" },
      { Cookie: "medium=semi_english" },
      { Cookie: "medium=marathi" },
      { Cookie: "medium=marathi; ps_lang=en" },
      { Cookie: "medium=marathi; ps_lang_offered=1" },
      { Cookie: "medium=nonsense" },
      { Cookie: "ps_lang=mr" },
      { Cookie: "unrelated=1" },
      { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      { "User-Agent": "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36" },
      { "Accept-Language": "mr-IN" },
      { Host: "paperstation.example" },
      { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "elsewhere.example" },
    ];
    for (const path of [SUBJECT, "/", "/mr", "/blogs"]) {
      const seen = new Map<string, string>();
      for (const headers of variants) {
        expireAll();
        const answer = await send(server.url, path, headers);
        if (answer.status !== 200) continue;
        const key = pageCacheKey({
          method: "GET",
          originalUrl: path,
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
        } as never);
        if (key === undefined) continue;
        // A response that sets a cookie is never kept, but it must not share a key with one that is: the
        // kept one would reach that visitor without their cookie (the one-time offer, say).
        const content = `${withoutNonce(answer)}\nSet-Cookie: ${answer.setCookie.map((c) => c.split("=")[0]).join()}`;
        const before = seen.get(key);
        if (before !== undefined) expect(content, `${path} with ${JSON.stringify(headers)}`).toBe(before);
        seen.set(key, content);
      }
    }
  });

  it("forgets every page after a catalogue change in this process", async () => {
    const { forgetCaches } = await import("../../server/cache/cache.server.ts");
    expireAll();
    await send(server.url, "/about-us");
    expect((await send(server.url, "/about-us")).cache).toBe("hit");
    // What afterCatalogueChange does first (it then starts a search sync, which this test does not want).
    forgetCaches(server.services.database, "catalogue");
    expect((await send(server.url, "/about-us")).cache).toBe("miss");
  });
});
