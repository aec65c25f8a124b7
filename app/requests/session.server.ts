/**
 * The session helpers for page loaders and actions: the same `getUser` as the API's
 * (server/auth/session.server.ts), looked up once per request by the root's session middleware.
 */
import { type RouterContextProvider, redirect } from "react-router";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { safeRedirect } from "../../domain/redirect.ts";
import type { SessionUser } from "../../server/auth/session.server.ts";
import { sessionContext } from "../context";
import { orUnavailable } from "./unavailable.server";

type Context = Readonly<RouterContextProvider>;

/** The signed-in user, or null; a database outage becomes the friendly 503 page. */
export function getUser(context: Context): Promise<SessionUser | null> {
  return orUnavailable(() => context.get(sessionContext));
}

/** The signed-in user; a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(context: Context, url: URL): Promise<SessionUser> {
  const user = await getUser(context);
  if (!user) {
    const login = localizePath("/login", localeFromPath(url.pathname));
    throw redirect(`${login}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** For pages only a visitor needs (sign-in): a signed-in user goes where they were heading. */
export async function requireAnonymous(context: Context, url: URL): Promise<void> {
  const home = localizePath("/", localeFromPath(url.pathname));
  if (await getUser(context)) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), home));
}
