/**
 * The site's cookies, read and written in one place with the `cookie` package: the session
 * (HttpOnly, set by the server) and the medium preference (also set by the browser).
 */
import { parseCookie, stringifySetCookie } from "cookie";
import type { Medium } from "./catalog.ts";
import { LANGUAGE_COOKIE, type Locale } from "./i18n.ts";

export const SESSION_COOKIE = "ps_session";
/** Marks a device that has signed in to an account (decision 004): HttpOnly, set by the server. */
export const DEVICE_COOKIE = "ps_device";

/**
 * The name a server-set cookie goes by. On https it carries the `__Host-` prefix, which browsers accept only
 * with `Secure`, `Path=/` and no `Domain`, so that no subdomain or plain-http page can plant or shadow it.
 */
export function hostCookieName(name: string, https: boolean): string {
  return https ? `__Host-${name}` : name;
}
export const MEDIUM_COOKIE = "medium";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The value of one cookie in a `Cookie` header; malformed headers read as no cookie. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  try {
    return parseCookie(header)[name];
  } catch {
    return undefined;
  }
}

/** A first-party `Set-Cookie` value for the whole site; `maxAgeSeconds: 0` deletes the cookie. */
export function setCookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; secure: boolean; httpOnly?: boolean },
): string {
  return stringifySetCookie({
    name,
    value,
    path: "/",
    maxAge: Math.max(0, Math.round(options.maxAgeSeconds)),
    httpOnly: options.httpOnly ?? false,
    sameSite: "lax",
    secure: options.secure,
  });
}

/**
 * `Set-Cookie` / `document.cookie` value for the medium: one year, whole site, first-party only. Set by the page
 * that chose it, and by sign-in from the account's medium (server/auth/medium.server.ts).
 */
export function mediumCookie(medium: Medium, secure: boolean): string {
  return setCookie(MEDIUM_COOKIE, medium, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

/**
 * The language a visitor chose, for a year: set by the header's switch, and by sign-in, sign-up and the profile from
 * the account's language (issue 26).
 */
export function languageCookie(locale: Locale, secure: boolean): string {
  return setCookie(LANGUAGE_COOKIE, locale, { maxAgeSeconds: ONE_YEAR_SECONDS, secure });
}

/** Whether a `Cookie` header carries a session cookie under either name, valid or not. */
export function hasSessionCookie(header: string | null | undefined): boolean {
  if (!header) return false;
  return (
    readCookie(header, SESSION_COOKIE) !== undefined ||
    readCookie(header, hostCookieName(SESSION_COOKIE, true)) !== undefined
  );
}
