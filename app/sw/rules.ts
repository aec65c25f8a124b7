/**
 * Which requests the service worker keeps for offline use (issue 16, decision 016). Pure functions, shared by
 * the service worker and its unit tests; no DOM or worker types.
 */
import { OFFLINE_PAGES } from "../offline/offline-names.ts";
import { pageAt } from "../pages.ts";

/** A page's HTML (a navigation), or its data for a client-side navigation (`<path>.data`, single fetch). */
export type OfflinePageKind = "document" | "data";

/** `/sitemap.xml`, `/favicon.svg`, `/sw.js`: files, not pages. (`.data` is handled before this test.) */
const FILE = /\/[^/]*\.[a-z0-9]+$/i;

/** The English path of a page: `/mr` → `/`, `/mr/blogs` → `/blogs`; English paths as they are. */
export function withoutLocale(pathname: string): string {
  if (/^\/mr\/?$/i.test(pathname)) return "/";
  return /^\/mr\//i.test(pathname) ? pathname.slice(3) : pathname;
}

/**
 * The page a single-fetch data URL loads: `/_.data` → `/`, `/mr.data` → `/mr`, `/blogs.data` → `/blogs`;
 * null for anything else.
 */
export function pageOfDataPath(pathname: string): string | null {
  if (!pathname.endsWith(".data")) return null;
  const page = pathname.slice(0, -".data".length);
  if (page.endsWith("/_")) return page.slice(0, -1);
  return page === "" ? "/" : page;
}

/**
 * How a GET request is kept for offline reading: a page's document (network first, then the kept copy, then the
 * offline page) or its `.data` (network first, then the kept copy); null when the service worker leaves it alone.
 * `mode` is the request's mode (`navigate` for documents); `isArticle` knows the build's articles (sw.ts).
 */
export function offlinePageKind(
  url: URL,
  mode: string,
  origin: string,
  isArticle?: (slug: string) => boolean,
): OfflinePageKind | null {
  if (url.origin !== origin) return null;
  const dataPage = pageOfDataPath(url.pathname);
  const page = dataPage ?? url.pathname;
  if (dataPage === null && mode !== "navigate") return null;
  const path = withoutLocale(page);
  // Only a page that says so (app/pages.ts): never the console, sign-in, search, the report form, the API.
  if (!pageAt(path, isArticle)?.policy.keep) return null;
  if (dataPage === null && FILE.test(path)) return null;
  return dataPage === null ? "document" : "data";
}

/** The offline page in the language of the page asked for: Marathi for `/mr` and `/mr/…`, English otherwise. */
export function offlinePageFor(pathname: string): string {
  return pathname === "/mr" || pathname.startsWith("/mr/") || pathname.startsWith("/mr.")
    ? OFFLINE_PAGES.mr
    : OFFLINE_PAGES.en;
}

/** My saved papers, kept by the saved-papers code: its copy opens offline whatever the query string. */
export function isSavedListPage(pathname: string): boolean {
  return withoutLocale(pathname) === "/saved";
}

/**
 * Build files left out of the precache: pdf.js and its worker (about 400 KB, fetched only when a student opens
 * the viewer, then kept at run time) and source maps. Admin-only chunks are found from the route manifest by
 * scripts/build-sw.ts.
 */
export const NOT_PRECACHED = [
  /^assets\/paper-viewer-document-[\w-]+\.js$/,
  /^assets\/pdf\.worker[\w.-]*\.m?js$/,
  /\.map$/,
];

/** Query parameters that only change how a page looks, not which page it is. */
const VIEW_ONLY_PARAMS = new Set(["medium", "_routes"]);

/**
 * Whether a page kept under `kept` may stand in for `wanted` offline: the same path, and the same query but for
 * parameters that only change the view (issue 23: `/practice/new?paper=…-model-1-mr` once opened model paper 2's
 * page, kept under another `paper`).
 */
export function sameKeptPage(wanted: URL, kept: URL): boolean {
  if (wanted.pathname !== kept.pathname) return false;
  const identity = (url: URL) => {
    const pairs: string[] = [];
    url.searchParams.forEach((value, name) => {
      if (!VIEW_ONLY_PARAMS.has(name)) pairs.push(`${name}=${value}`);
    });
    return pairs.sort().join("&");
  };
  return identity(wanted) === identity(kept);
}
