/**
 * The site's cookies, read and written in one place with the `cookie` package: the session
 * (HttpOnly, set by the server) and the medium preference (also set by the browser).
 */
import { parseCookie, stringifySetCookie } from "cookie";

export const SESSION_COOKIE = "ps_session";
export const MEDIUM_COOKIE = "medium";

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
