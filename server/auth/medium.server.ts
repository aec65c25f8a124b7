/**
 * The medium follows the account (issue 26, decision 029). A device remembers its medium in a cookie; a signed-in
 * student's choice is also stored on the account, and sign-in gives a new device the account's medium, so that a
 * school computer or a borrowed phone lists the student's papers from the first page.
 */
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Request } from "express";
import { isMedium, type Medium } from "../../domain/catalog.ts";
import { MEDIUM_COOKIE, mediumCookie, readCookie } from "../../domain/cookies.ts";
import { users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";

/** Stores a medium the student chose; choosing the same one again writes nothing. */
export async function rememberAccountMedium(
  services: Pick<Services, "database">,
  userId: string,
  medium: Medium,
): Promise<void> {
  await services.database.db
    .update(users)
    .set({ medium })
    .where(and(eq(users.id, userId), or(isNull(users.medium), ne(users.medium, medium))));
}

/**
 * The cookies a sign-in or sign-up adds for the medium: the account's, when this device has another. An account
 * without one takes the medium this device chose before signing in, which was the student's own choice too.
 */
export async function mediumCookies(
  services: Pick<Services, "database" | "config">,
  req: Request,
  userId: string,
): Promise<string[]> {
  const [row] = await services.database.db
    .select({ medium: users.medium })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const device = readCookie(req.headers.cookie, MEDIUM_COOKIE);
  if (isMedium(row?.medium)) return row.medium === device ? [] : [mediumCookie(row.medium, services.config.https)];
  if (isMedium(device)) await rememberAccountMedium(services, userId, device);
  return [];
}
