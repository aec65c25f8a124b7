/**
 * Password reset by email (issue 26) through the real HTTP server, on both databases, sending through a real SMTP
 * server started here: the API's one answer, the link that works once for 30 minutes, the sessions it ends, the
 * limits, the pages without JavaScript, and what it must not touch (attempts).
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  RESET_DONE,
  RESET_LIMITS,
  RESET_LINK_INVALID,
  RESET_REQUESTED,
} from "../../server/auth/password-reset.server.ts";
import { auditLog, parentalConsents, passwordResets, practiceAttempts, users } from "../../server/db/schema.ts";
import { OUTBOX_KEEP_MS, outboxDir } from "../../server/mail/mail.server.ts";
import { sweep } from "../../server/start.server.ts";
import { signUpAdmin, signUpStudent } from "../support/admin.ts";
import { loadBuild } from "../support/build.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startMailingServer, startTestServer, type TestServer } from "../support/server.ts";
import { resetToken, type TestSmtp } from "../support/smtp.ts";

describe.each(testDatabases())("password reset on $name", (target) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startMailingServer(target));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  // Each test asks from its own address (TRUST_PROXY is loopback in tests), so the per-address limit is its own.
  const fromIp = () => ({ "X-Forwarded-For": `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  const signUp = async () => {
    const account = newAccount();
    const res = await api(server.url, "/api/v1/signup", { json: account, headers: fromIp() });
    expect(res.status).toBe(201);
    return { ...account, cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id };
  };
  const ask = (email_or_phone: unknown, headers = fromIp(), lang?: string) =>
    api(server.url, "/api/v1/password-reset", { json: { email_or_phone, ...(lang ? { lang } : {}) }, headers });
  const confirm = (token: unknown, password: unknown) =>
    api(server.url, "/api/v1/password-reset/confirm", { json: { token, password }, headers: fromIp() });
  const login = (email_or_phone: string, password: string) =>
    api(server.url, "/api/v1/login", { json: { email_or_phone, password }, headers: fromIp() });

  it("answers a known and an unknown account alike, and mails only the account, in its language", async () => {
    const account = await signUp();
    const known = await ask(account.email.toUpperCase(), fromIp(), "mr");
    const unknown = await ask(`nobody-${randomBytes(4).toString("hex")}@example.com`);
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toMatchObject({ meta: { success: true, message: RESET_REQUESTED } });
    const mail = await smtp.next(account.email);
    expect(mail.subject).toBe("PaperStation साठी नवीन पासवर्ड ठेवा");
    expect(mail.text).toContain(`नमस्कार ${account.name},`);
    expect(mail.text).toMatch(/\/mr\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.html).toContain("नवीन पासवर्ड ठेवा</a>");
    await server.services.mailer.idle();
    expect(smtp.received.filter((m) => m.to.startsWith("nobody-"))).toEqual([]);
  });

  it("writes to the account in its own language: the sign-up page's, then the one it switched to", async () => {
    const account = newAccount();
    const signup = await api(server.url, "/api/v1/signup", { json: { ...account, lang: "mr" }, headers: fromIp() });
    expect(signup.status).toBe(201);
    // Asked from an English page: the account's language still decides.
    expect((await ask(account.email, fromIp(), "en")).status).toBe(202);
    expect((await smtp.next(account.email)).subject).toBe("PaperStation साठी नवीन पासवर्ड ठेवा");
    const switched = await fetch(`${server.url}/language/en?next=%2F`, {
      headers: { Cookie: signup.cookie as string },
      redirect: "manual",
    });
    expect(switched.status).toBe(303);
    expect((await ask(account.email, fromIp(), "mr")).status).toBe(202);
    expect((await smtp.next(account.email, 1)).subject).toBe("Choose a new PaperStation password");
    expect((await api(server.url, "/api/v1/signup", { json: { ...newAccount(), lang: "fr" } })).status).toBe(400);
  });

  it("sets a new password once through the link, ends every session, and leaves the attempts alone", async () => {
    const account = await signUp();
    const second = await login(account.email, account.password);
    expect(second.status).toBe(200);
    const started = await api(server.url, "/api/v1/attempts", {
      json: { paper_id: "math-1-model-1" },
      cookie: account.cookie,
    });
    expect(started.status).toBe(201);

    // Asked by phone (10 digits, as a student types it): the link goes to the account's email, in English.
    expect((await ask(account.phone.slice(2))).status).toBe(202);
    const mail = await smtp.next(account.email);
    expect(mail.subject).toBe("Choose a new PaperStation password");
    const token = resetToken(mail);
    const rows = await server.services.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.id));
    expect(rows).toHaveLength(1);
    // Only the hash is stored.
    expect(rows[0]?.tokenHash).not.toContain(token);
    expect(rows[0]?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60 * 1000);

    const page = await fetch(`${server.url}/reset-password?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    expect(await page.text()).toContain('name="confirm"');

    const done = await confirm(token, "a-new-password-2");
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ meta: { message: RESET_DONE } });
    for (const cookie of [account.cookie, second.cookie]) {
      expect((await api(server.url, "/api/v1/me", { cookie })).body.data).toBeNull();
    }
    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, "a-new-password-2")).status).toBe(200);
    // Once only.
    const again = await confirm(token, "a-third-password-3");
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ meta: { success: false, message: RESET_LINK_INVALID } });
    const attempts = await server.services.database.db
      .select()
      .from(practiceAttempts)
      .where(eq(practiceAttempts.userId, account.id));
    expect(attempts).toHaveLength(1);
  });

  it("refuses an expired link, on the page and in the API, and keeps the password", async () => {
    const account = await signUp();
    await ask(account.email);
    const token = resetToken(await smtp.next(account.email));
    await server.services.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, account.id));
    const page = await (await fetch(`${server.url}/reset-password?token=${token}`)).text();
    expect(page).toContain("This link has expired or was already used");
    expect(page).not.toContain('name="confirm"');
    expect((await confirm(token, "a-new-password-2")).status).toBe(400);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it("answers bad input with a 400 and a message", async () => {
    for (const [body, field] of [
      [{}, "email_or_phone"],
      [{ email_or_phone: "not an address" }, "email_or_phone"],
      [{ email_or_phone: 42 }, "email_or_phone"],
      [{ email_or_phone: "a@example.com", lang: "fr" }, "lang"],
    ] as const) {
      const res = await api(server.url, "/api/v1/password-reset", { json: body, headers: fromIp() });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((res.body.meta as { errors: Record<string, string> }).errors[field]).toEqual(expect.any(String));
    }
    expect((await confirm("x".repeat(500), "long-enough-1")).status).toBe(400);
    expect((await confirm("a".repeat(43), "short")).body).toMatchObject({
      meta: { errors: { password: "Password must be at least 8 characters long" } },
    });
    expect((await confirm("a".repeat(43), "long-enough-1")).body).toMatchObject({
      meta: { message: RESET_LINK_INVALID },
    });
  });

  it("limits an address (429 with Retry-After) and an account (no more links, the same answer)", async () => {
    const ip = fromIp();
    const account = await signUp();
    for (let i = 0; i < RESET_LIMITS.perIp; i += 1) expect((await ask(`x${i}@example.com`, ip)).status).toBe(202);
    const refused = await ask(account.email, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let i = 0; i < RESET_LIMITS.perAccount + 2; i += 1) expect((await ask(account.email)).status).toBe(202);
    await server.services.mailer.idle();
    expect(smtp.count(account.email)).toBe(RESET_LIMITS.perAccount);
  });

  it("mails no link to an account whose parent has not agreed yet, with the same answer, and does once they agree", async () => {
    const child = newAccount();
    const parent = `parent-${randomBytes(4).toString("hex")}@example.com`;
    const signup = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: parent },
      headers: fromIp(),
    });
    expect(signup.status).toBe(202);
    const unknown = await ask(`nobody-${randomBytes(4).toString("hex")}@example.com`);
    for (const who of [child.email, child.phone]) {
      const waiting = await ask(who);
      expect(waiting.status).toBe(202);
      expect(waiting.body).toEqual(unknown.body);
    }
    await server.services.mailer.idle();
    expect(smtp.count(child.email)).toBe(0);
    expect(smtp.count(parent)).toBe(1); // the consent link, and nothing else

    await server.services.database.db
      .update(parentalConsents)
      .set({ givenAt: new Date(), tokenHash: null })
      .where(eq(parentalConsents.parentEmail, parent));
    expect((await ask(child.email)).status).toBe(202);
    expect(resetToken(await smtp.next(child.email))).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("works without JavaScript: both pages' forms, in English and Marathi", async () => {
    const account = await signUp();
    const post = (path: string, form: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        // No Origin, as some older browsers send a form (the Origin checks are tested with the sign-in forms).
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...fromIp() },
        body: new URLSearchParams(form),
      });
    const empty = await post("/forgot-password", { email_or_phone: "" });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Please enter your phone number or email");
    const asked = await post("/mr/forgot-password", { email_or_phone: account.email });
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    expect(await asked.text()).toContain("त्याच्या ईमेलवर आम्ही लिंक पाठवली आहे");
    const token = resetToken(await smtp.next(account.email));

    const mismatch = await post(`/mr/reset-password?token=${token}`, {
      token,
      password: "a-new-password-2",
      confirm: "another-password-3",
    });
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain("दोन्ही पासवर्ड सारखे नाहीत");
    const done = await post(`/mr/reset-password?token=${token}`, {
      token,
      password: "a-new-password-2",
      confirm: "a-new-password-2",
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain("तुमचा पासवर्ड बदलला आहे");
    expect(done.headers.getSetCookie().some((c) => /^ps_session=;/.test(c))).toBe(true);
    const [row] = await server.services.database.db.select().from(users).where(eq(users.id, account.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(account.phone, "a-new-password-2")).status).toBe(200);
  });

  it("lets an admin find a student and make a link to read out, in the audit log; a student gets the 404", async () => {
    const account = await signUpAdmin(server).then(async ({ cookie }) => ({ cookie, student: await signUp() }));
    const console = (p: string, init: RequestInit = {}, cookie = account.cookie) =>
      fetch(`${server.url}${p}`, { ...init, headers: { Cookie: cookie, ...init.headers } });
    const found = await console(`/admin/accounts?who=${account.student.phone.slice(2)}`);
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(account.student.name);
    expect(html).toContain("Make a reset link");
    const made = await console("/admin/accounts", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ userId: account.student.id, lang: "mr" }),
    });
    expect(made.status).toBe(200);
    const token = (await made.text()).match(/\/mr\/reset-password\?token=([A-Za-z0-9_-]{43})/)?.[1] as string;
    expect(token).toBeDefined();
    const [entry] = await server.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.reset-link"));
    expect(entry?.after).toMatchObject({ userId: account.student.id });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect((await confirm(token, "read-out-password-4")).status).toBe(200);
    expect((await login(account.student.email, "read-out-password-4")).status).toBe(200);

    const student = await signUpStudent(server);
    expect((await console("/admin/accounts", {}, student)).status).toBe(404);
    const posted = await console(
      "/admin/accounts",
      {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ userId: account.student.id }),
      },
      student,
    );
    expect(posted.status).toBe(404);

    // An account waiting for its parent's consent: the look-up says so, and no link is made (nor audited).
    const child = newAccount();
    const waiting = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: `parent-${randomBytes(4).toString("hex")}@example.com` },
      headers: fromIp(),
    });
    expect(waiting.status).toBe(202);
    const lookup = await (await console(`/admin/accounts?who=${child.email}`)).text();
    expect(lookup).toContain("Parent&#x27;s consent");
    const [row] = await server.services.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, child.email));
    const refused = await console("/admin/accounts", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ userId: row?.id as string, lang: "en" }),
    });
    const page = await refused.text();
    expect(page).toContain("This account waits for a parent&#x27;s consent");
    expect(page).not.toMatch(/reset-password\?token=/);
    const audited = await server.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "account.reset-link"));
    expect(audited.map((entry) => (entry.after as { userId: string }).userId)).not.toContain(row?.id);
  });
});

describe("the outbox, without a mail server", () => {
  it("keeps the reset email in DATA_DIR, lists it in the console with its link, and deletes it after 7 days", async () => {
    const [pglite] = testDatabases();
    if (!pglite) throw new Error("no database");
    const dataDir = await mkdtemp(path.join(tmpdir(), "ps-outbox-"));
    const database = await pglite.open();
    const server = await startTestServer(database, { env: { DATA_DIR: dataDir }, build: await loadBuild() });
    try {
      expect(server.services.mailer.mode).toBe("outbox");
      const { cookie } = await signUpAdmin(server);
      const account = newAccount();
      expect((await api(server.url, "/api/v1/signup", { json: account })).status).toBe(201);
      expect(
        (await api(server.url, "/api/v1/password-reset", { json: { email_or_phone: account.email } })).status,
      ).toBe(202);
      await server.services.mailer.idle();
      const html = await (await fetch(`${server.url}/admin/accounts`, { headers: { Cookie: cookie } })).text();
      expect(html).toContain("Emails in the outbox");
      expect(html).toContain(account.email);
      expect(html).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);

      // The server's hourly sweep: kept while it is younger than 7 days, then gone, from the console too.
      const dir = outboxDir(dataDir);
      const files = (await readdir(dir)).sort();
      expect(files).toHaveLength(2);
      await sweep(server.services);
      expect((await readdir(dir)).sort()).toEqual(files);
      const aged = new Date(Date.now() - OUTBOX_KEEP_MS - 60_000);
      for (const file of files) await utimes(path.join(dir, file), aged, aged);
      await sweep(server.services);
      expect(await readdir(dir)).toEqual([]);
      const after = await (await fetch(`${server.url}/admin/accounts`, { headers: { Cookie: cookie } })).text();
      expect(after).not.toContain(account.email);
    } finally {
      await server.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
