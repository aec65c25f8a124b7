/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"; decision 004): a browser in
 * which the owner has signed in gets a random token in an HttpOnly cookie, whose hash names the account here.
 * Sign-ins from that browser are limited by their own counter, not by the account's or the address's, so
 * strangers guessing a student's password (or a whole school lab's mistakes) never lock the owner out.
 */
import { and, eq, gt } from "drizzle-orm";
import type { Request } from "express";
import { DEVICE_COOKIE, hostCookieName, readCookie, setCookie } from "../../domain/cookies.ts";
import { loginDevices } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { hashToken, isToken, newToken } from "./session.server.ts";

/** A device stays known for a year after its last sign-in: the whole season and the next. */
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;

function deviceToken(services: Pick<Services, "config">, req: Request): string | null {
  const value = readCookie(req.headers.cookie, hostCookieName(DEVICE_COOKIE, services.config.https));
  return value && isToken(value) ? value : null;
}

/** The hash of this browser's device cookie when it names a live device of `userId`, otherwise null. */
export async function knownDevice(
  services: Pick<Services, "config" | "database">,
  req: Request,
  userId: string,
): Promise<string | null> {
  const token = deviceToken(services, req);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const [row] = await services.database.db
    .select({ tokenHash: loginDevices.tokenHash })
    .from(loginDevices)
    .where(
      and(
        eq(loginDevices.tokenHash, tokenHash),
        eq(loginDevices.userId, userId),
        gt(loginDevices.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row ? tokenHash : null;
}

/**
 * After a successful sign-in: a fresh device token for `userId` (the browser's old one, if any, is dropped), and
 * its `Set-Cookie` value.
 */
export async function rememberDevice(
  services: Pick<Services, "config" | "database">,
  req: Request,
  userId: string,
): Promise<string> {
  const { db } = services.database;
  const old = deviceToken(services, req);
  const token = newToken();
  const expiresAt = new Date(Date.now() + DEVICE_TTL_MS);
  await db.transaction(async (tx) => {
    if (old) await tx.delete(loginDevices).where(eq(loginDevices.tokenHash, hashToken(old)));
    await tx.insert(loginDevices).values({ tokenHash: hashToken(token), userId, expiresAt });
  });
  return setCookie(hostCookieName(DEVICE_COOKIE, services.config.https), token, {
    maxAgeSeconds: DEVICE_TTL_MS / 1000,
    secure: services.config.https,
    httpOnly: true,
  });
}
