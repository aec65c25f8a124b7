/**
 * Changing the account's email or phone (issue 26): the current password is required for both. A new email is
 * the account's only way back in, so it takes effect only when a link sent to it is opened (24 hours, once); the
 * old address is then told. A phone number cannot be confirmed without SMS, which the site does not send: it
 * changes at once, as sign-up takes it.
 */
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { isLocale, type Locale, localizePath } from "../../domain/i18n.ts";
import { emailChanges, users } from "../db/schema.ts";
import { accountMail } from "../mail/texts.server.ts";
import type { Services } from "../services.server.ts";
import { accountNamed } from "./accounts.server.ts";
import { checkPassword } from "./profile.server.ts";
import { hashToken, isToken, newToken } from "./session.server.ts";

export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;

type ChangeServices = Pick<Services, "database" | "rateLimiter" | "authLimits" | "mailer" | "config">;

async function takenByAnother(
  services: Pick<Services, "database">,
  userId: string,
  column: "email" | "phone",
  value: string,
) {
  const condition = accountNamed({ kind: column, value });
  const [row] = await services.database.db
    .select({ id: users.id })
    .from(users)
    .where(and(condition, ne(users.id, userId)))
    .limit(1);
  return Boolean(row);
}

export type EmailChangeOutcome = "sent" | "wrong-password" | "taken" | "same";

/** Sends a confirmation link to the new address; the account keeps its email until the link is opened. */
export async function requestEmailChange(
  services: ChangeServices,
  userId: string,
  password: string,
  newEmail: string,
  locale: Locale,
): Promise<EmailChangeOutcome> {
  if (!(await checkPassword(services, userId, password))) return "wrong-password";
  const [account] = await services.database.db
    .select({ name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return "wrong-password";
  const mailLocale = isLocale(account.locale) ? account.locale : locale;
  if (account.email.toLowerCase() === newEmail.toLowerCase()) return "same";
  if (await takenByAnother(services, userId, "email", newEmail)) return "taken";
  const token = newToken();
  const { db } = services.database;
  await db.delete(emailChanges).where(lt(emailChanges.expiresAt, new Date()));
  await db.insert(emailChanges).values({
    tokenHash: hashToken(token),
    userId,
    newEmail,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_MS),
  });
  const link = `${services.config.siteUrl}${localizePath("/confirm-email", mailLocale)}?token=${token}`;
  services.mailer.send({ to: newEmail, link, ...accountMail("emailChange", mailLocale, { name: account.name, link }) });
  return "sent";
}

/** Whether a confirmation link still works (the page shows its button, or says to ask again). */
export async function emailChangeLinkWorks(services: Pick<Services, "database">, token: string): Promise<boolean> {
  if (!isToken(token)) return false;
  const [row] = await services.database.db
    .select({ userId: emailChanges.userId })
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

export type EmailConfirmOutcome = "changed" | "invalid" | "taken";

/** Opens the link: the account's email becomes the new one, once; the old address is told. */
export async function confirmEmailChange(
  services: Pick<Services, "database" | "mailer" | "config">,
  token: string,
  locale: Locale,
): Promise<EmailConfirmOutcome> {
  if (!isToken(token)) return "invalid";
  const outcome = await services.database.db.transaction(async (tx) => {
    const [change] = await tx
      .delete(emailChanges)
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), gt(emailChanges.expiresAt, new Date())))
      .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
    if (!change) return { result: "invalid" as const };
    const [account] = await tx
      .select({ name: users.name, email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, change.userId))
      .limit(1);
    if (!account) return { result: "invalid" as const };
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(accountNamed({ kind: "email", value: change.newEmail }), ne(users.id, change.userId)))
      .limit(1);
    if (other) return { result: "taken" as const };
    await tx.update(users).set({ email: change.newEmail }).where(eq(users.id, change.userId));
    await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
    return { result: "changed" as const, old: account };
  });
  if (outcome.result === "changed" && outcome.old) {
    const mailLocale = isLocale(outcome.old.locale) ? outcome.old.locale : locale;
    const link = `${services.config.siteUrl}${localizePath("/contact-us", mailLocale)}`;
    services.mailer.send({
      to: outcome.old.email,
      link,
      ...accountMail("emailChanged", mailLocale, { name: outcome.old.name, link }),
    });
  }
  return outcome.result;
}

export type PhoneChangeOutcome = "changed" | "wrong-password" | "taken";

/** A new phone number (91 + 10 digits, as sign-up stores it), the current password required. */
export async function changePhone(
  services: Pick<Services, "database" | "rateLimiter" | "authLimits">,
  userId: string,
  password: string,
  phone: string,
): Promise<PhoneChangeOutcome> {
  if (!(await checkPassword(services, userId, password))) return "wrong-password";
  if (await takenByAnother(services, userId, "phone", phone)) return "taken";
  try {
    await services.database.db.update(users).set({ phone }).where(eq(users.id, userId));
  } catch (error) {
    // Another account took it a moment ago: the unique index decides.
    if (await takenByAnother(services, userId, "phone", phone)) return "taken";
    throw error;
  }
  return "changed";
}
