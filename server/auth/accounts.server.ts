import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Request } from "express";
import { type LoginInput, MESSAGES, type SignupInput } from "../../domain/auth.ts";
import { tooManyAttemptsMessage } from "../../domain/auth-rules.ts";
import { AGE_MESSAGES, CONSENT_MESSAGES, maskEmail } from "../../domain/consent.ts";
import { languageCookie, readCookie } from "../../domain/cookies.ts";
import { isLocale, LANGUAGE_COOKIE, type Locale } from "../../domain/i18n.ts";
import { users } from "../db/schema.ts";
import { clientIp } from "../http/guards.server.ts";
import { enforceLimit, tooManyRequests } from "../http/rate-limit.server.ts";
import type { Services } from "../services.server.ts";
import { askConsent, changeParentEmail, consentWaiting, mailParent } from "./consent.server.ts";
import { knownDevice, rememberDevice } from "./devices.server.ts";
import { mediumCookies } from "./medium.server.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.server.ts";
import { ageGroupOf, createSession, type SessionUser, servicesOf } from "./session.server.ts";

class DuplicateAccountError extends Error {
  override name = "DuplicateAccountError";
  readonly field: "email" | "phone";
  constructor(field: "email" | "phone") {
    super(
      field === "email"
        ? "An account with this email already exists. Please sign in."
        : "An account with this phone number already exists. Please sign in.",
    );
    this.field = field;
  }
}

async function findDuplicate(services: Pick<Services, "database">, input: SignupInput) {
  const { db } = services.database;
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(accountNamed({ kind: "email", value: input.email }))
    .limit(1);
  if (byEmail) return "email" as const;
  const [byPhone] = await db.select({ id: users.id }).from(users).where(eq(users.phone, input.phone)).limit(1);
  return byPhone ? ("phone" as const) : null;
}

/**
 * Creates the account and its first session in one transaction: a sign-up the client saw
 * succeed is fully stored, and one that failed (say, the database went away) left nothing behind.
 */
async function createAccount(services: Pick<Services, "database" | "config">, input: SignupInput) {
  const duplicate = await findDuplicate(services, input);
  if (duplicate) throw new DuplicateAccountError(duplicate);
  const id = randomUUID();
  const passwordHash = await hashPassword(input.password);
  try {
    // Under 18, the account waits for a parent's consent (decision 028): no session, only the link's token.
    const started = await services.database.db.transaction(async (tx) => {
      await tx.insert(users).values({
        id,
        name: input.name,
        email: input.email,
        phone: input.phone,
        passwordHash,
        role: input.role,
        locale: input.lang ?? null,
        // The answer to "Are you under 18?" (decision 028): unknown when an API client did not send it.
        ...(input.under_18 === undefined
          ? {}
          : { ageGroup: input.under_18 ? ("minor" as const) : ("adult" as const), ageDeclaredAt: new Date() }),
      });
      return input.under_18 && input.parent_email
        ? { consentToken: await askConsent(tx, id, input.parent_email) }
        : { session: await createSession(services, id, tx) };
    });
    const ageGroup = input.under_18 === undefined ? null : input.under_18 ? ("minor" as const) : ("adult" as const);
    return { user: { id, name: input.name, role: input.role, ageGroup }, ...started };
  } catch (error) {
    // Two sign-ups racing for the same email or phone: the unique index decides.
    const again = await findDuplicate(services, input).catch(() => null);
    if (again) throw new DuplicateAccountError(again);
    throw error;
  }
}

/**
 * The condition that finds the account an email or phone names: an email in any letter case (the unique index is
 * on its lower case), a phone as stored (91 + 10 digits). Sign-in, reset requests, the console and changes use it.
 */
export function accountNamed(who: { kind: "email" | "phone"; value: string }) {
  return who.kind === "email" ? eq(sql`lower(${users.email})`, who.value.toLowerCase()) : eq(users.phone, who.value);
}

/** Who an identifier names: the account, or null (an unknown email or phone). */
async function findAccount(services: Pick<Services, "database">, who: LoginInput["email_or_phone"]) {
  const condition = accountNamed(who);
  const [user] = await services.database.db
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      ageGroup: users.ageGroup,
      locale: users.locale,
    })
    .from(users)
    .where(condition)
    .limit(1);
  return user ?? null;
}

/** A sign-in or sign-up, or why not. Over the limits is not an outcome: it throws the site's one 429 (tooManyRequests). */
export type AuthOutcome =
  /** `locale`: the account's language, which this device now has too (issue 26); null when it has none. */
  | { ok: true; user: SessionUser; cookies: string[]; locale: Locale | null }
  | { ok: false; status: 401 | 409; message: string; field?: "email" | "phone" }
  /** Under 18 and the parent has not agreed (decision 028): 202 at sign-up, 403 at sign-in; no session. */
  | { ok: false; status: 202 | 403; message: string; waitingFor: { parentEmail: string } };

/**
 * The abuse limits of decision 004 around a password check. Each attempt is reserved before the password is
 * checked (counters are incremented first, atomically in memory and in Redis alike), so requests
 * sent at once cannot all pass the check: a reserved attempt is kept when the password is wrong, and
 * a refused one is given back; a success clears the account's failures. An identifier that names an account counts against the account, whether it
 * was typed as email or phone; an unknown one counts against itself. Sign-in and a waiting account's change of
 * its parent's email (decision 028) use it: the account, or null for a wrong email, phone or password.
 */
export async function checkCredentials(req: Request, input: LoginInput) {
  const services = servicesOf(req);
  const { rateLimiter: limiter, authLimits: limits } = services;
  const account = await findAccount(services, input.email_or_phone);
  // A browser the owner signed in from before has its own counter (device cookies, decision 004): the
  // account's and the address's counters, which strangers can fill, do not block it.
  const device = account ? await knownDevice(services, req, account.id) : null;
  const accountKeyName = `login:acct:${account ? `id:${account.id}` : accountKey(input)}`;
  const ipKeyName = `login:ip:${clientIp(req)}`;
  const keys = device ? [`login:device:${device}`] : [accountKeyName, ipKeyName];
  const hits = await Promise.all(keys.map((key) => limiter.hit(key, limits.loginWindowMs)));
  const limitOf = (i: number) => (device || i === 0 ? limits.loginPerAccount : limits.loginPerIp);
  const blocking = hits.find((hit, i) => hit.count > limitOf(i));
  if (blocking) {
    await Promise.all(keys.map((key) => limiter.refund(key)));
    throw tooManyRequests(blocking.retryAfter, tooManyAttemptsMessage);
  }
  // An unknown account costs the same time as a wrong password.
  const valid = account
    ? await verifyPassword(account.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!account || !valid) return null;
  // The owner got in: the counter they used no longer matters; the address gets its attempt back.
  await (device
    ? limiter.reset(keys[0] as string)
    : Promise.all([limiter.reset(accountKeyName), limiter.refund(ipKeyName)]));
  return account;
}

/**
 * The cookies a sign-in or sign-up adds for the language (issue 26): the account's, when this device has another.
 * An account without one takes the language of the page it signed in on.
 */
async function languageCookies(
  services: Pick<Services, "database" | "config">,
  req: Request,
  account: { id: string; locale: string | null },
  pageLocale: Locale | undefined,
): Promise<{ locale: Locale | null; cookies: string[] }> {
  if (!isLocale(account.locale)) {
    if (pageLocale)
      await services.database.db.update(users).set({ locale: pageLocale }).where(eq(users.id, account.id));
    return { locale: pageLocale ?? null, cookies: [] };
  }
  const device = readCookie(req.headers.cookie, LANGUAGE_COOKIE);
  const differs = device !== account.locale || (pageLocale !== undefined && pageLocale !== account.locale);
  return { locale: account.locale, cookies: differs ? [languageCookie(account.locale, services.config.https)] : [] };
}

/**
 * Sign-in with the abuse limits of decision 004 (`checkCredentials`). `pageLocale`: the language of the page whose
 * form signed in (the API's sign-in has none): the account's language wins, and the device takes it.
 */
export async function signIn(req: Request, input: LoginInput, pageLocale?: Locale): Promise<AuthOutcome> {
  const services = servicesOf(req);
  const account = await checkCredentials(req, input);
  if (!account) return { ok: false, status: 401, message: MESSAGES.invalidCredentials };
  // Told only to whoever knows the password: the parent has not agreed, and is mailed again.
  const waitingFor = await consentWaiting(services, account.id);
  if (waitingFor) return { ok: false, status: 403, message: CONSENT_MESSAGES.waiting, waitingFor };
  const { cookie } = await createSession(services, account.id);
  const deviceCookie = await rememberDevice(services, req, account.id);
  const language = await languageCookies(services, req, account, pageLocale);
  return {
    ok: true,
    user: { id: account.id, name: account.name, role: account.role, ageGroup: ageGroupOf(account.ageGroup) },
    cookies: [cookie, deviceCookie, ...(await mediumCookies(services, req, account.id)), ...language.cookies],
    locale: language.locale,
  };
}

/** Sign-up, limited per address (decision 004): the account and its first session, or why not. */
export async function signUp(req: Request, input: SignupInput): Promise<AuthOutcome> {
  const services = servicesOf(req);
  const { signupPerIp, signupWindowMs } = services.authLimits;
  await enforceLimit(
    services.rateLimiter,
    `signup:ip:${clientIp(req)}`,
    signupPerIp,
    signupWindowMs,
    tooManyAttemptsMessage,
  );
  try {
    const { user, session, consentToken } = await createAccount(services, input);
    if (consentToken !== undefined && input.parent_email) {
      const locale = input.lang ?? "en";
      mailParent(services, { parentEmail: input.parent_email, childName: user.name, locale, token: consentToken });
      const waitingFor = { parentEmail: maskEmail(input.parent_email) };
      return { ok: false, status: 202, message: CONSENT_MESSAGES.asked, waitingFor };
    }
    if (!session) throw new Error("sign-up made no session");
    const cookies = [session.cookie, await rememberDevice(services, req, user.id)];
    const language = await languageCookies(services, req, { id: user.id, locale: input.lang ?? null }, input.lang);
    const medium = await mediumCookies(services, req, user.id);
    return { ok: true, user, cookies: [...cookies, ...medium, ...language.cookies], locale: language.locale };
  } catch (error) {
    if (error instanceof DuplicateAccountError) {
      return { ok: false, status: 409, message: error.message, field: error.field };
    }
    throw error;
  }
}

/** Rate-limit key for an unknown identifier: normalised, so email case tricks share one counter. */
function accountKey(input: LoginInput): string {
  const who = input.email_or_phone;
  return who.kind === "email" ? `email:${who.value.toLowerCase()}` : `phone:${who.value}`;
}

export type WaitingChange =
  | { ok: true; parentEmail: string; deleteAt: Date }
  | { ok: false; status: 400 | 401 | 409 | 429; message: string; errors?: Record<string, string> };

/**
 * A waiting account's new parent's email (decision 028, amended 2026-11-29), for the API and the page alike: the
 * sign-in's credentials under sign-in's limits, then `changeParentEmail`.
 */
export async function changeWaitingParentEmail(
  req: Request,
  input: { email_or_phone: LoginInput["email_or_phone"]; password: string; parent_email: string },
): Promise<WaitingChange> {
  const account = await checkCredentials(req, input);
  if (!account) return { ok: false, status: 401, message: MESSAGES.invalidCredentials };
  const outcome = await changeParentEmail(servicesOf(req), account.id, input.parent_email);
  if (outcome.ok) return outcome;
  if (outcome.reason === "notWaiting") return { ok: false, status: 409, message: AGE_MESSAGES.notWaiting };
  if (outcome.reason === "tooMany") return { ok: false, status: 429, message: AGE_MESSAGES.tooManySends };
  const message = CONSENT_MESSAGES.parentEmailSame;
  return { ok: false, status: 400, message, errors: { parent_email: message } };
}
