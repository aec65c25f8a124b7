/**
 * Sessions: the one way to know who is signed in (docs/decisions/004-sessions-and-abuse-limits.md).
 * `getUser(req)` looks the session up once per request, however many callers ask, and renews the
 * cookie when the expiry moved; `requireUser` and `requireAnonymous` build on it. Page loaders and
 * actions use the same functions through `app/requests/session.server.ts`.
 */
import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Request } from "express";
import type { AgeGroup } from "../../domain/consent.ts";
import { hostCookieName, readCookie, SESSION_COOKIE, setCookie } from "../../domain/cookies.ts";
import { createCache, forgetCaches } from "../cache/cache.server.ts";
import type { Config } from "../config.server.ts";
import type { Db } from "../db/client.server.ts";
import { sessions, users } from "../db/schema.ts";
import { HttpError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import type { SessionEvents } from "./session-events.server.ts";

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * However often it is used, a session ends this long after sign-in (OWASP's absolute timeout): a stolen
 * cookie does not last the season. 90 days is one fresh sign-in between November and the March exam.
 */
export const SESSION_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
/** Renew at most once a day, so a busy reader does not cost a write per request. */
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new secret for a cookie or an emailed link (sessions, devices, reset and email-change links): 256 random bits,
 * base64url. Only its `hashToken` is stored.
 */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Whether a value has a token's shape (checked before any lookup). */
export function isToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export interface SessionUser {
  id: string;
  name: string;
  role: number | null;
  /** "Are you under 18?" (decision 028): null until the account has said; such an account is asked first. */
  ageGroup: AgeGroup | null;
}

export function ageGroupOf(value: string | null): AgeGroup | null {
  return value === "adult" || value === "minor" ? value : null;
}

/** The services of the app that received this request (`createApp` puts them in `app.locals`). */
export function servicesOf(req: Request): Services {
  const services = req.app.locals.services as Services | undefined;
  if (!services) throw new Error("request did not come through createApp");
  return services;
}

/** sha256 of a random token (sessions, devices, reset links): the stored form, which cannot be replayed. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function readSessionToken(req: Request): string | null {
  const value = readCookie(req.headers.cookie, hostCookieName(SESSION_COOKIE, servicesOf(req).config.https));
  return value && isToken(value) ? value : null;
}

function sessionCookie(config: Pick<Config, "https">, token: string, expiresAt: Date): string {
  const maxAgeSeconds = (expiresAt.getTime() - Date.now()) / 1000;
  return setCookie(hostCookieName(SESSION_COOKIE, config.https), token, {
    maxAgeSeconds,
    secure: config.https,
    httpOnly: true,
  });
}

/**
 * Starts a session for the user: 256 random bits, of which only the hash is stored. `db` may be a
 * transaction (sign-up stores the account and its session together). Returns the `Set-Cookie` value.
 */
export async function createSession(
  services: Pick<Services, "database" | "config">,
  userId: string,
  db: Db = services.database.db,
): Promise<{ token: string; cookie: string }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, cookie: sessionCookie(services.config, token, expiresAt) };
}

/** Ends the request's session, if any; returns the `Set-Cookie` value that clears the cookie. */
export async function destroySession(req: Request): Promise<string> {
  const services = servicesOf(req);
  const token = readSessionToken(req);
  if (token) await services.database.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
  sessionsChanged(services);
  lookups.set(req, Promise.resolve(null));
  const name = hostCookieName(SESSION_COOKIE, services.config.https);
  return setCookie(name, "", { maxAgeSeconds: 0, secure: services.config.https, httpOnly: true });
}

/** The stored hash of the request's session token, if it carries one (to tell "this device" among the sessions). */
export function currentSessionHash(req: Request): string | null {
  const token = readSessionToken(req);
  return token ? hashToken(token) : null;
}

const lookups = new WeakMap<Request, Promise<SessionUser | null>>();

/**
 * The signed-in user of this request, or null. Deleted users and sessions are signed out at once,
 * because every request looks the session up; expired rows are removed when seen. A session whose
 * expiry moved gets its cookie sent again, so the browser's copy lasts as long.
 */
export function getUser(req: Request): Promise<SessionUser | null> {
  let pending = lookups.get(req);
  if (!pending) {
    pending = lookUp(req);
    lookups.set(req, pending);
  }
  return pending;
}

interface SessionRow {
  id: string;
  name: string;
  role: number | null;
  ageGroup: string | null;
  expiresAt: Date;
  createdAt: Date;
}

/** How long a looked-up session serves this process before it is read again (decision 032). */
export const SESSION_CACHE_MS = 30_000;

/**
 * Sessions looked up, by token hash, while this process hears every end of a session (./session-events.server.ts:
 * always on the embedded database, with Redis on PostgreSQL). Every end of a session (sign-out, reset, sign-out
 * everywhere, deletion, consent withdrawn) and every change of who a user is (role) empties it at once, here and
 * in the other instances (`sessionsChanged`), so a revoked session still stops at once, while a signed-in page
 * costs no query for it (issue 28).
 */
const sessionRows = createCache<object, SessionRow | undefined, () => Promise<SessionRow | undefined>>({
  name: "sessions",
  madeFrom: ["sessions"],
  max: 20_000,
  ttlMs: SESSION_CACHE_MS,
  load: (_owner, _key, read) => read(),
});

/** Each database's session events (./session-events.server.ts), set by `createServices`; none: nothing is kept. */
const eventsOf = new WeakMap<object, SessionEvents>();

export function attachSessionEvents(database: object, events: SessionEvents): void {
  eventsOf.set(database, events);
}

/** The session events of `database`'s app: whether they are live, and how to announce (./student-writes.server.ts). */
export function sessionEventsOf(database: object): SessionEvents | undefined {
  return eventsOf.get(database);
}

/** After this process ended a session or changed a user: no instance answers a session from memory any more. */
export function sessionsChanged(services: Pick<Services, "database">): void {
  forgetCaches(services.database, "sessions");
  eventsOf.get(services.database)?.announce();
}

async function sessionRow(services: Services, tokenHash: string): Promise<SessionRow | undefined> {
  const read = async () => {
    const [row] = await services.database.db
      .select({
        id: users.id,
        name: users.name,
        role: users.role,
        ageGroup: users.ageGroup,
        expiresAt: sessions.expiresAt,
        createdAt: sessions.createdAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, tokenHash))
      .limit(1);
    return row;
  };
  return eventsOf.get(services.database)?.live ? sessionRows.fetch(services.database, tokenHash, read) : read();
}

async function lookUp(req: Request): Promise<SessionUser | null> {
  const token = readSessionToken(req);
  if (!token) return null;
  const services = servicesOf(req);
  const tokenHash = hashToken(token);
  const { db } = services.database;
  const row = await sessionRow(services, tokenHash);
  if (!row) return null;
  const now = Date.now();
  const endOfLife = row.createdAt.getTime() + SESSION_ABSOLUTE_MS;
  if (row.expiresAt.getTime() <= now || endOfLife <= now) {
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    sessionsChanged(services);
    return null;
  }
  if (row.expiresAt.getTime() - now < SESSION_TTL_MS - RENEW_AFTER_MS && row.expiresAt.getTime() < endOfLife) {
    const renewedUntil = new Date(Math.min(now + SESSION_TTL_MS, endOfLife));
    await db.update(sessions).set({ expiresAt: renewedUntil }).where(eq(sessions.tokenHash, tokenHash));
    if (eventsOf.get(services.database)?.live) {
      sessionRows.set(services.database, tokenHash, { ...row, expiresAt: renewedUntil });
    }
    if (req.res && !req.res.headersSent) {
      req.res.append("Set-Cookie", sessionCookie(services.config, token, renewedUntil));
    }
  }
  return { id: row.id, name: row.name, role: row.role, ageGroup: ageGroupOf(row.ageGroup) };
}

/** The signed-in user, or a 401 for the API. */
export async function requireUser(req: Request): Promise<SessionUser> {
  const user = await getUser(req);
  if (!user) throw new HttpError(401, "Not signed in");
  return user;
}
