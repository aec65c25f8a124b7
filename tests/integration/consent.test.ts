/**
 * A parent's consent (issue 26, decision 028) through the real HTTP server, on both databases, sending through a
 * real SMTP server started here: an under-18 sign-up that waits with no session, the parent's link, Agree (a new
 * parent account, or the one the email has), Decline, the 7-day deletion, the parent's view and withdrawal, and
 * the pages without JavaScript.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_MESSAGES, CONSENT_NOTICE_VERSION, CONSENT_WAIT_MS } from "../../domain/consent.ts";
import { deleteUnconsented } from "../../server/auth/consent.server.ts";
import { parentalConsents, practiceAttempts, users } from "../../server/db/schema.ts";
import { consentToken } from "../support/consent.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startMailingServer, type TestServer } from "../support/server.ts";
import type { TestSmtp } from "../support/smtp.ts";

describe.each(testDatabases())("a parent's consent on $name", (target) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startMailingServer(target));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  const fromIp = () => ({ "X-Forwarded-For": `10.8.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  const parentEmail = () => `parent-${randomBytes(4).toString("hex")}@example.com`;
  const db = () => server.services.database.db;

  /** An under-18 sign-up: 202, no session, the parent mailed. */
  const signUpChild = async (lang = "en") => {
    const child = newAccount();
    const parent = parentEmail();
    const res = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: parent, lang },
      headers: fromIp(),
    });
    expect(res.status).toBe(202);
    expect(res.cookie).toBeNull();
    const mail = await smtp.next(parent);
    return { child, parent, mail, token: consentToken(mail) };
  };
  const login = (email_or_phone: string, password: string) =>
    api(server.url, "/api/v1/login", { json: { email_or_phone, password }, headers: fromIp() });
  const answer = (json: Record<string, unknown>) =>
    api(server.url, "/api/v1/parent-consent", { json, headers: fromIp() });
  const parentAccount = () => {
    const n = newAccount();
    return { name: "A Parent", phone: n.phone, password: "parent password 7" };
  };
  const postPage = (path: string, form: Record<string, string>, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        ...(cookie ? { Cookie: cookie } : {}),
        ...fromIp(),
      },
      body: new URLSearchParams(form),
      redirect: "manual",
    });

  it("waits for the parent: no session, a masked email, nothing but the sign-up stored, and sign-in refused", async () => {
    const { child, parent, mail, token } = await signUpChild("mr");
    expect(mail.subject).toBe(`${child.name} PaperStation वापरण्यासाठी तुमची संमती मागत आहे`);
    expect(mail.text).toContain(`/mr/parent-consent?token=${token}`);

    const [row] = await db()
      .select()
      .from(parentalConsents)
      .innerJoin(users, eq(users.id, parentalConsents.userId))
      .where(eq(users.email, child.email));
    expect(row?.parental_consents.parentEmail).toBe(parent);
    expect(row?.parental_consents.givenAt).toBeNull();
    expect(row?.parental_consents.tokenHash).not.toContain(token);

    // The right password says why, and mails the parent again (once in 10 minutes); a wrong one says nothing.
    await db()
      .update(parentalConsents)
      .set({ sentAt: new Date(Date.now() - 11 * 60 * 1000) })
      .where(eq(parentalConsents.parentEmail, parent));
    const waiting = await login(child.email, child.password);
    expect(waiting.status).toBe(403);
    expect(waiting.body.meta.message).toBe(CONSENT_MESSAGES.waiting);
    expect(waiting.cookie).toBeNull();
    const again = await smtp.next(parent, 1);
    expect(consentToken(again)).not.toBe(token);
    expect((await login(child.email, child.password)).status).toBe(403);
    await server.services.mailer.idle();
    expect(smtp.received.filter((m) => m.to === parent)).toHaveLength(2);
    expect((await login(child.email, "not the password")).status).toBe(401);
  });

  it("refuses a missing, invalid or own parent email, and keeps the spec's sign-up without under_18", async () => {
    const child = newAccount();
    const missing = await api(server.url, "/api/v1/signup", { json: { ...child, under_18: true }, headers: fromIp() });
    expect(missing.status).toBe(400);
    expect(missing.body.meta.errors?.parent_email).toBe(CONSENT_MESSAGES.parentEmailRequired);
    const own = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: child.email.toUpperCase() },
      headers: fromIp(),
    });
    expect(own.body.meta.errors?.parent_email).toBe(CONSENT_MESSAGES.parentEmailSame);
    const bad = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: "yes", parent_email: "x" },
      headers: fromIp(),
    });
    expect(bad.status).toBe(400);
    expect((await api(server.url, "/api/v1/signup", { json: child, headers: fromIp() })).status).toBe(201);
  });

  it("agrees with a new parent account: consent recorded, the child signs in, the parent sees the progress", async () => {
    const { child, parent, token } = await signUpChild();
    const page = await fetch(`${server.url}/parent-consent?token=${token}`);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const html = await page.text();
    expect(html).toContain(child.name);
    expect(html).toContain('name="declaration"');
    expect(html).toContain('name="phone"');

    // Without the declaration, or without the parent account's fields, nothing changes.
    const undeclared = await answer({ token, answer: "agree", ...parentAccount() });
    expect(undeclared.status).toBe(400);
    expect(undeclared.body.meta.errors?.declaration).toBe(CONSENT_MESSAGES.declarationRequired);
    const noAccount = await answer({ token, answer: "agree", declaration: true });
    expect(noAccount.status).toBe(400);
    expect(Object.keys(noAccount.body.meta.errors ?? {})).toEqual(expect.arrayContaining(["name", "phone"]));

    const parentFields = parentAccount();
    const agreed = await answer({ token, answer: "agree", declaration: true, ...parentFields });
    expect(agreed.status).toBe(200);
    expect(agreed.body).toMatchObject({ meta: { message: CONSENT_MESSAGES.agreed }, data: { child_name: child.name } });
    expect(agreed.cookie).not.toBeNull();
    const [row] = await db()
      .select()
      .from(parentalConsents)
      .innerJoin(users, eq(users.id, parentalConsents.userId))
      .where(eq(users.email, child.email));
    expect(row?.parental_consents.givenAt).toBeInstanceOf(Date);
    expect(row?.parental_consents.noticeVersion).toBe(CONSENT_NOTICE_VERSION);
    expect(row?.parental_consents.tokenHash).toBeNull();
    const [parentRow] = await db().select().from(users).where(eq(users.email, parent));
    expect(parentRow?.role).toBe(2);
    expect(row?.parental_consents.parentUserId).toBe(parentRow?.id);
    // The link worked once.
    expect((await answer({ token, answer: "agree", declaration: true, ...parentAccount() })).status).toBe(400);

    // The child signs in and practises; the parent sees it.
    const signedIn = await login(child.email, child.password);
    expect(signedIn.status).toBe(200);
    const started = await api(server.url, "/api/v1/attempts", {
      json: { paper_id: "math-1-model-1" },
      cookie: signedIn.cookie,
    });
    expect(started.status).toBe(201);
    const children = await api(server.url, "/api/v1/me/children", { cookie: agreed.cookie });
    expect(children.status).toBe(200);
    expect(children.body.data).toEqual([
      expect.objectContaining({
        name: child.name,
        subjects: [expect.objectContaining({ subject: "math_1", papers_attempted: 1 })],
      }),
    ]);
    const view = await fetch(`${server.url}/mr/children`, { headers: { Cookie: agreed.cookie as string } });
    expect(view.status).toBe(200);
    expect(view.headers.get("cache-control")).toBe("private, no-store");
    expect(await view.text()).toContain(child.name);
    // The child's own data download has the consent record, and no secret.
    const data = await fetch(`${server.url}/api/v1/me/data`, { headers: { Cookie: signedIn.cookie as string } });
    const exported = await data.json();
    expect(exported.parentalConsent).toMatchObject({ parentEmail: parent, noticeVersion: CONSENT_NOTICE_VERSION });
    expect(JSON.stringify(exported)).not.toMatch(/tokenHash|token_hash/);

    // Another parent cannot withdraw; a wrong password changes nothing; the parent's withdrawal deletes it all.
    const stranger = await api(server.url, "/api/v1/signup", { json: newAccount(), headers: fromIp() });
    const childId = (signedIn.body.data as { user_id: string }).user_id;
    const wrongParent = await api(server.url, `/api/v1/me/children/${childId}`, {
      method: "DELETE",
      json: { password: "correct horse 42", confirm: true },
      cookie: stranger.cookie,
    });
    expect(wrongParent.status).toBe(404);
    const wrongPassword = await api(server.url, `/api/v1/me/children/${childId}`, {
      method: "DELETE",
      json: { password: "not it", confirm: true },
      cookie: agreed.cookie,
    });
    expect(wrongPassword.status).toBe(400);
    expect(await db().select().from(users).where(eq(users.id, childId))).toHaveLength(1);
    const withdrawn = await api(server.url, `/api/v1/me/children/${childId}`, {
      method: "DELETE",
      json: { password: parentFields.password, confirm: true },
      cookie: agreed.cookie,
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.meta.message).toBe(CONSENT_MESSAGES.withdrawn);
    expect(await db().select().from(users).where(eq(users.id, childId))).toHaveLength(0);
    expect(await db().select().from(practiceAttempts).where(eq(practiceAttempts.userId, childId))).toHaveLength(0);
    expect((await api(server.url, "/api/v1/me", { cookie: signedIn.cookie })).body.data).toBeNull();
    expect((await api(server.url, "/api/v1/me/children", { cookie: agreed.cookie })).body.data).toEqual([]);
  });

  it("links a parent who already has an account, without asking for one", async () => {
    const parent = newAccount({ role: 2 });
    const made = await api(server.url, "/api/v1/signup", { json: parent, headers: fromIp() });
    expect(made.status).toBe(201);
    const child = newAccount();
    const signup = await api(server.url, "/api/v1/signup", {
      json: { ...child, under_18: true, parent_email: parent.email.toUpperCase() },
      headers: fromIp(),
    });
    expect(signup.status).toBe(202);
    await server.services.mailer.idle();
    const mail = smtp.received.find((m) => m.to.toLowerCase() === parent.email.toLowerCase());
    if (!mail) throw new Error("the parent was not mailed");
    const token = consentToken(mail);
    const html = await (await fetch(`${server.url}/parent-consent?token=${token}`)).text();
    expect(html).not.toContain('name="phone"');
    const agreed = await answer({ token, answer: "agree", declaration: true });
    expect(agreed.status).toBe(200);
    expect(agreed.cookie).toBeNull();
    const children = await api(server.url, "/api/v1/me/children", { cookie: made.cookie });
    expect(children.body.data).toEqual([expect.objectContaining({ name: child.name, subjects: [] })]);
  });

  it("declines through the page without JavaScript: the sign-up is deleted at once", async () => {
    const { child, token } = await signUpChild();
    const declined = await postPage(`/parent-consent?token=${token}`, { token, answer: "decline" });
    expect(declined.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.email, child.email))).toHaveLength(0);
    // The same email and phone can sign up again.
    expect((await api(server.url, "/api/v1/signup", { json: child, headers: fromIp() })).status).toBe(201);
    // The link no longer works.
    const page = await (await fetch(`${server.url}/parent-consent?token=${token}`)).text();
    expect(page).not.toContain('name="declaration"');
  });

  it("agrees through the page without JavaScript, with inline messages first", async () => {
    const { child, token } = await signUpChild();
    const refused = await postPage(`/mr/parent-consent?token=${token}`, {
      token,
      answer: "agree",
      name: "",
      phone: "12",
      password: "x",
    });
    expect(refused.status).toBe(400);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain('id="consent-declaration-error"');
    const fields = parentAccount();
    const agreed = await postPage(`/parent-consent?token=${token}`, {
      token,
      answer: "agree",
      declaration: "on",
      name: fields.name,
      phone: fields.phone.slice(2),
      password: fields.password,
    });
    expect(agreed.status).toBe(200);
    expect(agreed.headers.getSetCookie().some((c) => c.includes("ps_session="))).toBe(true);
    expect((await login(child.email, child.password)).status).toBe(200);
  });

  it("asks for the age on the sign-up page without JavaScript, and says the parent was emailed", async () => {
    const child = newAccount();
    const base = {
      intent: "sign_up",
      name: child.name,
      email: child.email,
      phone: child.phone.slice(2),
      password: child.password,
    };
    const unanswered = await postPage("/login", base);
    expect(unanswered.status).toBe(400);
    expect(await unanswered.text()).toContain("under_18-error");
    const parent = parentEmail();
    const asked = await postPage("/mr/login", { ...base, under_18: "yes", parent_email: parent });
    expect(asked.status).toBe(202);
    expect(asked.headers.getSetCookie().some((c) => c.includes("ps_session="))).toBe(false);
    expect(await asked.text()).toContain("pa•••@ex•••.com");
    await smtp.next(parent);
  });

  it("deletes a sign-up whose parent did not answer within 7 days, and its link stops working", async () => {
    const { child, token } = await signUpChild();
    // A day short of the 7 days, it stays.
    await deleteUnconsented(server.services, new Date(Date.now() + CONSENT_WAIT_MS - 86_400_000));
    expect(await db().select().from(users).where(eq(users.email, child.email))).toHaveLength(1);
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, child.email));
    await db()
      .update(parentalConsents)
      .set({ requestedAt: new Date(Date.now() - CONSENT_WAIT_MS - 60_000) })
      .where(eq(parentalConsents.userId, user?.id ?? ""));
    expect((await answer({ token, answer: "decline" })).status).toBe(400);
    expect(await deleteUnconsented(server.services)).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(users).where(eq(users.email, child.email))).toHaveLength(0);
  });
});
