/**
 * Password reset by email (issue 26, decision 026). One flow for the API and the pages:
 *
 * - `requestPasswordReset`: the same answer whether or not an account matches, in the same time: the request does
 *   only the lookup; making the link and the mail happen after the answer (a job `mailer.send` queues). Limited per
 *   address (a 429, which says nothing about the account) and per account (silently: a 429 there would say the
 *   account exists), so nobody can fill a student's inbox. An account still waiting for a parent's consent is
 *   mailed nothing (decision 028: nothing is processed for it beyond asking the parent), with the same answer.
 * - `resetPassword`: a link works once, for 30 minutes; in one transaction it removes the account's links, sets
 *   the new password, and ends every session and remembered device of the account. Attempts, marks and
 *   progress are not touched.
 */
import { and, eq, gt, isNull, lt } from "drizzle-orm";
import type { EmailOrPhone } from "../../domain/auth.ts";
import { isLocale, type Locale, localizePath } from "../../domain/i18n.ts";
import { writeAudit } from "../admin/audit.server.ts";
import type { AdminUser } from "../admin/auth.server.ts";
import { loginDevices, parentalConsents, passwordResets, sessions, users } from "../db/schema.ts";
import { enforceLimit } from "../http/rate-limit.server.ts";
import type { Mail } from "../mail/mail.server.ts";
import { accountMail } from "../mail/texts.server.ts";
import type { Services } from "../services.server.ts";
import { accountNamed } from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { ACCOUNT_COLUMNS } from "./profile.server.ts";
import { hashToken, isToken, newToken, sessionsChanged } from "./session.server.ts";

/** How long a link works. */
export const RESET_TTL_MS = 30 * 60 * 1000;
/** Requests per address, and links sent per account, in RESET_WINDOW_MS. */
export const RESET_LIMITS = { perIp: 10, perAccount: 3, windowMs: 60 * 60 * 1000 };

/** The API's one answer to a reset request (202), known account or not. */
export const RESET_REQUESTED =
  "If an account has this email or phone number, we have sent a link to its email. The link works for 30 minutes.";
export const RESET_DONE = "Your password has been changed. Please sign in with the new password.";
export const RESET_LINK_INVALID = "This link has expired or was already used. Please ask for a new one.";

type ResetServices = Pick<Services, "database" | "rateLimiter" | "mailer" | "config" | "log">;

/**
 * Asks for a link to the account's email. Resolves once the answer can be given; the link is made and mailed
 * in the background. Throws the site's 429 when the address asked too often.
 */
export async function requestPasswordReset(
  services: ResetServices,
  ip: string,
  who: EmailOrPhone,
  locale: Locale,
): Promise<void> {
  await enforceLimit(services.rateLimiter, `reset:ip:${ip}`, RESET_LIMITS.perIp, RESET_LIMITS.windowMs);
  const account = await findAccountFor(services, who);
  if (account) services.mailer.send(() => resetMail(services, account, locale));
}

/** The link, stored, and its email; null when the account had its links for the hour, or waits for consent. */
async function resetMail(
  services: ResetServices,
  account: { id: string; name: string; email: string; locale: string | null },
  asked: Locale,
): Promise<Mail | null> {
  // In the account's language; an account from before it had one gets the language it asked in.
  const locale = isLocale(account.locale) ? account.locale : asked;
  const { rateLimiter, database, config } = services;
  // Looked up here, after the answer, so that the request's work and timing are those of any account.
  const [waiting] = await database.db
    .select({ userId: parentalConsents.userId })
    .from(parentalConsents)
    .where(and(eq(parentalConsents.userId, account.id), isNull(parentalConsents.givenAt)))
    .limit(1);
  if (waiting) {
    services.log.info("password reset not sent: the account waits for a parent's consent");
    return null;
  }
  const hit = await rateLimiter.hit(`reset:acct:${account.id}`, RESET_LIMITS.windowMs);
  if (hit.count > RESET_LIMITS.perAccount) {
    services.log.info("password reset not sent: the account's hourly limit is reached");
    return null;
  }
  const token = newToken();
  // Expired links of every account go as new ones come: the table stays as small as the last half hour.
  await database.db.delete(passwordResets).where(lt(passwordResets.expiresAt, new Date()));
  await database.db.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId: account.id,
    expiresAt: new Date(Date.now() + RESET_TTL_MS),
  });
  const link = `${config.siteUrl}${localizePath("/reset-password", locale)}?token=${token}`;
  return { to: account.email, link, ...accountMail("passwordReset", locale, { name: account.name, link }) };
}

export interface AccountLookup {
  id: string;
  name: string;
  email: string;
  phone: string;
  role: number | null;
  locale: string | null;
  createdAt: Date;
  /** When the account, an under-18 sign-up, asked its parent's consent, which has not come yet; null otherwise. */
  consentAskedAt: Date | null;
}

/** The account an email or phone names, for the console's look-up (issue 26); null when none does. */
export async function findAccountFor(
  services: Pick<Services, "database">,
  who: EmailOrPhone,
): Promise<AccountLookup | null> {
  const [account] = await services.database.db
    .select({ ...ACCOUNT_COLUMNS, consentAskedAt: parentalConsents.requestedAt })
    .from(users)
    .leftJoin(parentalConsents, and(eq(parentalConsents.userId, users.id), isNull(parentalConsents.givenAt)))
    .where(accountNamed(who))
    .limit(1);
  return account ?? null;
}

/**
 * A reset link an admin reads out to a student who cannot reach the account's email (issue 26): the same link,
 * made in the same transaction as its audit row (never the token itself: only that one was made, and until when).
 */
export async function adminResetLink(
  services: Pick<Services, "database" | "config">,
  admin: AdminUser,
  userId: string,
  locale: Locale,
): Promise<{ link: string; expiresAt: Date } | { refused: "missing" | "waiting" }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  const made = await services.database.db.transaction(async (tx): Promise<true | "missing" | "waiting"> => {
    const [account] = await tx
      .select({ id: users.id, waiting: parentalConsents.userId })
      .from(users)
      .leftJoin(parentalConsents, and(eq(parentalConsents.userId, users.id), isNull(parentalConsents.givenAt)))
      .where(eq(users.id, userId))
      .limit(1);
    if (!account) return "missing";
    // As the student's own request (requestReset): a password does not let a waiting account in, and its parent,
    // not the console, decides whether it starts.
    if (account.waiting) return "waiting";
    await tx.insert(passwordResets).values({ tokenHash: hashToken(token), userId, expiresAt });
    await writeAudit(tx, admin, {
      action: "account.reset-link",
      before: null,
      after: { userId, expiresAt: expiresAt.toISOString() },
    });
    return true;
  });
  if (made !== true) return { refused: made };
  return { link: `${services.config.siteUrl}${localizePath("/reset-password", locale)}?token=${token}`, expiresAt };
}

/** Whether a link's token still works (the reset page shows its form, or says to ask again). */
export async function resetLinkWorks(services: Pick<Services, "database">, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const [row] = await services.database.db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/**
 * Sets a new password through a link: true when done, false when the link does not work (unknown, used or
 * expired). The password is checked by the caller (the sign-up rules).
 */
export async function resetPassword(
  services: Pick<Services, "database">,
  token: string,
  password: string,
): Promise<boolean> {
  if (!isToken(token)) return false;
  const passwordHash = await hashPassword(password);
  const done = await services.database.db.transaction(async (tx) => {
    // Deleting the row is what uses it: of two requests with the same link, one deletes it, the other finds none.
    const [used] = await tx
      .delete(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), gt(passwordResets.expiresAt, new Date())))
      .returning({ userId: passwordResets.userId });
    if (!used) return false;
    await tx.delete(passwordResets).where(eq(passwordResets.userId, used.userId));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, used.userId));
    await tx.delete(sessions).where(eq(sessions.userId, used.userId));
    await tx.delete(loginDevices).where(eq(loginDevices.userId, used.userId));
    return true;
  });
  // After the commit: a session read from memory meanwhile would be read from the database again.
  if (done) sessionsChanged(services);
  return done;
}
