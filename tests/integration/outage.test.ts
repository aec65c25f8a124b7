import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../server/db/client.server.ts";
import { sessions, users } from "../../server/db/schema.ts";
import { loadBuild } from "../support/build.ts";
import { newAccount } from "../support/http.ts";
import { postgresBinDir, startOwnPostgres } from "../support/own-postgres.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

type Pg = Awaited<ReturnType<typeof startOwnPostgres>>;

/** Polls `check` until it returns true, or fails after `ms`. A condition, not a sleep. */
async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (await check()) return Date.now() - started;
    // Let I/O run between checks (a bare await only drains microtasks).
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`${what} did not happen within ${ms} ms`);
}

describe.runIf(postgresBinDir())("a database outage under traffic", () => {
  let pg: Pg;
  let server: TestServer;
  const answered: Array<{ kind: string; status: number | "hung" | "network"; email?: string }> = [];

  beforeAll(async () => {
    pg = await startOwnPostgres();
    const database = openPostgres(pg.url, { max: 8 });
    await database.migrate();
    server = await startTestServer(database, {
      build: await loadBuild(),
      authLimits: { signupPerIp: 1_000_000 },
      env: { SAMPLE_PAPERS: "0" },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await server?.services.database.close();
    await pg?.dispose();
  });

  const call = async (kind: string, path: string, init: RequestInit = {}) => {
    try {
      const res = await fetch(`${server.url}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
      const text = await res.text();
      return { status: res.status, text, headers: res.headers };
    } catch (error) {
      const hung = (error as Error).name === "TimeoutError";
      answered.push({ kind, status: hung ? "hung" : "network" });
      return { status: hung ? ("hung" as const) : ("network" as const), text: "", headers: new Headers() };
    }
  };

  let sessionCookie = "";
  const signup = async () => {
    const account = newAccount();
    const res = await call("signup", "/api/v1/signup", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    if (typeof res.status === "number") answered.push({ kind: "signup", status: res.status, email: account.email });
    const cookie = res.headers.get("set-cookie")?.match(/^ps_session=[^;]+/)?.[0];
    if (cookie) sessionCookie = cookie;
    return res;
  };

  it("answers 503 within 5 s, never hangs or exits, recovers by itself, and loses no sign-up", async () => {
    let traffic = true;
    const workers = Array.from({ length: 4 }, async (_, w) => {
      while (traffic) {
        if (w % 2 === 0) await signup();
        else {
          const res = await call("listing", "/api/v1/get-question?subject=math_1&medium=english&standard=10");
          if (typeof res.status === "number") answered.push({ kind: "listing", status: res.status });
        }
      }
    });

    await until("ten sign-ups before the outage", 30_000, async () => {
      return answered.filter((a) => a.kind === "signup" && a.status === 201).length >= 10;
    });

    await pg.stop();
    const stoppedAt = Date.now();
    const apiDown = await until("API 503", 5_000, async () => {
      const res = await signup();
      return res.status === 503;
    });
    expect(apiDown).toBeLessThan(5_000);

    // Listings are served from memory for LISTING_TTL_MS (2 s), then they too need the database.
    let listing: Awaited<ReturnType<typeof call>> | undefined;
    await until("listing 503", 5_000 - (Date.now() - stoppedAt), async () => {
      listing = await call("probe", "/api/v1/get-question?subject=math_1&medium=english&standard=10");
      return listing?.status === 503;
    });
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(JSON.parse(listing?.text ?? "")).toMatchObject({
      meta: { success: false, message: "Service temporarily unavailable" },
    });
    const login = await call("probe", "/api/v1/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email_or_phone: "someone@example.com", password: "whatever-123" }),
    });
    expect(login.status).toBe(503);
    const ready = await call("probe", "/readyz");
    expect(ready.status).toBe(503);
    // A signed-in page needs the session from the database: it explains instead of failing blank.
    const page = await call("probe", "/", { headers: { Cookie: sessionCookie } });
    expect(page.status).toBe(503);
    expect(page.text).toContain("We will be back in a moment");
    // The subject page, the busiest on exam eve, whose listing needs the database once its 2 s cache has expired:
    // 503 with Retry-After, signed in or not, and its own message with Retry (issue 24 §3).
    for (const headers of [{}, { Cookie: sessionCookie }] as Record<string, string>[]) {
      const subject = await call("probe", "/maharashtra-board-math-1-question-papers", { headers });
      expect(subject.status, JSON.stringify(headers)).toBe(503);
      expect(subject.headers.get("retry-after")).toBe("5");
      expect(subject.text).toMatch(/We could not load the question papers|We will be back in a moment/);
    }
    // The console's guard is its layout's middleware, which runs before any loader (decision 021): in an outage it
    // answers the site's 503 page itself, with the page's messages, not a 500 or a page of raw message keys.
    const console503 = await call("probe", "/admin", { headers: { Cookie: sessionCookie } });
    expect(console503.status).toBe(503);
    expect(console503.headers.get("retry-after")).toBe("5");
    expect(console503.text).toContain("We will be back in a moment");
    // Its title too comes from the messages (meta reads them from the refusal).
    expect(console503.text).toContain("<title>Something went wrong | PaperStation</title>");
    expect(Date.now() - stoppedAt).toBeLessThan(15_000);

    await pg.start();
    await until("recovery", 30_000, async () => (await call("probe", "/readyz")).status === 200);
    await until("sign-ups again", 10_000, async () => (await signup()).status === 201);
    expect((await call("probe", "/api/v1/get-question?subject=math_1&medium=english&standard=10")).status).toBe(200);
    // Right after the restart a signed-in page's query can still fail once on the pool (one 503 in about five runs
    // here, after /readyz, a sign-up and the listing had succeeded; which connection state causes it is not
    // established): the page must come back within seconds, not necessarily at the first request.
    let back: Awaited<ReturnType<typeof call>> | undefined;
    await until("signed-in pages again", 10_000, async () => {
      back = await call("probe", "/", { headers: { Cookie: sessionCookie } });
      return back.status === 200;
    });
    expect(back?.text).toContain("Logout");

    traffic = false;
    await Promise.all(workers);

    expect(answered.filter((a) => a.status === "hung")).toEqual([]);
    const statuses = new Set(answered.map((a) => a.status));
    for (const status of statuses) expect([200, 201, 503]).toContain(status);

    // Every sign-up the client saw succeed is stored whole: the user and its session.
    const created = answered.filter((a) => a.kind === "signup" && a.status === 201).map((a) => a.email ?? "");
    const { db } = server.services.database;
    const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, created));
    expect(rows.map((r) => r.email).sort()).toEqual([...created].sort());
    const withSession = await db
      .selectDistinct({ userId: sessions.userId })
      .from(sessions)
      .where(
        inArray(
          sessions.userId,
          rows.map((r) => r.id),
        ),
      );
    expect(withSession.length).toBe(rows.length);
    // And nothing half-written: no account without its first session.
    const all = await db.select({ id: users.id }).from(users);
    const allSessions = await db.selectDistinct({ userId: sessions.userId }).from(sessions);
    expect(allSessions.length).toBe(all.length);
  }, 180_000);
});
