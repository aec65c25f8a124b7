/**
 * Decision 028, amended 2026-11-29, through the real HTTP server on both databases, mailing through a real SMTP
 * server: an account whose age is unknown (an API sign-up without `under_18`, an account from before) is asked once
 * before anything else, the answer is recorded, and under 18 starts the consent flow; a waiting account can send
 * the consent link to a corrected parent's email, at most 5 emails in all; and the site's language follows the
 * account at sign-in, on the profile and through the header's switch.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_MESSAGES, CONSENT_MAX_SENDS, CONSENT_MESSAGES } from "../../domain/consent.ts";
import { parentalConsents, sessions, users } from "../../server/db/schema.ts";
import { consentToken } from "../support/consent.ts";
import { testDatabases } from "../support/databases.ts";
import { api, newAccount } from "../support/http.ts";
import { startMailingServer, type TestServer } from "../support/server.ts";
import type { TestSmtp } from "../support/smtp.ts";

describe.each(testDatabases())("the age question, a parent's email and the account's language on $name", (target) => {
  let server: TestServer;
  let smtp: TestSmtp;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ server, smtp, stop } = await startMailingServer(target));
  }, 60_000);
  afterAll(async () => {
    await stop?.();
  });

  const fromIp = () => ({ "X-Forwarded-For": `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}` });
  const parentEmail = () => `parent-${randomBytes(4).toString("hex")}@example.com`;
  const db = () => server.services.database.db;
  const page = (path: string, cookie?: string | null) =>
    fetch(`${server.url}${path}`, {
      headers: { ...(cookie ? { Cookie: cookie } : {}), ...fromIp() },
      redirect: "manual",
    });
  const postPage = (path: string, form: Record<string, string>, cookie?: string | null) =>
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
  const sessionOf = (res: Response) =>
    res.headers
      .getSetCookie()
      .map((c) => c.match(/^(ps_session=[^;]+)/)?.[1])
      .find(Boolean) ?? null;
  const langCookie = (setCookie: string[]) => setCookie.find((c) => c.startsWith("ps_lang="))?.split(";")[0];

  /** An API sign-up that leaves out `under_18`, as a client of the spec's API does: the age is unknown. */
  const signUpUnknown = async (overrides: Record<string, unknown> = {}) => {
    const account = newAccount({ under_18: undefined, ...overrides });
    const res = await api(server.url, "/api/v1/signup", { json: account, headers: fromIp() });
    expect(res.status).toBe(201);
    return { account, cookie: res.cookie as string, id: (res.body.data as { user_id: string }).user_id, res };
  };
  const ageOf = async (id: string) =>
    (await db().select({ g: users.ageGroup, at: users.ageDeclaredAt }).from(users).where(eq(users.id, id)))[0];

  it("records the sign-up's answer, and leaves it unknown when the API was not told", async () => {
    const adult = await api(server.url, "/api/v1/signup", { json: newAccount(), headers: fromIp() });
    const adultId = (adult.body.data as { user_id: string }).user_id;
    expect(await ageOf(adultId)).toMatchObject({ g: "adult", at: expect.any(Date) });
    expect(adult.body.data).toMatchObject({ age_required: false });
    const unknown = await signUpUnknown();
    expect(unknown.res.body.data).toMatchObject({ age_required: true });
    expect(await ageOf(unknown.id)).toEqual({ g: null, at: null });
    const child = newAccount({ under_18: true, parent_email: parentEmail() });
    expect((await api(server.url, "/api/v1/signup", { json: child, headers: fromIp() })).status).toBe(202);
    const [row] = await db().select({ g: users.ageGroup }).from(users).where(eq(users.email, child.email));
    expect(row?.g).toBe("minor");
  });

  it("asks an account of unknown age before anything else: pages go to /age, study-record writes are a 403", async () => {
    const { cookie } = await signUpUnknown();
    for (const [path, age] of [
      ["/progress", "/age?redirectTo=%2Fprogress"],
      ["/mr/profile", "/mr/age?redirectTo=%2Fmr%2Fprofile"],
      ["/", "/age?redirectTo=%2F"],
      // A page kept for every student (decision 032) is rendered for this one, and asks too.
      ["/maharashtra-board-math-1-question-papers", "/age?redirectTo=%2Fmaharashtra-board-math-1-question-papers"],
    ] as const) {
      const res = await page(path, cookie);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(age);
    }
    const profileForm = await postPage("/profile", { intent: "details", name: "X" }, cookie);
    expect(profileForm.headers.get("location")).toBe("/age?redirectTo=%2Fprofile");
    // What asking needs stays open: the question itself (never stored), the privacy notice, the data export.
    const asked = await page("/mr/age?redirectTo=%2Fmr%2Fprogress", cookie);
    expect(asked.status).toBe(200);
    expect(asked.headers.get("cache-control")).toBe("private, no-store");
    const html = await asked.text();
    expect(html).toContain("तुमचे वय 18 वर्षांपेक्षा कमी आहे का?");
    expect(html).toContain('name="under_18"');
    expect(html).toContain('href="/api/v1/me/data"');
    expect((await page("/privacy-&-policy", cookie)).status).toBe(200);
    expect((await api(server.url, "/api/v1/me/data", { cookie })).status).toBe(200);

    const write = await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1" }, cookie });
    expect(write.status).toBe(403);
    expect(write.body.meta.message).toBe(AGE_MESSAGES.ageUnknown);
    const reading = await api(server.url, "/api/v1/me/reading", {
      method: "PUT",
      json: { paper: "/papers/x/question.pdf", page: 2 },
      cookie,
    });
    expect(reading.status).toBe(403);
    // A visitor's writes are refused as before (401), not as an age question.
    expect((await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1" } })).status).toBe(401);
  });

  it("18 or older through the page: recorded, and on to where the student was going (the redirect guard judges it)", async () => {
    const { cookie, id } = await signUpUnknown();
    const missing = await postPage("/age?redirectTo=%2Fprogress", { intent: "age" }, cookie);
    expect(missing.status).toBe(400);
    expect(await ageOf(id)).toEqual({ g: null, at: null });
    const offSite = await postPage("/age?redirectTo=%2F%2Fevil.example", { intent: "age", under_18: "no" }, cookie);
    expect(offSite.status).toBe(302);
    expect(offSite.headers.get("location")).toBe("/");
    expect(await ageOf(id)).toMatchObject({ g: "adult", at: expect.any(Date) });
    expect((await page("/progress", cookie)).status).toBe(200);
    // Asked once: the page sends an answered account on, and the API says it is known.
    const again = await page("/age?redirectTo=%2Fprogress", cookie);
    expect(again.headers.get("location")).toBe("/progress");
    const apiAgain = await api(server.url, "/api/v1/me/age", { json: { under_18: false }, cookie });
    expect(apiAgain.status).toBe(409);
    const write = await api(server.url, "/api/v1/attempts", { json: { paper_id: "math-1-model-1" }, cookie });
    expect(write.status).toBe(201);
  });

  it("POST /api/v1/me/age: validated; 18 or older recorded; under 18 mails the parent and ends every session", async () => {
    const { account, cookie, id } = await signUpUnknown();
    const second = await api(server.url, "/api/v1/login", {
      json: { email_or_phone: account.email, password: account.password },
      headers: fromIp(),
    });
    expect(second.body.data).toMatchObject({ age_required: true });
    const bad = await api(server.url, "/api/v1/me/age", { json: { under_18: "yes" }, cookie });
    expect(bad.status).toBe(400);
    const noParent = await api(server.url, "/api/v1/me/age", { json: { under_18: true }, cookie });
    expect(noParent.status).toBe(400);
    expect(noParent.body.meta.errors?.parent_email).toBe(CONSENT_MESSAGES.parentEmailRequired);
    const own = await api(server.url, "/api/v1/me/age", {
      json: { under_18: true, parent_email: account.email.toUpperCase() },
      cookie,
    });
    expect(own.body.meta.errors?.parent_email).toBe(CONSENT_MESSAGES.parentEmailSame);
    expect((await api(server.url, "/api/v1/me/age", { json: { under_18: false } })).status).toBe(401);

    const parent = parentEmail();
    const minor = await api(server.url, "/api/v1/me/age", { json: { under_18: true, parent_email: parent }, cookie });
    expect(minor.status).toBe(202);
    expect(minor.body.data).toMatchObject({ age_group: "minor", consent: "waiting" });
    expect(minor.setCookie.some((c) => /^ps_session=;/.test(c))).toBe(true);
    expect(await ageOf(id)).toMatchObject({ g: "minor" });
    expect(await db().select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
    expect((await api(server.url, "/api/v1/me", { cookie: second.cookie })).body.data).toBeNull();
    consentToken(await smtp.next(parent));
    // It now waits as an under-18 sign-up does.
    const signIn = await api(server.url, "/api/v1/login", {
      json: { email_or_phone: account.email, password: account.password },
      headers: fromIp(),
    });
    expect(signIn.status).toBe(403);
  });

  it("under 18 through the page, in Marathi: the parent is mailed and the student signed out", async () => {
    const { cookie, id } = await signUpUnknown({ lang: "mr" });
    const parent = parentEmail();
    const res = await postPage("/mr/age", { intent: "age", under_18: "yes", parent_email: parent }, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => /^ps_session=;/.test(c))).toBe(true);
    expect(await res.text()).toContain("आम्ही तुमच्या पालकांना");
    const mail = await smtp.next(parent);
    expect(mail.text).toContain(`/mr/parent-consent?token=${consentToken(mail)}`);
    expect(await ageOf(id)).toMatchObject({ g: "minor" });
  });

  it("an account from before is asked at its next sign-in, and the account's deletion still works there", async () => {
    const { account, id } = await signUpUnknown();
    await db().update(users).set({ ageGroup: null, ageDeclaredAt: null }).where(eq(users.id, id));
    const signedIn = await postPage("/login?redirectTo=%2Fprogress", {
      intent: "sign_in",
      email_or_phone: account.email,
      password: account.password,
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/age?redirectTo=%2Fprogress");
    const cookie = sessionOf(signedIn);
    const wrong = await postPage("/age", { intent: "delete", password: "not it", confirm: "yes" }, cookie);
    expect(wrong.status).toBe(400);
    const deleted = await postPage("/age", { intent: "delete", password: account.password, confirm: "yes" }, cookie);
    expect(deleted.status).toBe(302);
    expect(await db().select().from(users).where(eq(users.id, id))).toHaveLength(0);
  });

  describe("a mistyped parent's email", () => {
    const signUpChild = async () => {
      const child = newAccount();
      const wrong = parentEmail();
      const res = await api(server.url, "/api/v1/signup", {
        json: { ...child, under_18: true, parent_email: wrong, lang: "en" },
        headers: fromIp(),
      });
      expect(res.status).toBe(202);
      const token = consentToken(await smtp.next(wrong));
      return { child, wrong, token };
    };
    const change = (json: Record<string, unknown>) =>
      api(server.url, "/api/v1/parent-consent/parent-email", { json, headers: fromIp() });

    it("sends a new link to the new address, the old one stops working, and the 7 days keep their end", async () => {
      const { child, wrong, token } = await signUpChild();
      const [before] = await db()
        .select()
        .from(parentalConsents)
        .innerJoin(users, eq(users.id, parentalConsents.userId))
        .where(eq(users.email, child.email));
      const right = parentEmail();
      const refused = await change({ email_or_phone: child.email, password: "not the password", parent_email: right });
      expect(refused.status).toBe(401);
      const own = await change({ email_or_phone: child.email, password: child.password, parent_email: child.email });
      expect(own.status).toBe(400);
      const changed = await change({ email_or_phone: child.phone, password: child.password, parent_email: right });
      expect(changed.status).toBe(202);
      expect(changed.body.meta.message).toBe(AGE_MESSAGES.parentEmailChanged);
      const requestedAt = before?.parental_consents.requestedAt as Date;
      expect(changed.body.data).toMatchObject({
        consent: "waiting",
        delete_at: new Date(requestedAt.getTime() + 7 * 24 * 60 * 60 * 1000).toISOString(),
      });
      const newToken = consentToken(await smtp.next(right));
      expect(newToken).not.toBe(token);
      const [after] = await db()
        .select()
        .from(parentalConsents)
        .where(eq(parentalConsents.userId, before?.users.id as string));
      expect(after?.parentEmail).toBe(right);
      expect(after?.requestedAt.getTime()).toBe(requestedAt.getTime());
      // The old link is refused; the new one shows the notice.
      const old = await api(server.url, "/api/v1/parent-consent", { json: { token, answer: "decline" } });
      expect(old.status).toBe(400);
      expect(old.body.meta.message).toBe(CONSENT_MESSAGES.linkInvalid);
      expect(await (await page(`/parent-consent?token=${token}`)).text()).not.toContain('name="declaration"');
      expect(await (await page(`/parent-consent?token=${newToken}`)).text()).toContain('name="declaration"');
      await server.services.mailer.idle();
      expect(smtp.received.filter((m) => m.to === wrong)).toHaveLength(1);
    });

    it("stops at 5 emails in all, re-sends at sign-in included, with a clear message", async () => {
      const { child } = await signUpChild();
      const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, child.email));
      const id = row?.id as string;
      // A sign-in re-send counts (the first email was 1).
      await db()
        .update(parentalConsents)
        .set({ sentAt: new Date(Date.now() - 11 * 60 * 1000) })
        .where(eq(parentalConsents.userId, id));
      const login = () =>
        api(server.url, "/api/v1/login", {
          json: { email_or_phone: child.email, password: child.password },
          headers: fromIp(),
        });
      expect((await login()).status).toBe(403);
      let last = "";
      for (let send = 3; send <= CONSENT_MAX_SENDS; send += 1) {
        last = parentEmail();
        const ok = await change({ email_or_phone: child.email, password: child.password, parent_email: last });
        expect(ok.status).toBe(202);
        await smtp.next(last);
      }
      const over = await change({ email_or_phone: child.email, password: child.password, parent_email: parentEmail() });
      expect(over.status).toBe(429);
      expect(over.body.meta.message).toBe(AGE_MESSAGES.tooManySends);
      const [consent] = await db().select().from(parentalConsents).where(eq(parentalConsents.userId, id));
      expect(consent?.parentEmail).toBe(last);
      expect(consent?.sends).toBe(CONSENT_MAX_SENDS);
      // Sign-in no longer mails anyone, and still says the account waits.
      await db()
        .update(parentalConsents)
        .set({ sentAt: new Date(Date.now() - 11 * 60 * 1000) })
        .where(eq(parentalConsents.userId, id));
      expect((await login()).status).toBe(403);
      await server.services.mailer.idle();
      expect(smtp.received.filter((m) => m.to === last)).toHaveLength(1);
      // The page says so in Marathi.
      const form = await postPage("/mr/parent-email", {
        email_or_phone: child.email,
        password: child.password,
        parent_email: parentEmail(),
      });
      expect(form.status).toBe(429);
      expect(await form.text()).toContain("आम्ही तुमच्या पालकांना आधीच 5 वेळा ईमेल पाठवला आहे");
    });

    it("works as a page without JavaScript, and the sign-in form offers it", async () => {
      const { child } = await signUpChild();
      const waiting = await postPage("/login", {
        intent: "sign_in",
        email_or_phone: child.email,
        password: child.password,
      });
      expect(waiting.status).toBe(403);
      expect(await waiting.text()).toContain('href="/parent-email"');
      const blank = await page("/mr/parent-email");
      expect(blank.status).toBe(200);
      expect(blank.headers.get("cache-control")).toBe("private, no-store");
      const right = parentEmail();
      const sent = await postPage("/parent-email", {
        email_or_phone: child.email,
        password: child.password,
        parent_email: right,
      });
      expect(sent.status).toBe(200);
      expect(await sent.text()).toContain("We have emailed a new link to");
      await smtp.next(right);
      const wrongPassword = await postPage("/parent-email", {
        email_or_phone: child.email,
        password: "nope nope nope",
        parent_email: right,
      });
      expect(wrongPassword.status).toBe(401);
    });
  });

  describe("the site's language follows the account", () => {
    it("sign-in through the form goes on in the account's language and sets the language cookie", async () => {
      const account = newAccount({ lang: "mr" });
      expect((await api(server.url, "/api/v1/signup", { json: account, headers: fromIp() })).status).toBe(201);
      const res = await postPage("/login?redirectTo=%2Fprogress", {
        intent: "sign_in",
        email_or_phone: account.email,
        password: account.password,
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/mr/progress");
      expect(langCookie(res.headers.getSetCookie())).toBe("ps_lang=mr");
      // The API's sign-in sets it too and says which.
      const viaApi = await api(server.url, "/api/v1/login", {
        json: { email_or_phone: account.email, password: account.password },
        headers: { ...fromIp(), Cookie: "ps_lang=en" },
      });
      expect(viaApi.body.data).toMatchObject({ locale: "mr" });
      expect(langCookie(viaApi.setCookie)).toBe("ps_lang=mr");
    });

    it("the profile shows and changes it (the cookie too), and the header's switch stores it", async () => {
      const account = newAccount({ lang: "en" });
      const signup = await api(server.url, "/api/v1/signup", { json: account, headers: fromIp() });
      const cookie = signup.cookie as string;
      const id = (signup.body.data as { user_id: string }).user_id;
      const profile = await (await page("/profile", cookie)).text();
      expect(profile).toContain('name="locale"');
      const saved = await postPage(
        "/profile",
        { intent: "details", name: account.name, role: "1", medium: "", exam_day: "", locale: "mr" },
        cookie,
      );
      expect(saved.status).toBe(302);
      expect(saved.headers.get("location")).toBe("/mr/profile?saved=1");
      expect(langCookie(saved.headers.getSetCookie())).toBe("ps_lang=mr");
      const locale = async () => (await db().select({ l: users.locale }).from(users).where(eq(users.id, id)))[0]?.l;
      expect(await locale()).toBe("mr");
      expect(await (await page("/mr/profile?saved=1", cookie)).text()).toContain("तुमची माहिती जतन झाली.");
      const switched = await page("/language/en?next=%2Fprofile", cookie);
      expect(switched.status).toBe(303);
      expect(await locale()).toBe("en");
    });
  });
});
