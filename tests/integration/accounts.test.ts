import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/auth.ts";
import { sessions, users } from "../../server/db/schema.ts";
import { createMemoryRateLimiter, createRedisRateLimiter } from "../../server/http/rate-limit.server.ts";
import { createLogger } from "../../server/logger.server.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

describe.each(testDatabases())("accounts API on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  // Generous limits here; the rate-limit suites below use the real ones.
  const open = async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, { authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 } });
  };
  beforeAll(open);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });
  const post = (path: string, json: unknown, extra: Parameters<typeof api>[2] = {}) =>
    api(server.url, path, { json, ...extra });
  const db = () => server.services.database.db;

  describe("POST /api/v1/signup", () => {
    it("creates the account, answers 201 with user_id and signs the user in", async () => {
      const account = newAccount();
      const res = await post("/api/v1/signup", account);
      expect(res.status).toBe(201);
      expect(res.body.meta.success).toBe(true);
      expect(res.body.data).toMatchObject({ user_id: expect.any(String), name: account.name, role: 1 });
      expect(res.cookie).toMatch(/^ps_session=[A-Za-z0-9_-]{43}$/);
      const me = await api(server.url, "/api/v1/me", { cookie: res.cookie });
      expect(me.status).toBe(200);
      expect(me.body.data).toEqual({
        user_id: (res.body.data as { user_id: string }).user_id,
        name: account.name,
        role: 1,
      });
    });

    it("stores an argon2id hash with at least m=19 MiB, t=2, p=1, and never returns it", async () => {
      const account = newAccount();
      const res = await post("/api/v1/signup", account);
      const [row] = await db().select().from(users).where(eq(users.email, account.email));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/);
      const [, m, t, p] = row?.passwordHash.match(/m=(\d+),t=(\d+),p=(\d+)/) ?? [];
      expect(Number(m)).toBeGreaterThanOrEqual(19_456);
      expect(Number(t)).toBeGreaterThanOrEqual(2);
      expect(Number(p)).toBe(1);
      expect(JSON.stringify(res.body)).not.toContain(account.password);
      expect(JSON.stringify(res.body)).not.toContain("argon2");
    });

    it("sets the session cookie HttpOnly, SameSite=Lax, Path=/ for 30 days, not Secure on http", async () => {
      const res = await post("/api/v1/signup", newAccount());
      const cookie = res.setCookie.find((c) => c.startsWith("ps_session="));
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Max-Age=(2592000|2591999)(;|$)/);
      expect(cookie).not.toMatch(/Secure/);
    });

    it("normalises a 10-digit phone to 91 + 10 digits and treats an absent role as none", async () => {
      const account = newAccount();
      const tenDigits = account.phone.slice(2);
      const { role: _role, ...withoutRole } = account;
      const res = await post("/api/v1/signup", { ...withoutRole, phone: tenDigits });
      expect(res.status).toBe(201);
      const [row] = await db().select().from(users).where(eq(users.email, account.email));
      expect(row?.phone).toBe(account.phone);
      expect(row?.role).toBeNull();
    });

    it("refuses a duplicate email that differs only in case with 409 naming the field", async () => {
      const account = newAccount();
      expect((await post("/api/v1/signup", account)).status).toBe(201);
      const again = newAccount({ email: account.email.toUpperCase() });
      const res = await post("/api/v1/signup", again);
      expect(res.status).toBe(409);
      expect(res.body.meta.success).toBe(false);
      expect(res.body.meta.message).toMatch(/email/i);
      expect(res.body.meta.errors).toHaveProperty("email");
    });

    it("refuses a duplicate phone with 409 naming the field", async () => {
      const account = newAccount();
      expect((await post("/api/v1/signup", account)).status).toBe(201);
      const res = await post("/api/v1/signup", newAccount({ phone: account.phone.slice(2) }));
      expect(res.status).toBe(409);
      expect(res.body.meta.message).toMatch(/phone/i);
    });

    it.each([
      ["name", { name: "" }],
      ["name", { name: 42 }],
      ["email", { email: "not an email" }],
      ["email", { email: "a b@example.com" }],
      ["phone", { phone: "12345" }],
      ["phone", { phone: "9198765432101" }],
      ["phone", { phone: "98765-4321" }],
      ["phone", { phone: "5876543210" }],
      ["password", { password: "short" }],
      ["password", { password: "x".repeat(129) }],
      ["password", { password: 12345678 }],
      ["role", { role: 4 }],
      ["role", { role: "1" }],
    ])("answers 400 naming %s for %j", async (field, change) => {
      const res = await post("/api/v1/signup", newAccount(change));
      expect(res.status).toBe(400);
      expect(res.body.meta.success).toBe(false);
      expect(res.body.meta.message.startsWith(`${field}:`)).toBe(true);
      expect(res.body.meta.errors).toHaveProperty(field);
    });

    it("answers 400 naming a missing field", async () => {
      const { email: _email, ...rest } = newAccount();
      const res = await post("/api/v1/signup", rest);
      expect(res.status).toBe(400);
      expect(res.body.meta.errors).toHaveProperty("email");
    });

    it("uses the spec's messages for email and password", async () => {
      const res = await post("/api/v1/signup", newAccount({ email: "bad", password: "short" }));
      expect(res.body.meta.errors).toMatchObject({ email: MESSAGES.invalidEmail, password: MESSAGES.shortPassword });
    });
  });

  describe("POST /api/v1/login", () => {
    const account = newAccount();
    beforeAll(async () => {
      expect((await post("/api/v1/signup", account)).status).toBe(201);
    });

    it.each([
      ["email", () => account.email],
      ["email in another case", () => account.email.toUpperCase()],
      ["10-digit phone", () => account.phone.slice(2)],
      ["12-digit phone", () => account.phone],
    ])("signs in with the %s", async (_label, who) => {
      const res = await post("/api/v1/login", { email_or_phone: who(), password: account.password });
      expect(res.status).toBe(200);
      expect(res.body.meta.message).toBe("User logged in");
      expect(res.body.data).toMatchObject({ user_id: expect.any(String) });
      expect(res.cookie).toMatch(/^ps_session=/);
    });

    it("answers 401 with one message whichever part was wrong", async () => {
      const attempts = [
        { email_or_phone: account.email, password: "wrong password" },
        { email_or_phone: "nobody@example.com", password: account.password },
        { email_or_phone: "9100000000", password: account.password },
      ];
      const messages = new Set<string>();
      for (const attempt of attempts) {
        const res = await post("/api/v1/login", attempt);
        expect(res.status).toBe(401);
        expect(res.cookie).toBeNull();
        messages.add(res.body.meta.message);
      }
      expect([...messages]).toEqual([MESSAGES.invalidCredentials]);
    });

    it.each([["12345"], ["12345678901"], ["9198765432100"], ["not-an-email"], [""]])(
      "answers 400 for the identifier %j",
      async (who) => {
        const res = await post("/api/v1/login", { email_or_phone: who, password: account.password });
        expect(res.status).toBe(400);
        expect(res.body.meta.errors).toHaveProperty("email_or_phone");
      },
    );
  });

  describe("sessions", () => {
    const signUp = async () => {
      const res = await post("/api/v1/signup", newAccount());
      if (!res.cookie) throw new Error("no session cookie");
      return { cookie: res.cookie, userId: (res.body.data as { user_id: string }).user_id };
    };
    const me = (cookie: string | null) => api(server.url, "/api/v1/me", { cookie });

    it("answers /me for a visitor with 200 and no user, not an error (issue 23)", async () => {
      const res = await me(null);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ meta: { success: true, message: "Not signed in" }, data: null });
    });

    it("logout ends the session, deletes the row and clears the cookie", async () => {
      const { cookie, userId } = await signUp();
      const res = await post("/api/v1/logout", { user_id: userId }, { cookie });
      expect(res.status).toBe(200);
      expect(res.setCookie.some((c) => /^ps_session=;.*Max-Age=0/.test(c))).toBe(true);
      expect((await me(cookie)).body.data).toBeNull();
      const rows = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(rows).toEqual([]);
    });

    it("logout answers 200 when already signed out, and never trusts the body's user_id", async () => {
      const victim = await signUp();
      const res = await post("/api/v1/logout", { user_id: victim.userId });
      expect(res.status).toBe(200);
      expect((await me(victim.cookie)).status).toBe(200);
    });

    it("rejects a tampered cookie", async () => {
      const { cookie } = await signUp();
      const token = cookie.slice("ps_session=".length);
      const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
      expect((await me(`ps_session=${flipped}`)).body.data).toBeNull();
      expect((await me(`ps_session=${randomBytes(32).toString("base64url")}`)).body.data).toBeNull();
      expect((await me("ps_session=../../etc/passwd")).body.data).toBeNull();
    });

    it("rejects an expired session and removes it", async () => {
      const { cookie, userId } = await signUp();
      await db()
        .update(sessions)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(sessions.userId, userId));
      expect((await me(cookie)).body.data).toBeNull();
      expect(await db().select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    });

    it("renews a session on use and sends the cookie again", async () => {
      const { cookie, userId } = await signUp();
      await db().update(sessions).set({ expiresAt: sql`now() + interval '2 days'` }).where(eq(sessions.userId, userId));
      const res = await me(cookie);
      expect(res.status).toBe(200);
      expect(res.setCookie.some((c) => c.startsWith(`${cookie};`))).toBe(true);
      const [row] = await db().select().from(sessions).where(eq(sessions.userId, userId));
      expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    });

    it("signs out a user deleted in the database, and a session deleted in the database", async () => {
      const a = await signUp();
      await db().delete(users).where(eq(users.id, a.userId));
      expect((await me(a.cookie)).body.data).toBeNull();
      const b = await signUp();
      await db().delete(sessions).where(eq(sessions.userId, b.userId));
      expect((await me(b.cookie)).body.data).toBeNull();
    });
  });

  describe("bad input", () => {
    it("answers 400 for a body that is not JSON", async () => {
      const res = await api(server.url, "/api/v1/login", {
        method: "POST",
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expect(res.status).toBe(400);
      expect(res.body.meta.success).toBe(false);
    });

    it("answers 415 for another content type", async () => {
      for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
        const res = await api(server.url, "/api/v1/signup", {
          method: "POST",
          body: "name=a",
          headers: { "Content-Type": type },
        });
        expect(res.status, type).toBe(415);
      }
      const none = await api(server.url, "/api/v1/logout", { method: "POST" });
      expect(none.status).toBe(415);
    });

    it("answers 413 for a body over 16 KB", async () => {
      const res = await post("/api/v1/signup", newAccount({ name: "x".repeat(17 * 1024) }));
      expect(res.status).toBe(413);
      expect(res.body.meta.success).toBe(false);
    });

    it("answers 400 for JSON that is not an object", async () => {
      for (const body of [[], "text", 42, null]) {
        expect((await post("/api/v1/login", body)).status).toBe(400);
      }
    });

    it("refuses a cross-site Origin and accepts our own", async () => {
      const bad = await post(
        "/api/v1/login",
        { email_or_phone: "a@b.co", password: "whatever1" },
        {
          headers: { Origin: "https://evil.example" },
        },
      );
      expect(bad.status).toBe(403);
      const ours = await post(
        "/api/v1/login",
        { email_or_phone: "a@b.co", password: "whatever1" },
        {
          headers: { Origin: server.services.config.siteUrl },
        },
      );
      expect(ours.status).toBe(401);
    });

    it("never answers 5xx to random JSON at the three POST endpoints (property)", async () => {
      const value = fc.oneof(fc.jsonValue(), fc.string(), fc.integer(), fc.constant(null));
      const body = fc.oneof(
        fc.jsonValue(),
        fc.record(
          {
            name: value,
            email: value,
            phone: value,
            password: value,
            role: value,
            email_or_phone: value,
            user_id: value,
          },
          { requiredKeys: [] },
        ),
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("/api/v1/signup", "/api/v1/login", "/api/v1/logout"),
          body,
          async (path, json) => {
            const res = await fetch(`${server.url}${path}`, {
              method: "POST",
              headers: { "Content-Type": "application/json" },
              body: JSON.stringify(json) ?? "null",
            });
            await res.arrayBuffer();
            return res.status < 500;
          },
        ),
        { numRuns: 150, seed: 20261122 },
      );
    });
  });
});

describe("secure cookies on https", () => {
  it("marks the session cookie Secure when SITE_URL is https", async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    const server = await startTestServer(database, { env: { SITE_URL: "https://paperstation.test" } });
    try {
      const res = await api(server.url, "/api/v1/signup", { json: newAccount() });
      expect(res.status).toBe(201);
      expect(res.setCookie.find((c) => c.startsWith("__Host-ps_session="))).toMatch(/; Secure/);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    } finally {
      await server.close();
      await database.dispose();
    }
  });
});

const limiterKinds = [
  { name: "memory", redis: false },
  ...(process.env.TEST_REDIS_URL ? [{ name: "redis", redis: true }] : []),
];

describe.each(limiterKinds)("rate limits in $name", ({ redis }) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  let clock = Date.now();

  beforeAll(async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    dispose = database.dispose;
    const rateLimiter = redis
      ? createRedisRateLimiter(
          process.env.TEST_REDIS_URL ?? "",
          createLogger("silent"),
          `ps:test:${randomBytes(4).toString("hex")}:`,
        )
      : createMemoryRateLimiter(() => clock);
    server = await startTestServer(database, { rateLimiter });
  });
  afterAll(async () => {
    await server?.close();
    await server?.services.rateLimiter.close();
    await dispose?.();
  });

  const fromIp = (ip: string) => ({ headers: { "X-Forwarded-For": ip } });
  const login = (who: string, password: string, ip: string) =>
    api(server.url, "/api/v1/login", { json: { email_or_phone: who, password }, ...fromIp(ip) });

  /** The window passing: the fake clock jumps; Redis is checked in its own suite below. */
  const windowPasses = async (attempt: () => Promise<number>) => {
    if (redis) return 200;
    clock += 60 * 60 * 1000 + 1000;
    return attempt();
  };

  it("locks an account after 10 failed logins, says when, and the window resets it", async () => {
    const account = newAccount();
    expect((await api(server.url, "/api/v1/signup", { json: account, ...fromIp("10.0.0.1") })).status).toBe(201);
    for (let i = 0; i < 10; i++) {
      // Spread over IPs: this is the per-account limit.
      expect((await login(account.email, "wrong password", `10.0.1.${i}`)).status).toBe(401);
    }
    const locked = await login(account.email, account.password, "10.0.2.1");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(locked.body.meta.message).toMatch(/^Too many attempts, try again in \d+ minutes?$/);
    expect(await windowPasses(async () => (await login(account.email, account.password, "10.0.2.2")).status)).toBe(200);
  });

  it("a successful login resets the account's failure count", async () => {
    const account = newAccount();
    expect((await api(server.url, "/api/v1/signup", { json: account, ...fromIp("10.1.0.1") })).status).toBe(201);
    for (let i = 0; i < 9; i++) expect((await login(account.email, "wrong password", "10.1.0.2")).status).toBe(401);
    expect((await login(account.email, account.password, "10.1.0.3")).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(account.email, "wrong password", "10.1.0.4")).status).toBe(401);
    expect((await login(account.email, account.password, "10.1.0.5")).status).toBe(200);
  });

  it("blocks an IP after 30 failed logins across accounts", async () => {
    const ip = "10.2.0.1";
    for (let i = 0; i < 30; i++) {
      expect((await login(`nobody${i}@example.com`, "wrong password", ip)).status).toBe(401);
    }
    expect((await login("someone-else@example.com", "wrong password", ip)).status).toBe(429);
    expect((await login("someone-else@example.com", "wrong password", "10.2.0.2")).status).toBe(401);
  });

  const statuses = (results: Array<{ status: number }>) => {
    const counts: Record<number, number> = {};
    for (const { status } of results) counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  };

  it("100 wrong passwords sent at once for one account: exactly 10 are checked, the rest get 429", async () => {
    const account = newAccount();
    expect((await api(server.url, "/api/v1/signup", { json: account, ...fromIp("10.4.0.1") })).status).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(account.email, "wrong password", `10.4.${1 + (i >> 6)}.${i & 63}`)),
    );
    expect(statuses(results)).toEqual({ 401: 10, 429: 90 });
  });

  it("100 wrong logins sent at once from one address on different accounts: exactly 30 are checked", async () => {
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(`burst${i}@example.com`, "wrong password", "10.5.0.1")),
    );
    expect(statuses(results)).toEqual({ 401: 30, 429: 70 });
  });

  it("an account's email and phone share one counter", async () => {
    const account = newAccount();
    expect((await api(server.url, "/api/v1/signup", { json: account, ...fromIp("10.6.0.1") })).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await login(account.email, "wrong password", `10.6.1.${i}`)).status).toBe(401);
    const tenDigits = account.phone.slice(2);
    for (let i = 0; i < 5; i++) expect((await login(tenDigits, "wrong password", `10.6.2.${i}`)).status).toBe(401);
    expect((await login(account.phone, account.password, "10.6.3.1")).status).toBe(429);
    expect((await login(account.email.toUpperCase(), account.password, "10.6.3.2")).status).toBe(429);
  });

  const deviceOf = (setCookie: string[]) => setCookie.map((c) => c.match(/^ps_device=([^;]+)/)?.[1]).find(Boolean);
  const loginOn = (who: string, password: string, ip: string, device: string | undefined) =>
    api(server.url, "/api/v1/login", {
      json: { email_or_phone: who, password },
      headers: { "X-Forwarded-For": ip, ...(device ? { Cookie: `ps_device=${device}` } : {}) },
    });

  it("lets the owner in from a browser they used before while strangers' guesses lock the account", async () => {
    const account = newAccount();
    const signup = await api(server.url, "/api/v1/signup", { json: account, ...fromIp("10.7.0.1") });
    const device = deviceOf(signup.setCookie);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(signup.setCookie.find((c) => c.startsWith("ps_device="))).toMatch(/HttpOnly/i);
    for (let i = 0; i < 10; i++) expect((await login(account.email, "wrong password", `10.7.1.${i}`)).status).toBe(401);
    // A new browser, even with the right password, waits: the guessing limit holds.
    expect((await login(account.email, account.password, "10.7.2.1")).status).toBe(429);
    // The owner's own phone gets in, and its device cookie is replaced.
    const owner = await loginOn(account.email, account.password, "10.7.2.1", device);
    expect(owner.status).toBe(200);
    const next = deviceOf(owner.setCookie);
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(device);
    // The old cookie no longer counts as known; the new one does.
    expect((await loginOn(account.email, account.password, "10.7.2.2", device)).status).toBe(429);
    expect((await loginOn(account.email, account.password, "10.7.2.3", next)).status).toBe(200);
  });

  it("a device cookie helps only its own account, and guesses from it are limited too", async () => {
    const owner = newAccount();
    const other = newAccount();
    const first = await api(server.url, "/api/v1/signup", { json: owner, ...fromIp("10.8.0.1") });
    expect((await api(server.url, "/api/v1/signup", { json: other, ...fromIp("10.8.0.2") })).status).toBe(201);
    const device = deviceOf(first.setCookie);
    for (let i = 0; i < 10; i++) expect((await login(other.email, "wrong password", `10.8.1.${i}`)).status).toBe(401);
    expect((await loginOn(other.email, other.password, "10.8.2.1", device)).status).toBe(429);
    // Ten wrong passwords from the known device itself lock that device as well.
    for (let i = 0; i < 10; i++) {
      expect((await loginOn(owner.email, "wrong password", "10.8.3.1", device)).status).toBe(401);
    }
    expect((await loginOn(owner.email, owner.password, "10.8.3.1", device)).status).toBe(429);
  });

  it("a school lab's address blocked by 30 failures still lets a student in from their own known phone", async () => {
    const student = newAccount();
    const signup = await api(server.url, "/api/v1/signup", { json: student, ...fromIp("10.9.0.1") });
    const lab = "10.9.9.9";
    for (let i = 0; i < 30; i++) expect((await login(`lab${i}@example.com`, "wrong password", lab)).status).toBe(401);
    expect((await login(student.email, student.password, lab)).status).toBe(429);
    expect((await loginOn(student.email, student.password, lab, deviceOf(signup.setCookie))).status).toBe(200);
  });

  it("allows 10 sign-ups per IP per hour, then 429 with Retry-After", async () => {
    const ip = "10.3.0.1";
    for (let i = 0; i < 10; i++) {
      expect((await api(server.url, "/api/v1/signup", { json: newAccount(), ...fromIp(ip) })).status).toBe(201);
    }
    const over = await api(server.url, "/api/v1/signup", { json: newAccount(), ...fromIp(ip) });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(over.body).toEqual({
      meta: { success: false, message: "Too many attempts, try again in 60 minutes" },
      data: null,
    });
    const after = await windowPasses(
      async () => (await api(server.url, "/api/v1/signup", { json: newAccount(), ...fromIp(ip) })).status,
    );
    expect([200, 201]).toContain(after);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("Redis rate-limit windows", () => {
  it("expire on their own, so a locked account and IP can try again", async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    const rateLimiter = createRedisRateLimiter(
      process.env.TEST_REDIS_URL ?? "",
      createLogger("silent"),
      `ps:test:${randomBytes(4).toString("hex")}:`,
    );
    const windowMs = 2000;
    const server = await startTestServer(database, {
      rateLimiter,
      authLimits: { loginPerAccount: 1, loginWindowMs: windowMs, signupPerIp: 1, signupWindowMs: windowMs },
    });
    try {
      const headers = { "X-Forwarded-For": "10.9.0.1" };
      const account = newAccount();
      expect((await api(server.url, "/api/v1/signup", { json: account, headers })).status).toBe(201);
      expect((await api(server.url, "/api/v1/signup", { json: newAccount(), headers })).status).toBe(429);
      const login = (password: string) =>
        api(server.url, "/api/v1/login", { json: { email_or_phone: account.email, password }, headers });
      expect((await login("wrong password")).status).toBe(401);
      expect((await login(account.password)).status).toBe(429);
      // Wait for the condition (the key's expiry in Redis), bounded well above the window.
      const deadline = Date.now() + 10 * windowMs;
      let status = 429;
      while (status === 429 && Date.now() < deadline) status = (await login(account.password)).status;
      expect(status).toBe(200);
      status = 429;
      while (status === 429 && Date.now() < deadline) {
        status = (await api(server.url, "/api/v1/signup", { json: newAccount(), headers })).status;
      }
      expect(status).toBe(201);
    } finally {
      await server.close();
      await rateLimiter.close();
      await database.dispose();
    }
  });
});

describe("client addresses", () => {
  it("by default no X-Forwarded-For is believed: a client cannot pick its own rate-limit bucket", async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const database = await pglite.open();
    // TRUST_PROXY unset: the production default (the test helper otherwise trusts loopback).
    const server = await startTestServer(database, { env: { TRUST_PROXY: "" }, authLimits: { loginPerIp: 3 } });
    try {
      const attempt = (i: number) =>
        api(server.url, "/api/v1/login", {
          json: { email_or_phone: `spoof${i}@example.com`, password: "wrong password" },
          headers: { "X-Forwarded-For": `10.7.0.${i}` },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).status).toBe(401);
      expect((await attempt(3)).status).toBe(429);
    } finally {
      await server.close();
      await server.services.rateLimiter.close();
      await database.dispose();
    }
  });
});
