import { DEFAULT_MEDIUM, isMedium, type Medium } from "../../domain/catalog.ts";
import { MEDIUM_COOKIE, mediumCookie, readCookie } from "../../domain/cookies.ts";

/**
 * The chosen medium lives in two places (spec §3, issue 4): browser storage (`medium`), which the
 * spec's client reads, and a `medium` cookie, so that the server renders the right listing. A signed-in
 * student's choice also goes with the account (`users.medium`, decision 029), which sign-in gives each device.
 */
export const MEDIUM_KEY = MEDIUM_COOKIE;

/** The medium named in a `Cookie` header, if it is a valid one. */
export function mediumFromCookie(cookieHeader: string | null | undefined): Medium | undefined {
  const value = readCookie(cookieHeader, MEDIUM_COOKIE);
  return isMedium(value) ? value : undefined;
}

/** Which medium a subject page shows: `?medium=`, else the cookie, else marathi. Bad values fall back. */
export function mediumForRequest(url: URL, cookieHeader: string | null): { medium: Medium; fromQuery: boolean } {
  const fromQuery = url.searchParams.get(MEDIUM_KEY);
  if (isMedium(fromQuery)) return { medium: fromQuery, fromQuery: true };
  return { medium: mediumFromCookie(cookieHeader) ?? DEFAULT_MEDIUM, fromQuery: false };
}

/** Browser only: remember the medium in storage and in the cookie. Storage may be blocked; the cookie still works. */
export function rememberMedium(medium: Medium): void {
  try {
    window.localStorage.setItem(MEDIUM_KEY, medium);
  } catch {
    // private mode or storage disabled: the cookie below is enough for the server
  }
  // biome-ignore lint/suspicious/noDocumentCookie: one simple first-party preference cookie
  document.cookie = mediumCookie(medium, window.location.protocol === "https:");
}

/** Browser only: the medium in storage, if valid. */
export function storedMedium(): Medium | undefined {
  try {
    const value = window.localStorage.getItem(MEDIUM_KEY);
    return isMedium(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
