/**
 * The page requests' cross-cutting work, as React Router middleware (issue 24 §3, decision 021) rather than a
 * call in each loader: the root runs `outageMiddleware` and `sessionMiddleware` for every page and data
 * request.
 */
import type { MiddlewareFunction } from "react-router";
import { getUser } from "../../server/auth/session.server.ts";
import { countDatabaseOutage } from "../../server/metrics/metrics.server.ts";
import { expressRequestContext, outageContext, sessionContext } from "../context";

/**
 * A page whose loaders met a database outage answers 503 with Retry-After, whichever loader it was (the subject
 * page's own boundary still explains it): `handleError` (entry.server.tsx) marks the request when it logs the
 * error, which it does before the page renders. Documents only: a client navigation's data carries its errors
 * in its body, which the browser reads whatever the status.
 */
export const outageMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  if (response.status < 500 || response.status === 503 || !context.get(outageContext)) return response;
  if (!response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  countDatabaseOutage();
  const headers = new Headers(response.headers);
  headers.set("Retry-After", "5");
  return new Response(response.body, { status: 503, statusText: "Service Unavailable", headers });
};

/** Who is signed in, looked up once per request and shared by every loader and action (app/lib/session.server.ts). */
export const sessionMiddleware: MiddlewareFunction<Response> = ({ context }) => {
  // Not awaited here: a page that never asks (or asks only in a loader that may not run) pays nothing, and a
  // lookup that fails is answered where it is asked for, as before.
  const lookup = getUser(context.get(expressRequestContext));
  lookup.catch(() => {});
  context.set(sessionContext, lookup);
};
