/**
 * A student's own account (issue 26, decision 027): details, password, the signed-in devices, everything stored
 * about them as one JSON file, and deletion. One set of functions for the API and the profile page.
 *
 * Anything that needs the password (changing it, deleting the account) is limited per account like sign-in
 * (decision 004), so a borrowed phone with a signed-in session cannot be used to guess it.
 */
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { Role } from "../../domain/auth.ts";
import { tooManyAttemptsMessage } from "../../domain/auth-rules.ts";
import { isMedium, type Medium } from "../../domain/catalog.ts";
import { isLocale, type Locale } from "../../domain/i18n.ts";
import {
  emailChanges,
  loginDevices,
  passwordResets,
  practiceAttempts,
  problemReports,
  reviewCards,
  sessions,
  users,
} from "../db/schema.ts";
import { enforceLimit } from "../http/rate-limit.server.ts";
import { readingOf } from "../reading/reading.server.ts";
import type { Services } from "../services.server.ts";
import { consentRecord, linkedChildren } from "./consent.server.ts";
import { hashPassword, verifyPassword } from "./passwords.server.ts";
import { sessionsChanged } from "./session.server.ts";

type ProfileServices = Pick<Services, "database" | "rateLimiter" | "authLimits">;

/** An account's own columns, as the console's look-up and "Download my data" show them (never the password hash). */
export const ACCOUNT_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  locale: users.locale,
  createdAt: users.createdAt,
};

export interface Profile {
  name: string;
  email: string;
  phone: string;
  role: Role | null;
  /** The medium that follows the account (decision 029). */
  medium: Medium | null;
  /** The student's own exam date (issue 27), or null for the year's. */
  examDay: string | null;
  /** The account's language (issue 26): the site and the emails follow it; null for an account from before. */
  locale: Locale | null;
  createdAt: Date;
}

export async function readProfile(services: Pick<Services, "database">, userId: string): Promise<Profile | null> {
  const [row] = await services.database.db
    .select({
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      medium: users.medium,
      examDay: users.examDay,
      locale: users.locale,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row
    ? {
        ...row,
        role: (row.role as Role | null) ?? null,
        medium: isMedium(row.medium) ? row.medium : null,
        locale: isLocale(row.locale) ? row.locale : null,
      }
    : null;
}

export async function updateDetails(
  services: Pick<Services, "database">,
  userId: string,
  details: { name: string; role: Role | null; medium: Medium | null; locale?: Locale },
): Promise<void> {
  await services.database.db.update(users).set(details).where(eq(users.id, userId));
  // The role is part of who a session signs in.
  sessionsChanged(services);
}

/** Counts a password check against the account (the sign-in limit), throwing the site's 429 beyond it. */
export async function checkPassword(services: ProfileServices, userId: string, password: string): Promise<boolean> {
  const { loginPerAccount, loginWindowMs } = services.authLimits;
  await enforceLimit(
    services.rateLimiter,
    `password:acct:${userId}`,
    loginPerAccount,
    loginWindowMs,
    tooManyAttemptsMessage,
  );
  const [row] = await services.database.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ? verifyPassword(row.hash, password) : false;
}

/**
 * A new password, the current one required: false when it is wrong. The other devices are signed out (whoever
 * knew the old password is out); this one stays signed in.
 */
export async function changePassword(
  services: ProfileServices,
  userId: string,
  sessionHash: string,
  current: string,
  next: string,
): Promise<boolean> {
  if (!(await checkPassword(services, userId, current))) return false;
  const passwordHash = await hashPassword(next);
  await services.database.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, sessionHash)));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
  });
  sessionsChanged(services);
  return true;
}

export interface SignedInDevice {
  /** A stable id for the page (not the session's secret): the hash's first 12 characters. */
  id: string;
  signedInAt: Date;
  /** Sessions are renewed at most daily (decision 004): the last day it was used, roughly. */
  until: Date;
  current: boolean;
}

/** The account's sessions, newest sign-in first. Nothing is stored about the device beyond the session itself. */
export async function listDevices(
  services: Pick<Services, "database">,
  userId: string,
  sessionHash: string,
): Promise<SignedInDevice[]> {
  const rows = await services.database.db
    .select({ tokenHash: sessions.tokenHash, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.tokenHash.slice(0, 12),
    signedInAt: row.createdAt,
    until: row.expiresAt,
    current: row.tokenHash === sessionHash,
  }));
}

/** Ends every session of the account, this one too, and forgets its remembered devices. */
export async function signOutEverywhere(services: Pick<Services, "database">, userId: string): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(loginDevices).where(eq(loginDevices.userId, userId));
  });
  sessionsChanged(services);
}

/**
 * Everything stored about the account, as one JSON-ready object ("Download my data"): the account, its
 * sessions and remembered devices (when, never the secrets), its practice attempts with their marks, its
 * problem reports, its password-reset links (when), new emails waiting for confirmation, and the papers it opened
 * last with the page read (decision 029). The password is stored only as a hash and left out.
 */
export async function exportAccount(services: Pick<Services, "database">, userId: string) {
  const { db } = services.database;
  const [account] = await db
    .select({
      ...ACCOUNT_COLUMNS,
      medium: users.medium,
      examDay: users.examDay,
      // The answer to "Are you under 18?" and when it was given (decision 028, amended).
      ageGroup: users.ageGroup,
      ageDeclaredAt: users.ageDeclaredAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const [signedIn, devices, attempts, reports, resets, emails, reading] = await Promise.all([
    db
      .select({ signedInAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.userId, userId)),
    db
      .select({ rememberedAt: loginDevices.createdAt, expiresAt: loginDevices.expiresAt })
      .from(loginDevices)
      .where(eq(loginDevices.userId, userId)),
    db
      .select({
        id: practiceAttempts.id,
        paperId: practiceAttempts.paperId,
        subject: practiceAttempts.subject,
        startedAt: practiceAttempts.startedAt,
        deadlineAt: practiceAttempts.deadlineAt,
        writingEndedAt: practiceAttempts.writingEndedAt,
        finishedAt: practiceAttempts.finishedAt,
        ended: practiceAttempts.ended,
        statuses: practiceAttempts.statuses,
        marks: practiceAttempts.marks,
        scored: practiceAttempts.scored,
        maxMarks: practiceAttempts.maxMarks,
      })
      .from(practiceAttempts)
      .where(eq(practiceAttempts.userId, userId))
      .orderBy(practiceAttempts.startedAt),
    db
      .select({
        paperId: problemReports.paperId,
        reason: problemReports.reason,
        question: problemReports.question,
        message: problemReports.message,
        status: problemReports.status,
        createdAt: problemReports.createdAt,
      })
      .from(problemReports)
      .where(eq(problemReports.userId, userId)),
    db
      .select({ createdAt: passwordResets.createdAt, expiresAt: passwordResets.expiresAt })
      .from(passwordResets)
      .where(eq(passwordResets.userId, userId)),
    db
      .select({ newEmail: emailChanges.newEmail, createdAt: emailChanges.createdAt, expiresAt: emailChanges.expiresAt })
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId)),
    readingOf(services, userId),
  ]);
  // Decision 028: the parent's consent for this account (under 18), and the students this account consented for.
  const [parentalConsent, children, mistakes] = await Promise.all([
    consentRecord(services, userId),
    linkedChildren(services, userId),
    // The mistake notebook and its review schedule (issue 27).
    db
      .select({
        item: reviewCards.itemKey,
        subject: reviewCards.subject,
        chapter: reviewCards.chapter,
        addedDay: reviewCards.addedDay,
        dueDay: reviewCards.dueDay,
        gapDays: reviewCards.gapDays,
        fullReviews: reviewCards.fullReviews,
        lastReviewDay: reviewCards.lastReviewDay,
        missed: reviewCards.missed,
        flagged: reviewCards.flagged,
      })
      .from(reviewCards)
      .where(eq(reviewCards.userId, userId)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    site: "PaperStation",
    account,
    parentalConsent,
    consentGivenFor: children.map((child) => ({ name: child.name, givenAt: child.givenAt })),
    mistakeNotebook: mistakes,
    sessions: signedIn,
    rememberedDevices: devices,
    practiceAttempts: attempts,
    problemReports: reports,
    passwordResetLinks: resets,
    emailChangesWaiting: emails,
    papersRead: reading,
  };
}

/**
 * Deletes the account, the password required: false when it is wrong. One statement, so one transaction: the
 * sessions, devices, reset links, practice attempts (with their marks and the progress made of them) and the papers
 * read go with the user row (ON DELETE CASCADE), and problem reports stay for the paper's sake without the account (SET NULL).
 */
export async function deleteAccount(services: ProfileServices, userId: string, password: string): Promise<boolean> {
  if (!(await checkPassword(services, userId, password))) return false;
  await services.database.db.delete(users).where(eq(users.id, userId));
  sessionsChanged(services);
  return true;
}
