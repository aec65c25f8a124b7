/**
 * Defects found by an outside probe and by trying the site as a student (issue 23): each test here failed on the
 * code before the fix. Redirect targets, page form bodies, absolute-form request targets, signed-in caching,
 * session lifetime, the `__Host-` cookie and phone numbers.
 */
import { request as httpRequest } from "node:http";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_ABSOLUTE_MS, sessionsChanged } from "../../server/auth/session.server.ts";
import { sessions, users } from "../../server/db/schema.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { rawRequest } from "../support/raw-http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

/** The probe's redirect payloads, as they arrive in a query string (encoded once more by the URL). */
const REDIRECT_PAYLOADS = [
  "/%09/evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\u0000/evil.example",
  "/%5C/evil.example",
  "/\\evil.example",
  "//evil.example",
  "/mr//evil.example",
  "/mr/%2F/evil.example",
  "/ब्लॉग",
  "/\u0100",
  "https://evil.example/",
];

const raw = rawRequest;

describe("issue 23: requests a probe sends", () => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let cookie: string;
  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      build: await loadBuild(),
      authLimits: { signupPerIp: 1000, loginPerIp: 1000 },
    });
    cookie = (await api(server.url, "/api/v1/signup", { json: newAccount() })).cookie ?? "";
    expect(cookie).not.toBe("");
  });
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  it("sends a signed-in visitor of /login to a same-site path only, whatever redirectTo says", async () => {
    for (const payload of REDIRECT_PAYLOADS) {
      for (const [page, home] of [
        ["/login", "/"],
        ["/mr/login", "/mr"],
        ["/login.data", "/"],
      ] as const) {
        const res = await fetch(`${server.url}${page}?redirectTo=${encodeURIComponent(payload)}`, {
          headers: { Cookie: cookie },
          redirect: "manual",
        });
        const where = `${page} ${JSON.stringify(payload)}`;
        expect(res.status, where).toBeLessThan(500);
        if (page === "/login.data") {
          // A client navigation gets the redirect inside its data: the target must be the fallback.
          const body = await res.text();
          expect(body, where).not.toContain("evil.example");
        } else {
          expect(res.status, where).toBe(302);
          expect(res.headers.get("location"), where).toBe(home);
        }
      }
    }
    // A plain path is still honoured.
    const ok = await fetch(`${server.url}/login?redirectTo=${encodeURIComponent("/blogs?page=2")}`, {
      headers: { Cookie: cookie },
      redirect: "manual",
    });
    expect(ok.headers.get("location")).toBe("/blogs?page=2");
  });

  it("refuses a page form over 16 KB with 413 without reading it, by Content-Length or as it streams", async () => {
    // A 200 MB Content-Length: answered at once, the connection closed, nothing read.
    const answer = await raw(
      server.url,
      "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
        `Content-Length: ${200 * 1024 * 1024}\r\n\r\nintent=sign_in&`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer.toLowerCase()).toContain("connection: close");

    // Chunked, with no length: cut off once past the limit.
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      const chunk = `x=${"a".repeat(4096)}&`;
      for (let i = 0; i < 8; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    // A normal form still works.
    const form = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams({ intent: "sign_in", email_or_phone: "", password: "" }),
    });
    expect(form.status).toBe(400);
  });

  it("answers page form posts of other types with a 4xx, never a 500", async () => {
    const cases: Array<[string, string]> = [
      ["text/plain", "intent=sign_in"],
      ["application/json", '{"intent":"sign_in"}'],
      ["multipart/form-data; boundary=xyz", "--xyz\r\nbroken"],
      ["multipart/form-data", "no boundary"],
    ];
    for (const path of ["/login", "/report", "/mr/login", "/logout"]) {
      for (const [type, body] of cases) {
        const res = await fetch(`${server.url}${path}`, { method: "POST", headers: { "Content-Type": type }, body });
        expect(res.status, `${path} ${type}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${type}`).toBeLessThan(500);
      }
      // A form in an odd charset is still a form: read as the browser's parser reads it, never a 500.
      const odd = await fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded; charset=utf-16" },
        body: "%FF%FE",
      });
      expect(odd.status, path).toBeLessThan(500);
    }
  });

  it("serves an absolute-form request target as its path", async () => {
    const answer = await raw(server.url, "GET http://evil.example/blogs HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    const star = await raw(server.url, "GET * HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    expect(star).toMatch(/^HTTP\/1\.1 400 /);
  });

  it("sends signed-in pages and their data as private, no-store", async () => {
    for (const path of ["/", "/progress", "/maharashtra-board-math-1-question-papers", "/_root.data"]) {
      const res = await fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const anonymous = await fetch(`${server.url}/blogs`);
    expect(anonymous.headers.get("cache-control")).toBe("no-cache");
  });

  it("ends a session 90 days after sign-in however often it is used", async () => {
    const account = newAccount();
    const res = await api(server.url, "/api/v1/signup", { json: account });
    expect((await api(server.url, "/api/v1/me", { cookie: res.cookie })).body.data).not.toBeNull();
    const { db } = server.services.database;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    // Used every day: its sliding expiry is fresh, but it was created more than 90 days ago.
    await db
      .update(sessions)
      .set({
        createdAt: new Date(Date.now() - SESSION_ABSOLUTE_MS - 60_000),
        expiresAt: new Date(Date.now() + 29 * 24 * 3600_000),
      })
      .where(eq(sessions.userId, user?.id ?? ""));
    // Edited in the database behind the app's back: the app's own changes forget the sessions it read (decision 032).
    sessionsChanged(server.services);
    const me = await api(server.url, "/api/v1/me", { cookie: res.cookie });
    expect(me.body.data ?? null).toBeNull();
    const [{ n } = { n: -1 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ""));
    expect(n).toBe(0);
  });

  it("sends the offline pages and SVG files with a policy that forbids framing and script", async () => {
    for (const file of ["/offline.html", "/mr/offline.html", "/favicon.svg", "/images/login-study.svg"]) {
      const res = await fetch(`${server.url}${file}`);
      expect(res.status, file).toBe(200);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, file).toContain("frame-ancestors 'none'");
      expect(csp, file).toMatch(/script-src 'none'|default-src 'none'/);
    }
  });

  it("lands a visitor's link to a later question on the notice that it needs signing in", async () => {
    const paper = "/maharashtra-board-math-1-question-papers/math-1-model-1";
    const visitor = await (await fetch(`${server.url}${paper}`)).text();
    // Q.2's first item is an anchor inside the sign-in notice, which says the rest needs an account.
    const notice = visitor.slice(visitor.indexOf('id="q2a1"'));
    expect(visitor.match(/id="q2a1"/g)).toHaveLength(1);
    expect(notice.slice(0, 4000)).toContain("Sign in free to see the whole paper");
    expect(visitor).toMatch(/id="q1a1"/);
    const student = await (await fetch(`${server.url}${paper}`, { headers: { Cookie: cookie } })).text();
    expect(student.match(/id="q2a1"/g)).toHaveLength(1);
  });

  it("limits the searches one address may send past the caches, on the page and the API alike", async () => {
    const from = { "X-Forwarded-For": "10.23.0.1" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(`unseen words ${i} zqx${i}`)}`, {
        headers: from,
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // The page shares the count, and says so inline, in the visitor's language.
    const page = await fetch(`${server.url}/search?q=${encodeURIComponent("yet another unseen query")}`, {
      headers: from,
    });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("You have searched a lot just now");
    const marathi = await fetch(`${server.url}/mr/search?q=${encodeURIComponent("आणखी एक नवा शोध")}`, {
      headers: from,
    });
    expect(marathi.status).toBe(429);
    expect(await marathi.text()).toContain("तुम्ही आत्ताच खूप शोध घेतले");
    // A cached answer costs nothing, so it is still served; another address is not affected.
    expect((await fetch(`${server.url}/api/v1/search?q=unseen%20words%200%20zqx0`, { headers: from })).status).toBe(
      200,
    );
    const other = await fetch(`${server.url}/api/v1/search?q=fresh`, { headers: { "X-Forwarded-For": "10.23.0.2" } });
    expect(other.status).toBe(200);
  });

  it("answers the sign-in form over the limit as the API does: a 429 and its message, shown on the form", async () => {
    const account = newAccount();
    expect((await api(server.url, "/api/v1/signup", { json: account })).status).toBe(201);
    // No Origin, as an older browser (the test server's SITE_URL is not the address it listens on).
    const signIn = (password: string) =>
      fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "sign_in", email_or_phone: account.email, password }).toString(),
      });
    for (let i = 0; i < 10; i++) expect((await signIn("wrong password")).status).toBe(401);
    const limited = await signIn(account.password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(800);
    const html = await limited.text();
    expect(html).toContain("Too many attempts, try again in 15 minutes");
    // The form keeps what was typed (never the password).
    expect(html).toContain(`value="${account.email}"`);
    expect(html).not.toContain(account.password);
    const viaApi = await api(server.url, "/api/v1/login", {
      json: { email_or_phone: account.email, password: account.password },
    });
    expect(viaApi.status).toBe(429);
    expect(Number(viaApi.headers.get("retry-after"))).toBeGreaterThan(800);
    expect(viaApi.body).toEqual({
      meta: { success: false, message: "Too many attempts, try again in 15 minutes" },
      data: null,
    });
  });

  it("takes a phone number however it is pasted, the same at sign-up and sign-in", async () => {
    const account = newAccount();
    const ten = account.phone.slice(2);
    const pasted = `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`;
    const signup = await api(server.url, "/api/v1/signup", { json: { ...account, phone: pasted } });
    expect(signup.status).toBe(201);
    const [row] = await server.services.database.db
      .select({ phone: users.phone })
      .from(users)
      .where(eq(users.email, account.email));
    expect(row?.phone).toBe(`91${ten}`);
    for (const who of [pasted, `0${ten}`, `91${ten}`, ten, `${ten.slice(0, 5)}-${ten.slice(5)}`]) {
      const res = await api(server.url, "/api/v1/login", { json: { email_or_phone: who, password: account.password } });
      expect(res.status, who).toBe(200);
    }
    // Not an Indian mobile number: a clear message, nothing stored.
    const landline = await api(server.url, "/api/v1/signup", { json: newAccount({ phone: "2025550143" }) });
    expect(landline.status).toBe(400);
    expect(landline.body.meta.message).toContain("starting with 6, 7, 8 or 9");
    const long = await api(server.url, "/api/v1/signup", { json: newAccount({ phone: "9198220999999" }) });
    expect(long.status).toBe(400);
    expect(long.body.meta.message).toContain("10 digits");
  });
});

describe("issue 23: the session cookie on https", () => {
  it("is named with the __Host- prefix, and read by that name", async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    const server = await startTestServer(database, { env: { SITE_URL: "https://paperstation.test" } });
    try {
      const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
      const session = res.setCookie.find((c) => c.startsWith("__Host-ps_session="));
      expect(session).toMatch(/; Path=\/; .*Secure/);
      expect(session).not.toMatch(/Domain=/i);
      expect(res.setCookie.some((c) => c.startsWith("__Host-ps_device="))).toBe(true);
      const token = session?.match(/^__Host-ps_session=([^;]+)/)?.[1];
      const me = await api(server.url, "/api/v1/me", { cookie: `__Host-ps_session=${token}` });
      expect(me.body.data).not.toBeNull();
      // The plain name is not read on https: a cookie planted over http cannot stand in for it.
      const plain = await api(server.url, "/api/v1/me", { cookie: `ps_session=${token}` });
      expect(plain.body.data ?? null).toBeNull();
    } finally {
      await server.close();
      await database.dispose();
    }
  });
});
