/// <reference lib="webworker" />
/**
 * PaperStation's service worker (issue 16, decision 016), bundled by scripts/build-sw.ts and given its precache
 * list by workbox-build's injectManifest. What it keeps:
 * - the app shell of the current build (precached; an older build's copies are dropped when this one activates);
 * - pdf.js, its worker and files, and the site's images, cache first at run time (ASSETS_CACHE);
 * - pages a visitor has seen and their `.data`, network first, for reading offline (PAGES_CACHE);
 * - saved papers (app/sw/saved.ts, SAVED_CACHE).
 * A page that was never kept shows the static offline page in its language.
 */
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from "workbox-strategies";
import { ASSETS_CACHE, PAGES_CACHE, SAVED_CACHE } from "../offline/offline-names.ts";
import { isSavedListPage, offlinePageFor, offlinePageKind, sameKeptPage } from "./rules.ts";
import { registerSavedRoutes } from "./saved.ts";

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };
/** The viewer's lazy files of this build (pdf.js and its worker), put in by scripts/build-sw.ts. */
declare const __VIEWER_FILES__: string[];
/** The build's article slugs, both languages: which one-segment paths are articles to keep (app/pages.ts). */
declare const __ARTICLES__: string[];
const articles = new Set(__ARTICLES__);
const isArticle = (slug: string) => articles.has(slug);

/** Caches this worker owns: any other `ps-*` cache is an older version's and is deleted on activate. */
const KNOWN_CACHES = new Set([PAGES_CACHE, SAVED_CACHE, ASSETS_CACHE]);

/**
 * Only complete, same-origin answers are kept: never an error page, a redirect or a partial response. Pages are
 * sent with `Cache-Control: no-store` (spec §1) so that no shared or HTTP cache keeps them; this cache is the
 * student's own offline copy, deleted at sign-out, so that header is deliberately not honoured here.
 */
const completeOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && response.type === "basic" && !response.redirected ? response : null,
};

// Saved papers first: their PDF routes must win over the general rules below.
registerSavedRoutes();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  // On a weak signal a kept copy after 4 s beats a spinner; the network answer still refreshes the copy.
  networkTimeoutSeconds: 4,
  matchOptions: { ignoreVary: true },
  plugins: [completeOnly, new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })],
});

registerRoute(
  ({ url, request }) => offlinePageKind(url, request.mode, self.location.origin, isArticle) !== null,
  async (options) => {
    const { request, url } = options;
    try {
      return await pages.handle(options);
    } catch {
      // Neither the network nor an exact copy: a looser copy, a saved page, then the offline page.
      if (offlinePageKind(url, request.mode, self.location.origin, isArticle) === "data") return reloadAsDocument(url);
      return (await keptPage(request, url)) ?? (await matchPrecache(offlinePageFor(url.pathname))) ?? Response.error();
    }
  },
);

/**
 * A client-side navigation's data, neither online nor kept: React Router's single-fetch answer for "load this
 * address as a document" (a redirect that reloads), so that the document request gets a kept copy of the page or
 * the offline page in its language. Done here rather than in the page's error boundary, which is in every page's
 * first load.
 */
function reloadAsDocument(url: URL): Response {
  const page = new URL(url);
  page.pathname = page.pathname === "/_root.data" ? "/" : page.pathname.replace(/\.data$/, "");
  page.searchParams.delete("_routes");
  return new Response(null, {
    status: 204,
    headers: { "X-Remix-Redirect": page.pathname + page.search, "X-Remix-Reload-Document": "true" },
  });
}

/**
 * A page kept with another view of the same query (`?medium=`), or one the saved-papers code kept. Never a page
 * kept under another `?paper=` or `?q=`: that is another page (sameKeptPage).
 */
async function keptPage(request: Request, url: URL): Promise<Response | undefined> {
  const loose = { ignoreSearch: true, ignoreVary: true };
  const saved = await caches.open(SAVED_CACHE);
  const pages = await caches.open(PAGES_CACHE);
  const same = (await pages.keys(request, loose)).find((kept) => sameKeptPage(url, new URL(kept.url)));
  return (
    (await saved.match(request, { ignoreVary: true })) ??
    (isSavedListPage(url.pathname) ? await saved.match(request, loose) : undefined) ??
    (same ? await pages.match(same, { ignoreVary: true }) : undefined)
  );
}

// pdf.js, its worker and the files it fetches for a board paper (character maps, fonts), and the message
// catalogs a client-side navigation fetches: hashed or versioned, so a kept copy is always right. Kept after the
// first use, so that a paper opened once reads offline and a page seen once can be navigated to offline.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/(assets|pdfjs|i18n)\//.test(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [completeOnly, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

// The pages' illustrations: not hashed, so shown from the copy and refreshed behind it.
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith("/images/"),
  new StaleWhileRevalidate({
    cacheName: ASSETS_CACHE,
    plugins: [completeOnly, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
  }),
);

self.addEventListener("install", (event) => {
  // A student who has read a paper offline before gets this build's pdf.js too, so that an update does not take
  // offline reading away. Best effort: the install never fails for it.
  event.waitUntil(
    (async () => {
      const assets = await caches.open(ASSETS_CACHE);
      const used = (await assets.keys()).some((r) => new URL(r.url).pathname.startsWith("/assets/paper-viewer"));
      if (used) await assets.addAll(__VIEWER_FILES__).catch(() => {});
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((n) => n.startsWith("ps-") && !KNOWN_CACHES.has(n)).map((n) => caches.delete(n)));
      // The first install takes the open pages at once (there is no older version to mix with); after an update
      // this runs only once the student chose to reload (SKIP_WAITING below).
      await self.clients.claim();
    })(),
  );
});

// A new version waits until the page's update prompt says so: old pages never run against new files.
self.addEventListener("message", (event) => {
  if ((event.data as { type?: unknown } | null)?.type === "SKIP_WAITING") void self.skipWaiting();
});
