/**
 * The profile (issue 26) through the real HTTP server, on both databases: details, password, devices, "Download
 * my data" and deletion, by plain form posts (as without JavaScript) and by the API; what a failure must not
 * change, and what a deletion must remove or keep.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResets, practiceAttempts, problemReports, sessions, users } from "../../server/db/schema.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

describe.each(testDatabases())("the profile on $name", (target) => {
  let server: TestServer;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    const database = await target.open();
    dispose = database.dispose;
    server = await startTestServer(database, {
      build: await loadBuild(),
      authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await dispose?.();
  });

  const db = () => server.services.database.db;
  const fromIp = () => ({ "X-Forwarded-For": `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  const signUp = async () => {
    const account = newAccount();
    const res = await api(server.url, "/api/v1/signup", { json: account, headers: fromIp() });
    expect(res.status).toBe(201);
    return { ...account, cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id };
  };
  const login = (who: string, password: string) =>
    api(server.url, "/api/v1/login", { json: { email_or_phone: who, password }, headers: fromIp() });
  const me = async (cookie: string) => (await api(server.url, "/api/v1/me", { cookie })).body.data;
  const page = (path: string, cookie: string) =>
    fetch(`${server.url}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  /** The profile's form, posted as a browser without JavaScript does. */
  const post = (cookie: string, form: Record<string, string>, path = "/profile") =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", ...fromIp() },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  it("is for a signed-in student only, never stored, and shows the account and this device", async () => {
    const anonymous = await fetch(`${server.url}/profile`, { redirect: "manual" });
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.status).toBeLessThan(400);
    expect(anonymous.headers.get("location")).toMatch(/^\/login\?redirectTo=%2Fprofile/);
    const account = await signUp();
    const res = await page("/profile", account.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain(account.email);
    expect(html).toContain("this device");
    const marathi = await (await page("/mr/profile", account.cookie)).text();
    expect(marathi).toContain("तुमचे खाते");
    expect(marathi).toContain("हेच उपकरण");
  });

  it("saves the name and role, and refuses an empty name with its message", async () => {
    const account = await signUp();
    const bad = await post(account.cookie, { intent: "details", name: "  ", role: "2" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Please enter your name");
    const ok = await post(account.cookie, { intent: "details", name: "Sai Kulkarni", role: "2" });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Your details are saved.");
    const [row] = await db().select().from(users).where(eq(users.id, account.id));
    expect(row).toMatchObject({ name: "Sai Kulkarni", role: 2 });
  });

  it("changes the password with the current one, keeps this device and signs out the others", async () => {
    const account = await signUp();
    const other = (await login(account.email, account.password)).cookie as string;
    const wrong = await post(account.cookie, {
      intent: "password",
      current: "not-my-password",
      password: "a-new-password-2",
      confirm: "a-new-password-2",
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    const mismatch = await post(account.cookie, {
      intent: "password",
      current: account.password,
      password: "a-new-password-2",
      confirm: "a-new-password-3",
    });
    expect(mismatch.status).toBe(400);
    expect(await me(other)).not.toBeNull();
    const ok = await post(account.cookie, {
      intent: "password",
      current: account.password,
      password: "a-new-password-2",
      confirm: "a-new-password-2",
    });
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Your password has been changed.");
    expect(await me(account.cookie)).not.toBeNull();
    expect(await me(other)).toBeNull();
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, "a-new-password-2")).status).toBe(200);
  });

  it("signs out everywhere, this device too", async () => {
    const account = await signUp();
    const other = (await login(account.phone, account.password)).cookie as string;
    const res = await post(account.cookie, { intent: "sign-out-everywhere" });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.headers.get("location")).toBe("/login?tab=sign_in");
    expect(res.headers.getSetCookie().some((c) => /^ps_session=;/.test(c))).toBe(true);
    expect(await me(account.cookie)).toBeNull();
    expect(await me(other)).toBeNull();
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
  });

  it("gives everything stored about the account as one JSON file, and no secret", async () => {
    const account = await signUp();
    const started = await api(server.url, "/api/v1/attempts", {
      json: { paper_id: "math-1-model-1" },
      cookie: account.cookie,
    });
    expect(started.status).toBe(201);
    const res = await page("/api/v1/me/data", account.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="paperstation-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const text = await res.text();
    const data = JSON.parse(text);
    expect(data.account).toMatchObject({ id: account.id, email: account.email, name: account.name });
    expect(data.practiceAttempts).toHaveLength(1);
    expect(data.practiceAttempts[0]).toMatchObject({ paperId: "math-1-model-1" });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/argon2|password_hash|passwordHash|tokenHash/);
    expect((await api(server.url, "/api/v1/me/data")).status).toBe(401);
  });

  it("deletes the account only with the password and the box ticked; everything of it goes, reports stay unlinked", async () => {
    const account = await signUp();
    await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1" }, cookie: account.cookie });
    const reportId = randomUUID();
    await db()
      .insert(problemReports)
      .values({ id: reportId, paperId: "math-1-model-1", reason: "solution", userId: account.id });
    const unticked = await post(account.cookie, { intent: "delete", password: account.password });
    expect(unticked.status).toBe(400);
    expect(await unticked.text()).toContain("Tick the box to say you understand.");
    const wrong = await post(account.cookie, { intent: "delete", password: "not-my-password", confirm: "yes" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("That is not your current password");
    // A failed delete changes nothing.
    expect(await db().select().from(users).where(eq(users.id, account.id))).toHaveLength(1);
    expect(await me(account.cookie)).not.toBeNull();

    const done = await post(
      account.cookie,
      { intent: "delete", password: account.password, confirm: "yes" },
      "/mr/profile",
    );
    expect(done.status).toBeGreaterThanOrEqual(300);
    expect(done.headers.get("location")).toBe("/mr?deleted=1");
    expect(await db().select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(await db().select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);
    expect(await db().select().from(practiceAttempts).where(eq(practiceAttempts.userId, account.id))).toEqual([]);
    expect(await db().select().from(passwordResets).where(eq(passwordResets.userId, account.id))).toEqual([]);
    const [report] = await db().select().from(problemReports).where(eq(problemReports.id, reportId));
    expect(report?.userId).toBeNull();
    expect((await login(account.email, account.password)).status).toBe(401);
    // The same phone and email can sign up again.
    const again = await api(server.url, "/api/v1/signup", {
      json: { ...newAccount(), email: account.email, phone: account.phone },
      headers: fromIp(),
    });
    expect(again.status).toBe(201);
  });

  it("deletes through the API too, with the password; a wrong one is a 400 that changes nothing", async () => {
    const account = await signUp();
    const call = (password: string) =>
      api(server.url, "/api/v1/me", { method: "DELETE", json: { password, confirm: true }, cookie: account.cookie });
    const wrong = await call("not-my-password");
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ meta: { errors: { password: "That is not your current password" } } });
    expect(await me(account.cookie)).not.toBeNull();
    expect(
      (
        await api(server.url, "/api/v1/me", {
          method: "DELETE",
          json: { password: account.password },
          cookie: account.cookie,
        })
      ).status,
    ).toBe(400);
    const done = await call(account.password);
    expect(done.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, account.id))).toEqual([]);
    expect(
      (await api(server.url, "/api/v1/me", { method: "DELETE", json: { password: account.password, confirm: true } }))
        .status,
    ).toBe(401);
  });
});
