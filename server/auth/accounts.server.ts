import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Request } from "express";
import { type LoginInput, MESSAGES, type SignupInput } from "../../domain/auth.ts";
import { tooManyAttemptsMessage } from "../../domain/auth-rules.ts";
import { CONSENT_MESSAGES, maskEmail } from "../../domain/consent.ts";
import { users } from "../db/schema.ts";
import { clientIp } from "../http/guards.server.ts";
import { enforceLimit, tooManyRequests } from "../http/rate-limit.server.ts";
import type { Services } from "../services.server.ts";
import { askConsent, consentWaiting, mailParent } from "./consent.server.ts";
import { knownDevice, rememberDevice } from "./devices.server.ts";
import { mediumCookies } from "./medium.server.ts";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./passwords.server.ts";
import { createSession, type SessionUser, servicesOf } from "./session.server.ts";

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
      });
      return input.under_18 && input.parent_email
        ? { consentToken: await askConsent(tx, id, input.parent_email) }
        : { session: await createSession(services, id, tx) };
    });
    return { user: { id, name: input.name, role: input.role }, ...started };
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
    .select({ id: users.id, name: users.name, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(condition)
    .limit(1);
  return user ?? null;
}

/** A sign-in or sign-up, or why not. Over the limits is not an outcome: it throws the site's one 429 (tooManyRequests). */
export type AuthOutcome =
  | { ok: true; user: SessionUser; cookies: string[] }
  | { ok: false; status: 401 | 409; message: string; field?: "email" | "phone" }
  /** Under 18 and the parent has not agreed (decision 028): 202 at sign-up, 403 at sign-in; no session. */
  | { ok: false; status: 202 | 403; message: string; waitingFor: { parentEmail: string } };

/**
 * Sign-in with the abuse limits of decision 004. Each attempt is reserved before the password is
 * checked (counters are incremented first, atomically in memory and in Redis alike), so requests
 * sent at once cannot all pass the check: a reserved attempt is kept when the password is wrong, and
 * a refused one is given back; a success clears the account's failures. An identifier that names an account counts against the account, whether it
 * was typed as email or phone; an unknown one counts against itself.
 */
export async function signIn(req: Request, input: LoginInput): Promise<AuthOutcome> {
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
  if (!account || !valid) return { ok: false, status: 401, message: MESSAGES.invalidCredentials };
  // Told only to whoever knows the password: the parent has not agreed, and is mailed again.
  const waitingFor = await consentWaiting(services, account.id);
  if (waitingFor) return { ok: false, status: 403, message: CONSENT_MESSAGES.waiting, waitingFor };
  // The owner got in: the counter they used no longer matters; the address gets its attempt back.
  await (device
    ? limiter.reset(keys[0] as string)
    : Promise.all([limiter.reset(accountKeyName), limiter.refund(ipKeyName)]));
  const { cookie } = await createSession(services, account.id);
  const deviceCookie = await rememberDevice(services, req, account.id);
  return {
    ok: true,
    user: { id: account.id, name: account.name, role: account.role },
    cookies: [cookie, deviceCookie, ...(await mediumCookies(services, req, account.id))],
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
    return { ok: true, user, cookies: [...cookies, ...(await mediumCookies(services, req, user.id))] };
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
