/**
 * The page requests' cross-cutting work, as React Router middleware (issue 24 §3, decision 021) rather than a
 * call in each loader: the root runs `outageMiddleware` and `sessionMiddleware` for every page and data
 * request, and the console's layout runs `adminMiddleware`.
 */
import { type MiddlewareFunction, redirect } from "react-router";
import { AGE_PATH } from "../../domain/consent.ts";
import { hasSessionCookie } from "../../domain/cookies.ts";
import { localeFromPath, localizePath } from "../../domain/i18n.ts";
import { getAdmin } from "../../server/admin/auth.server.ts";
import { getUser } from "../../server/auth/session.server.ts";
import { isDatabaseUnavailable } from "../../server/db/errors.server.ts";
import { countDatabaseOutage } from "../../server/metrics/metrics.server.ts";
import { adminContext, expressRequestContext, outageContext, sessionContext } from "../context";
import { pageAt } from "../pages.ts";
import { pageRefusal } from "./root.server";

/**
 * A page whose loaders met a database outage answers 503 with Retry-After, whichever loader it was (the subject
 * page's own boundary still explains it): `handleError` (entry.server.tsx) marks the request when it logs the
 * error, which it does before the page renders. A 503 page without Retry-After (a middleware's refusal, whose
 * headers React Router does not pass on) gets it too. Documents only: a client navigation's data carries its
 * errors in its body, which the browser reads whatever the status.
 */
export const outageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const outage = response.status === 503 || (response.status >= 500 && context.get(outageContext));
  if (!outage || response.headers.has("Retry-After")) return response;
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  if (response.status !== 503) countDatabaseOutage();
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/** Who is signed in, looked up once per request and shared by every loader and action (app/requests/session.server.ts). */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  // Not awaited here: a page that never asks (or asks only in a loader that may not run) pays nothing, and a
  // lookup that fails is answered where it is asked for, as before.
  const lookup = getUser(context.get(expressRequestContext));
  lookup.catch(() => {});
  context.set(sessionContext, lookup);
};

/**
 * The console's guard (issue 15), on its layout route: React Router runs a layout's middleware for every request
 * to any of its pages, a child's data fetch or form post included, so no console loader or action runs for
 * anyone but an admin, and none has to check. Anyone else gets the site's 404 page, never a hint that the
 * console exists; a database outage gets the 503 page. The loaders read the admin from `adminContext`.
 */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ context, request, url }) => {
  let admin: Awaited<ReturnType<typeof getAdmin>>;
  try {
    admin = await getAdmin(context.get(expressRequestContext));
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    countDatabaseOutage();
    throw await pageRefusal(context, request, url, 503);
  }
  if (!admin) throw await pageRefusal(context, request, url, 404);
  context.set(adminContext, admin);
};

/**
 * Pages an account that has not said whether it is under 18 may still open (decision 028, amended 2026-11-29):
 * the question itself, signing out, the terms and privacy notice, a parent's consent link and its change of email.
 * The console has its own guard (operators are staff).
 */
const BEFORE_AGE = new Set([
  "routes/age.tsx",
  "routes/logout.tsx",
  "routes/legal.tsx",
  "routes/parent-consent.tsx",
  "routes/parent-email.tsx",
]);

/**
 * An account whose age is unknown (an API sign-up without `under_18`, an account from before) is asked before
 * anything else: every other page, and its forms, send it to `/age`, which brings it back here afterwards. A
 * visitor's request (no session cookie) costs nothing; a signed-in one reads the session the root reads anyway.
 */
export const ageMiddleware: MiddlewareFunction<Response> = async ({ context, request, url }) => {
  if (!hasSessionCookie(request.headers.get("cookie"))) return;
  const user = await context.get(sessionContext).catch(() => null);
  if (!user || user.ageGroup !== null) return;
  const page = pageAt(url.pathname);
  if (!page || page.admin || BEFORE_AGE.has(page.file)) return;
  const age = localizePath(AGE_PATH, localeFromPath(url.pathname));
  throw redirect(`${age}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
};
