import { data, type RouterContextProvider } from "react-router";
import { readCookie, setCookie } from "../../domain/cookies.ts";
import { LANGUAGE_COOKIE, LANGUAGE_OFFERED_COOKIE, localeFromPath } from "../../domain/i18n.ts";
import type { SessionUser } from "../../server/auth/session.server.ts";
import { fontUrl } from "../../server/content/font.server.ts";
import { isDatabaseUnavailable } from "../../server/db/errors.server.ts";
import { requestNow } from "../../server/http/clock.server.ts";
import { compiledCatalog, pageCatalog } from "../../server/i18n/catalog.server.ts";
import { dueForRequest } from "../../server/reviews/notebook.server.ts";
import { expressRequestContext, servicesContext, sessionContext } from "../context";
import { i18nFor, registerCatalog } from "../site/i18n";
import { mediumFromCookie } from "../site/medium";
import type { PageRefusal, RootData } from "../site/meta";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The root's data. When the session cannot be read (the database is down), the root still answers, with
 * a 503 status and `unavailable` set, so that the page explains the outage in the page's own language:
 * a thrown root error would leave the error page without its catalog.
 */
export async function getRootData(context: Readonly<RouterContextProvider>, request: Request, url: URL) {
  const { config } = context.get(servicesContext);
  const rootData = await readRootData(context, request, url, true);
  if (rootData.unavailable) return data(rootData, { status: 503, headers: { "Retry-After": "5" } });
  // Offered once: the next page does not offer again, whatever the visitor answers (or does not).
  if (rootData.offerMarathi) {
    const seen = setCookie(LANGUAGE_OFFERED_COOKIE, "1", { maxAgeSeconds: ONE_YEAR_SECONDS, secure: config.https });
    return data(rootData, { headers: { "Set-Cookie": seen } });
  }
  return rootData;
}

/**
 * A whole-page refusal thrown by a middleware before any loader runs (the console's 404 to anyone but an admin,
 * or a 503 in an outage): React Router then runs no loader, the root's neither, so the refusal carries the
 * root's data itself and `useRootData` reads it from the error (decision 021). Throw what it returns.
 */
export async function pageRefusal(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
  status: 404 | 503,
) {
  const root = await readRootData(context, request, url, false);
  const refusal: PageRefusal = { root };
  // No headers: React Router does not pass a middleware's thrown headers on; the outage middleware adds a 503's
  // Retry-After.
  return data(refusal, { status });
}

async function readRootData(
  context: Readonly<RouterContextProvider>,
  request: Request,
  url: URL,
  mayOffer: boolean,
): Promise<RootData> {
  const { config } = context.get(servicesContext);
  let user: SessionUser | null = null;
  let unavailable = false;
  try {
    user = await context.get(sessionContext);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    unavailable = true;
  }
  // The header's "due today" (issue 27): one indexed count; the count is a nicety, so an error shows none.
  const services = context.get(servicesContext);
  const now = requestNow(config, request.headers);
  const due =
    user && !unavailable
      ? await dueForRequest(services, user.id, context.get(expressRequestContext), now).catch(() => 0)
      : 0;
  // The page's URL (`url`), not the request's: a data request after a form's action is `/report.data`, whose
  // catalog would otherwise lack the page's namespaces.
  const { pathname } = url;
  const locale = localeFromPath(pathname);
  // The messages go to the render through the registry, not through the loader's data, so that they are
  // serialised once per process instead of once per request (the page embeds the cached JSON).
  const catalog = pageCatalog(locale, pathname);
  registerCatalog(catalog.key, catalog.messages, catalog.json);
  const cookies = request.headers.get("cookie");
  const offer =
    mayOffer &&
    locale === "en" &&
    readCookie(cookies, LANGUAGE_COOKIE) === undefined &&
    readCookie(cookies, LANGUAGE_OFFERED_COOKIE) === undefined &&
    mediumFromCookie(cookies) === "marathi";
  const mr = offer ? i18nFor("mr", compiledCatalog("mr")) : null;
  const offerMarathi = mr
    ? {
        label: mr._("common.offer.label"),
        text: mr._("common.offer.text"),
        accept: mr._("common.offer.accept"),
        decline: mr._("common.offer.decline"),
      }
    : null;
  return {
    siteUrl: config.siteUrl,
    // No name: nothing on a page needs it, and a signed-in page kept for every student (decision 032) must carry
    // nothing of one student but their id.
    user: user ? { id: user.id, due } : null,
    locale,
    catalog: catalog.key,
    offerMarathi,
    fontUrl: fontUrl(),
    unavailable,
  };
}
