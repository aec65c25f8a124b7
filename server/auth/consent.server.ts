/**
 * A parent's consent for the account of someone under 18 (issue 26, decision 028; DPDP Act 2023 s.9, DPDP Rules
 * 2025 rule 10). One flow for the API and the pages:
 *
 * - Sign-up under 18 stores the account and a waiting consent in one transaction, with no session: until the
 *   parent agrees the account cannot sign in, so nothing is processed beyond what asking for consent needs (the
 *   sign-up's own fields and the parent's email). The parent gets a link (256 random bits, kept as a sha256), in
 *   an email in English and Marathi.
 * - The parent agrees or declines on the link's page. Agreeing records the time and the notice's version and
 *   links the parent's account (made there if the email has none); declining deletes the sign-up at once.
 * - A waiting account is deleted 7 days after sign-up (`deleteUnconsented`, run hourly by the server).
 * - A linked parent sees the child's progress and can withdraw consent, which deletes the child's account.
 */
import { randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import { MESSAGES, parentAccountSchema } from "../../domain/auth.ts";
import {
  CONSENT_MAX_SENDS,
  CONSENT_MESSAGES,
  CONSENT_NOTICE_VERSION,
  CONSENT_RESEND_MS,
  CONSENT_WAIT_MS,
  consentAnswerSchema,
  maskEmail,
} from "../../domain/consent.ts";
import { isLocale, type Locale, localizePath } from "../../domain/i18n.ts";
import { fieldErrors } from "../../domain/validation.ts";
import type { Db } from "../db/client.server.ts";
import { parentalConsents, users } from "../db/schema.ts";
import { bilingualAccountMail } from "../mail/texts.server.ts";
import type { Services } from "../services.server.ts";
import { accountNamed } from "./accounts.server.ts";
import { hashPassword } from "./passwords.server.ts";
import { checkPassword } from "./profile.server.ts";
import { createSession, hashToken, isToken, newToken, sessionsChanged } from "./session.server.ts";

type ConsentServices = Pick<Services, "database" | "mailer" | "config" | "log">;

/** Inside sign-up's transaction: the waiting consent. Returns the link's token, for `mailParent` after the commit. */
export async function askConsent(tx: Db, userId: string, parentEmail: string): Promise<string> {
  const token = newToken();
  await tx.insert(parentalConsents).values({ userId, parentEmail, tokenHash: hashToken(token) });
  return token;
}

/**
 * Queues the consent email to the parent, in both languages (the parent's own is unknown): the account's first,
 * each with the link to the consent page in its language, the same token in both.
 */
export function mailParent(
  services: ConsentServices,
  to: { parentEmail: string; childName: string; locale: Locale; token: string },
): void {
  const linkIn = (locale: Locale) =>
    `${services.config.siteUrl}${localizePath("/parent-consent", locale)}?token=${to.token}`;
  const links = { en: linkIn("en"), mr: linkIn("mr") };
  services.mailer.send({
    to: to.parentEmail,
    link: links[to.locale],
    ...bilingualAccountMail("parentConsent", to.locale, { name: to.childName, links }),
  });
}

/**
 * A sign-in to an account whose parent has not agreed: null when it needs no consent (or has it), else the
 * parent's email, masked. The parent is mailed a fresh link, at most once in CONSENT_RESEND_MS.
 */
export async function consentWaiting(
  services: ConsentServices,
  userId: string,
  now = new Date(),
): Promise<{ parentEmail: string } | null> {
  const { db } = services.database;
  const [row] = await db
    .select({
      parentEmail: parentalConsents.parentEmail,
      sentAt: parentalConsents.sentAt,
      sends: parentalConsents.sends,
      childName: users.name,
      locale: users.locale,
    })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.userId))
    .where(and(eq(parentalConsents.userId, userId), isNull(parentalConsents.givenAt)))
    .limit(1);
  if (!row) return null;
  // At most CONSENT_MAX_SENDS emails in all, re-sends and changes of address together.
  if (now.getTime() - row.sentAt.getTime() >= CONSENT_RESEND_MS && row.sends < CONSENT_MAX_SENDS) {
    const token = newToken();
    await db
      .update(parentalConsents)
      .set({ tokenHash: hashToken(token), sentAt: now, sends: sql`${parentalConsents.sends} + 1` })
      .where(eq(parentalConsents.userId, userId));
    const locale = isLocale(row.locale) ? row.locale : "en";
    mailParent(services, { parentEmail: row.parentEmail, childName: row.childName, locale, token });
  }
  return { parentEmail: maskEmail(row.parentEmail) };
}

export type ParentEmailChange =
  | { ok: true; parentEmail: string; deleteAt: Date }
  | { ok: false; reason: "notWaiting" | "tooMany" | "same" };

/**
 * A waiting account gives another parent's email (decision 028, amended 2026-11-29): a mistyped address no longer
 * leaves the student stuck. The address is replaced, a new link is mailed to it and the old one stops working; the
 * 7 days still count from sign-up (`requested_at` is kept), and the change counts among CONSENT_MAX_SENDS.
 */
export async function changeParentEmail(
  services: ConsentServices,
  userId: string,
  parentEmail: string,
  now = new Date(),
): Promise<ParentEmailChange> {
  const token = newToken();
  const outcome = await services.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sends: parentalConsents.sends,
        requestedAt: parentalConsents.requestedAt,
        childName: users.name,
        email: users.email,
        locale: users.locale,
      })
      .from(parentalConsents)
      .innerJoin(users, eq(users.id, parentalConsents.userId))
      .where(
        and(
          eq(parentalConsents.userId, userId),
          isNull(parentalConsents.givenAt),
          gt(parentalConsents.requestedAt, new Date(now.getTime() - CONSENT_WAIT_MS)),
        ),
      )
      .for("update")
      .limit(1);
    if (!row) return { ok: false, reason: "notWaiting" } as const;
    if (parentEmail.toLowerCase() === row.email.toLowerCase()) return { ok: false, reason: "same" } as const;
    if (row.sends >= CONSENT_MAX_SENDS) return { ok: false, reason: "tooMany" } as const;
    await tx
      .update(parentalConsents)
      .set({ parentEmail, tokenHash: hashToken(token), sentAt: now, sends: row.sends + 1 })
      .where(eq(parentalConsents.userId, userId));
    return { ok: true, row } as const;
  });
  if (!outcome.ok) return outcome;
  const { row } = outcome;
  const locale = isLocale(row.locale) ? row.locale : "en";
  mailParent(services, { parentEmail, childName: row.childName, locale, token });
  return {
    ok: true,
    parentEmail: maskEmail(parentEmail),
    deleteAt: new Date(row.requestedAt.getTime() + CONSENT_WAIT_MS),
  };
}

/** What the consent page shows for a link: the child's name, and whether the parent's email has an account. */
export interface ConsentRequest {
  childName: string;
  parentEmail: string;
  parentHasAccount: boolean;
}

/** The waiting consent a link names, if it still works (not answered, not older than the 7 days). */
async function waitingFor(db: Db, token: string, now: Date) {
  if (!isToken(token)) return null;
  const [row] = await db
    .select({
      userId: parentalConsents.userId,
      parentEmail: parentalConsents.parentEmail,
      childName: users.name,
      locale: users.locale,
    })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.userId))
    .where(
      and(
        eq(parentalConsents.tokenHash, hashToken(token)),
        isNull(parentalConsents.givenAt),
        gt(parentalConsents.requestedAt, new Date(now.getTime() - CONSENT_WAIT_MS)),
      ),
    )
    .limit(1);
  return row ?? null;
}

async function accountOfEmail(db: Db, email: string) {
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(accountNamed({ kind: "email", value: email }))
    .limit(1);
  return account ?? null;
}

export async function consentRequest(
  services: Pick<Services, "database">,
  token: string,
  now = new Date(),
): Promise<ConsentRequest | null> {
  const { db } = services.database;
  const row = await waitingFor(db, token, now);
  if (!row) return null;
  const parent = await accountOfEmail(db, row.parentEmail);
  return { childName: row.childName, parentEmail: row.parentEmail, parentHasAccount: parent !== null };
}

export type ConsentOutcome =
  | { ok: true; childName: string; parentId: string; cookie: string | null }
  | { ok: false; reason: "invalid" | "needsAccount" | "phoneTaken" };

/**
 * The parent agrees: in one transaction, the consent is recorded (time, notice version), the link stops working,
 * and the parent's account is linked: the one the email already has, or a new parent account from `newParent`.
 * A new parent account is signed in at once (`cookie`): the parent came from their own email.
 */
export async function giveConsent(
  services: Pick<Services, "database" | "config">,
  token: string,
  newParent: z.output<typeof parentAccountSchema> | null,
  now = new Date(),
): Promise<ConsentOutcome> {
  const passwordHash = newParent ? await hashPassword(newParent.password) : null;
  const outcome = await services.database.db.transaction(async (tx): Promise<ConsentOutcome> => {
    const row = await waitingFor(tx, token, now);
    if (!row) return { ok: false, reason: "invalid" } as const;
    let parent = await accountOfEmail(tx, row.parentEmail);
    let cookie: string | null = null;
    if (!parent) {
      if (!newParent || !passwordHash) return { ok: false, reason: "needsAccount" } as const;
      const [phoneTaken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.phone, newParent.phone))
        .limit(1);
      if (phoneTaken) return { ok: false, reason: "phoneTaken" } as const;
      parent = { id: randomUUID() };
      await tx.insert(users).values({
        id: parent.id,
        name: newParent.name,
        email: row.parentEmail,
        phone: newParent.phone,
        passwordHash,
        role: 2,
        locale: row.locale,
        // The parent's ticked declaration says 18 or older (rule 10's due diligence).
        ageGroup: "adult",
        ageDeclaredAt: now,
      });
      cookie = (await createSession(services, parent.id, tx)).cookie;
    } else {
      // An existing account that has not said its age has now declared 18 or older.
      await tx
        .update(users)
        .set({ ageGroup: "adult", ageDeclaredAt: now })
        .where(and(eq(users.id, parent.id), isNull(users.ageGroup)));
    }
    await tx
      .update(parentalConsents)
      .set({ givenAt: now, noticeVersion: CONSENT_NOTICE_VERSION, tokenHash: null, parentUserId: parent.id })
      .where(eq(parentalConsents.userId, row.userId));
    return { ok: true, childName: row.childName, parentId: parent.id, cookie };
  });
  // A parent account that had not said its age is answered from memory no longer (its sessions carry the age).
  if (outcome.ok) sessionsChanged(services);
  return outcome;
}

/** The parent declines: the sign-up is deleted at once. False when the link no longer works. */
export async function declineConsent(services: Pick<Services, "database">, token: string, now = new Date()) {
  const declined = await services.database.db.transaction(async (tx) => {
    const row = await waitingFor(tx, token, now);
    if (!row) return false;
    await tx.delete(users).where(eq(users.id, row.userId));
    return true;
  });
  if (declined) sessionsChanged(services);
  return declined;
}

/**
 * Deletes every account whose parent did not agree within CONSENT_WAIT_MS of sign-up (decision 028). One
 * statement: the consent row goes with the user (ON DELETE CASCADE). Returns how many went.
 */
export async function deleteUnconsented(services: Pick<Services, "database">, now = new Date()): Promise<number> {
  const expired = services.database.db
    .select({ id: parentalConsents.userId })
    .from(parentalConsents)
    .where(
      and(
        isNull(parentalConsents.givenAt),
        lt(parentalConsents.requestedAt, new Date(now.getTime() - CONSENT_WAIT_MS)),
      ),
    );
  const deleted = await services.database.db
    .delete(users)
    .where(inArray(users.id, expired))
    .returning({ id: users.id });
  if (deleted.length) sessionsChanged(services);
  return deleted.length;
}

/** The students whose parent is this account, with when consent was given. */
export async function linkedChildren(services: Pick<Services, "database">, parentId: string) {
  return services.database.db
    .select({ id: users.id, name: users.name, givenAt: parentalConsents.givenAt })
    .from(parentalConsents)
    .innerJoin(users, eq(users.id, parentalConsents.userId))
    .where(and(eq(parentalConsents.parentUserId, parentId), isNotNull(parentalConsents.givenAt)))
    .orderBy(users.name);
}

/**
 * The parent withdraws consent: the parent's password is checked, then the child's account goes in one
 * statement, with everything in it (sessions, attempts, marks: ON DELETE CASCADE; reports are unlinked).
 */
export async function withdrawConsent(
  services: Pick<Services, "database" | "rateLimiter" | "authLimits">,
  parentId: string,
  childId: string,
  password: string,
): Promise<"withdrawn" | "wrongPassword" | "noSuchChild"> {
  if (!(await checkPassword(services, parentId, password))) return "wrongPassword";
  const deleted = await services.database.db
    .delete(users)
    .where(
      and(
        eq(users.id, childId),
        sql`exists (select 1 from ${parentalConsents} where ${parentalConsents.userId} = ${childId} and ${parentalConsents.parentUserId} = ${parentId})`,
      ),
    )
    .returning({ id: users.id });
  if (deleted.length) sessionsChanged(services);
  return deleted.length ? "withdrawn" : "noSuchChild";
}

/** The consent record, for the child's "Download my data": never the link's hash. */
export async function consentRecord(services: Pick<Services, "database">, userId: string) {
  const [row] = await services.database.db
    .select({
      parentEmail: parentalConsents.parentEmail,
      requestedAt: parentalConsents.requestedAt,
      givenAt: parentalConsents.givenAt,
      noticeVersion: parentalConsents.noticeVersion,
    })
    .from(parentalConsents)
    .where(eq(parentalConsents.userId, userId))
    .limit(1);
  return row ?? null;
}

/** How a parent's answer went, for the API and the consent page alike. */
export type ConsentAnswer =
  | { done: "agreed"; childName: string; cookie: string | null }
  | { done: "declined" }
  | { done: false; status: 400 | 409; message: string; errors: Record<string, string>; invalid: boolean };

/**
 * The parent's answer (`token`, `answer`, and for agreeing `declaration: true`, plus `name`, `phone` and
 * `password` when the parent's email has no account yet), checked with the same rules for the API and the page.
 */
export async function answerConsent(
  services: Pick<Services, "database" | "config">,
  body: Record<string, unknown>,
): Promise<ConsentAnswer> {
  const refused = (status: 400 | 409, message: string, errors: Record<string, string> = {}, invalid = false) =>
    ({ done: false, status, message, errors, invalid }) as const;
  const parsed = consentAnswerSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return refused(400, Object.values(errors)[0] ?? MESSAGES.fixErrors, errors);
  }
  if (parsed.data.answer === "decline") {
    return (await declineConsent(services, parsed.data.token))
      ? { done: "declined" }
      : refused(400, CONSENT_MESSAGES.linkInvalid, {}, true);
  }
  const parent = parentAccountSchema.safeParse(body);
  const outcome = await giveConsent(services, parsed.data.token, parent.success ? parent.data : null);
  if (outcome.ok) return { done: "agreed", childName: outcome.childName, cookie: outcome.cookie };
  if (outcome.reason === "invalid") return refused(400, CONSENT_MESSAGES.linkInvalid, {}, true);
  if (outcome.reason === "phoneTaken") {
    return refused(409, CONSENT_MESSAGES.phoneTaken, { phone: CONSENT_MESSAGES.phoneTaken });
  }
  return refused(400, MESSAGES.fixErrors, parent.success ? {} : fieldErrors(parent.error));
}
