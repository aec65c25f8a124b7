/// <reference lib="webworker" />
/**
 * Saved papers in the service worker (issue 16): the PDFs a signed-in student opened, which the page side
 * (app/offline/saved-papers.client.ts) keeps in SAVED_CACHE, read back when there is no connection.
 *
 * `/papers/:id/(question|solution).pdf` goes to the network first, always: the server checks the session, so a
 * PDF stays gated, and its 401, 403 or 404 is passed on as it is, never swapped for a kept copy (a student whose
 * session ended must sign in again, and a retired paper is gone). Only when the network itself fails is the kept
 * copy served, with byte ranges (the viewer's PdfSource asks for 32 KB pieces; workbox-range-requests cuts them
 * from the stored file). Nothing is stored here: only the page side saves, with the student's id beside it, so
 * that signing out can delete everything.
 */
import { createPartialResponse } from "workbox-range-requests";
import { registerRoute } from "workbox-routing";
import { PAGES_CACHE, SAVED_CACHE, SAVED_DB } from "../offline/offline-names.ts";
import { withoutLocale } from "./rules.ts";

/** The server's own pattern for paper files (server/papers/routes.server.ts). */
export const PAPER_FILE = /^\/papers\/[a-z0-9-]+\/(question|solution)\.pdf$/;

declare const self: ServiceWorkerGlobalScope;

export function registerSavedRoutes(): void {
  // Signing out, with JavaScript (the API) or without (the header's form): once the server has ended the session,
  // the saved papers and kept pages go before the answer reaches the page, so before it navigates anywhere.
  // Here rather than in the Logout button: the button is in every page's first load, which has no bytes to spare.
  // The page's own traces (the owner marker, last pages read) go on the next page load (reconcileSavedPapers).
  registerRoute(
    ({ url }) =>
      url.origin === self.location.origin &&
      (url.pathname === "/api/v1/logout" || withoutLocale(url.pathname) === "/logout"),
    async ({ request }) => {
      const response = await fetch(request);
      // The form's answer is a redirect home (opaque to a worker); the API's is 200. A refusal keeps everything.
      if (response.ok || response.type === "opaqueredirect") await clearSignedInData();
      return response;
    },
    "POST",
  );

  registerRoute(
    ({ url, request }) =>
      url.origin === self.location.origin && request.method === "GET" && PAPER_FILE.test(url.pathname),
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch (error) {
        const kept = await savedCopy(request);
        if (!kept) throw error;
        return kept;
      }
    },
  );
}

/** The kept copy of a paper file, the requested byte range of it when the request asks for one. */
async function savedCopy(request: Request): Promise<Response | undefined> {
  const cache = await caches.open(SAVED_CACHE);
  // Stored under the file's address without its query; a Range header never changes which file it is.
  const kept = await cache.match(request.url, { ignoreSearch: true, ignoreVary: true });
  if (!kept) return undefined;
  return request.headers.has("range") ? createPartialResponse(clampedRange(request, kept), kept) : kept;
}

/**
 * The viewer asks for the first 32 KB of a paper whatever its size; a server answers the bytes there are (RFC 9110
 * §14.1.2), but Workbox answers 416 to a range that ends past the file. The range is cut to the kept copy's size.
 */
function clampedRange(request: Request, kept: Response): Request {
  const size = Number(kept.headers.get("content-length"));
  const range = /^bytes=(\d+)-(\d+)$/.exec(request.headers.get("range") ?? "");
  if (!range || !Number.isFinite(size) || size <= 0 || Number(range[2]) < size) return request;
  const headers = new Headers(request.headers);
  headers.set("range", `bytes=${range[1]}-${size - 1}`);
  return new Request(request.url, { headers });
}

/** The saved papers (bytes and records) and every kept page, signed-in ones among them. */
async function clearSignedInData(): Promise<void> {
  await Promise.all([caches.delete(SAVED_CACHE), caches.delete(PAGES_CACHE)]).catch(() => {});
  await new Promise<void>((resolve) => {
    const deletion = indexedDB.deleteDatabase(SAVED_DB);
    deletion.onsuccess = () => resolve();
    deletion.onerror = () => resolve();
    // A page holding it open closes it on `versionchange`; the deletion then completes on its own.
    deletion.onblocked = () => resolve();
  });
}
