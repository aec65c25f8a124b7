import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Config } from "../config.server.ts";
import type { Db } from "../db/client.server.ts";
import { sessions, users } from "../db/schema.ts";
import type { Services } from "../services.server.ts";

export const SESSION_COOKIE = "ps_session";
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Renew at most once a day, so a busy reader does not cost a write per request. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface SessionUser {
  id: string;
  name: string;
  role: number | null;
}

export interface SessionLookup {
  user: SessionUser;
  /** Set when the expiry moved: the cookie should be sent again with the new date. */
  renewedUntil: Date | null;
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** 256 random bits; only their hash is stored. `db` may be a transaction. */
export async function createSession(
  services: Pick<Services, "database">,
  userId: string,
  db: Db = services.database.db,
) {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export function readSessionToken(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) {
      const value = rest.join("=");
      return TOKEN_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}

/**
 * The signed-in user for a cookie header, or null. Deleted users and sessions are signed out at
 * once, because every request looks the session up; expired rows are removed when seen.
 */
export async function lookupSession(
  services: Pick<Services, "database">,
  cookieHeader: string | undefined,
): Promise<SessionLookup | null> {
  const token = readSessionToken(cookieHeader);
  if (!token) return null;
  const tokenHash = hashToken(token);
  const { db } = services.database;
  const [row] = await db
    .select({ id: users.id, name: users.name, role: users.role, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return null;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let renewedUntil: Date | null = null;
  if (row.expiresAt.getTime() - now < SESSION_TTL_MS - RENEW_AFTER_MS) {
    renewedUntil = new Date(now + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.tokenHash, tokenHash));
  }
  return { user: { id: row.id, name: row.name, role: row.role }, renewedUntil };
}

export async function getSessionUser(
  services: Pick<Services, "database">,
  cookieHeader: string | undefined,
): Promise<SessionUser | null> {
  return (await lookupSession(services, cookieHeader))?.user ?? null;
}

export async function deleteSession(services: Pick<Services, "database">, cookieHeader: string | undefined) {
  const token = readSessionToken(cookieHeader);
  if (token) await services.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

function secureFlag(config: Pick<Config, "siteUrl">): string {
  return config.siteUrl.startsWith("https://") ? "; Secure" : "";
}

export function sessionCookie(config: Pick<Config, "siteUrl">, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.round((expiresAt.getTime() - Date.now()) / 1000));
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${secureFlag(config)}`;
}

export function clearedSessionCookie(config: Pick<Config, "siteUrl">): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secureFlag(config)}`;
}
