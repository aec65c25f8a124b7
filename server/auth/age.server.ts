/**
 * An account whose answer to "Are you under 18?" is unknown (decision 028, amended 2026-11-29): an API sign-up that
 * left out `under_18`, and every account from before consent existed. It is asked once, before anything else: the
 * pages send it to `/age` (app/requests/middleware.server.ts), and the API's study-record writes answer 403 until
 * it has said (`ageGate`), through `POST /api/v1/me/age` or that page.
 *
 * 18 or older is recorded and the student carries on. Under 18 starts the consent flow of a new under-18 sign-up:
 * the parent is mailed, every session of the account ends, and the account waits (and is deleted after 7 days
 * without an answer) as such a sign-up does.
 */
import { and, eq, isNull } from "drizzle-orm";
import type { RequestHandler } from "express";
import { parentEmailProblem } from "../../domain/auth.ts";
import { AGE_MESSAGES, maskEmail } from "../../domain/consent.ts";
import { isLocale } from "../../domain/i18n.ts";
import { sessions, users } from "../db/schema.ts";
import { sendError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { askConsent, mailParent } from "./consent.server.ts";
import { getUser, sessionsChanged } from "./session.server.ts";

export type AgeAnswer = { under_18: boolean; parent_email?: string | undefined };

export type AgeOutcome =
  | { done: "adult" }
  | { done: "minor"; parentEmail: string }
  | { done: false; reason: "known" }
  | { done: false; reason: "gone" }
  | { done: false; reason: "parentEmail"; message: string };

/** Records the account's answer, once. Under 18, the parent is asked and the account's sessions end. */
export async function declareAge(
  services: Pick<Services, "database" | "mailer" | "config" | "log">,
  userId: string,
  answer: AgeAnswer,
  now = new Date(),
): Promise<AgeOutcome> {
  const { db } = services.database;
  const [account] = await db
    .select({ name: users.name, email: users.email, locale: users.locale, ageGroup: users.ageGroup })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return { done: false, reason: "gone" };
  if (account.ageGroup !== null) return { done: false, reason: "known" };
  const unknown = and(eq(users.id, userId), isNull(users.ageGroup));
  if (!answer.under_18) {
    await db.update(users).set({ ageGroup: "adult", ageDeclaredAt: now }).where(unknown);
    sessionsChanged(services);
    return { done: "adult" };
  }
  const parentEmail = answer.parent_email ?? "";
  const problem = parentEmailProblem(parentEmail, account.email);
  if (problem) return { done: false, reason: "parentEmail", message: problem };
  const token = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ ageGroup: "minor", ageDeclaredAt: now })
      .where(unknown)
      .returning({ id: users.id });
    if (!changed) return null;
    // As a new under-18 sign-up: no session until the parent agrees.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    return askConsent(tx, userId, parentEmail);
  });
  if (token === null) return { done: false, reason: "known" };
  sessionsChanged(services);
  const locale = isLocale(account.locale) ? account.locale : "en";
  mailParent(services, { parentEmail, childName: account.name, locale, token });
  return { done: "minor", parentEmail: maskEmail(parentEmail) };
}

/** The API's writes of study records: practice attempts, marks, the notebook, reviews and the reading place. */
const STUDY_WRITES = /^\/v1\/(?:attempts|mistakes|reviews|me\/reading)(?:\/|$)/;

/**
 * Before the API's routers: a study-record write from an account that has not said its age is a 403 naming the
 * step (`POST /api/v1/me/age`). Reads, the account's own routes (export, delete, sign-out) and visitors pass.
 */
export function ageGate(): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || !STUDY_WRITES.test(req.path)) return next();
    getUser(req).then(
      (user) => (user && user.ageGroup === null ? sendError(res, 403, AGE_MESSAGES.ageUnknown) : next()),
      // A session that cannot be read (an outage): the route answers for it.
      () => next(),
    );
  };
}
