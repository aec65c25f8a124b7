/**
 * Saved papers for offline reading (issue 16): every paper a signed-in student opens (a PDF, or a model paper's
 * page) is kept on their phone, bounded at SAVED_LIMIT_BYTES, least recently opened first out, and all of it is
 * deleted at sign-out. Loaded on demand only (the viewer, My saved papers, the service-worker start-up after
 * load): never part of a page's first load, which has a budget (decision 005).
 *
 * - Bytes live in Cache Storage and records in IndexedDB: saving and removing is saved-store.client.ts, the records
 *   and the list saved-records.client.ts.
 * - This module follows the session: a page that loads signed out (another tab signed out, the no-JS sign-out form,
 *   a session the server ended) checks with the server and clears everything; a paper an admin retired is
 *   forgotten; a model paper's page a student opens is saved.
 */
import { parseSubjectPath } from "../../domain/subjects.ts";
import { PAGES_CACHE, SAVED_CACHE } from "./offline-names";
import {
  allEntries,
  deleteRecords,
  forgetOwner,
  notify,
  offlineSupported,
  ownerMarker,
  rememberOwner,
} from "./saved-records.client";
import { removeSaved, savePaper } from "./saved-store.client";

// The one module the pages load on demand (one request, the chunk the page-weight test names): what they call
// from the other two is passed on from here.
export { isSaved, listSaved, offlineSupported, onSavedChange, usage } from "./saved-records.client";
export { keepSavedListPages, removeAllSaved, removeSaved, savePaper } from "./saved-store.client";

/**
 * Removes the saved papers the server no longer serves (a paper an admin retired answers 404; issue 23). Asked
 * with HEAD, past every cache, online only; anything but a 404 (offline, a 5xx, signed out) keeps the paper.
 */
export async function forgetRetired(): Promise<void> {
  for (const entry of await allEntries()) {
    try {
      const response = await fetch(entry.fileUrl, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
      if (response.status === 404) await removeSaved(entry.id);
    } catch {
      return; // the connection went: try again next time
    }
  }
}

/**
 * Everything this device keeps for the signed-in student, gone: saved papers (bytes and records), the pages
 * and their data kept for offline use (signed-in pages among them), the last page read of each paper, and the
 * marker. Called at sign-out and when the session turns out to have ended.
 */
async function clearOfflineData(): Promise<void> {
  try {
    localStorage.removeItem("user_id");
    localStorage.removeItem("paperstation:last-pages");
  } catch {
    // storage disabled: nothing kept there
  }
  if (typeof caches !== "undefined") {
    await Promise.all([caches.delete(SAVED_CACHE), caches.delete(PAGES_CACHE)]).catch(() => {});
  }
  await deleteRecords();
  // Last: should anything above fail, the next page load still knows there is a student's data to clear.
  forgetOwner();
  notify();
}

/** Asks the server who is signed in, past every cache: a user id, `null` when nobody is, `undefined` when unknown. */
async function whoIsSignedIn(): Promise<string | null | undefined> {
  try {
    const response = await fetch("/api/v1/me", { credentials: "same-origin", cache: "no-store" });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { user_id?: unknown } | null };
    if (body.data === null) return null; // nobody is signed in
    return typeof body.data?.user_id === "string" ? body.data.user_id : undefined;
  } catch {
    // Offline (the page may be a kept copy shown without a connection): keep everything.
    return undefined;
  }
}

/**
 * Run after every page load by the service-worker start-up (app/offline/pwa.client.ts) with the page's signed-in
 * user id. Data of another student is cleared at once. A page that says nobody is signed in while this device
 * holds a student's data asks the server: only a definite "not signed in" clears it, since the page may be a
 * copy kept for offline use, shown without a connection. This covers sign-out in another tab, the no-JS
 * sign-out form, and a session the server ended. Then the page's own work: a model paper's page is saved.
 */
export async function reconcileSavedPapers(userId: string | null): Promise<void> {
  if (!offlineSupported()) return;
  const marker = ownerMarker();
  if (userId) {
    if (marker && marker !== userId) await clearOfflineData();
    else if (!marker) {
      // No marker (storage was cleared, or an older version): the database says whose papers these are.
      const entries = await allEntries();
      if (entries.some((e) => e.owner !== userId)) await clearOfflineData();
    }
    rememberOwner(userId);
    await pageShown(userId);
    return;
  }
  const holdsData = marker !== null || (await allEntries()).length > 0;
  if (!holdsData) return;
  const signedIn = await whoIsSignedIn();
  if (signedIn === null) await clearOfflineData();
  else if (signedIn !== undefined && marker !== null && signedIn !== marker) await clearOfflineData();
}

// ---------------------------------------------------------------------------------------------------------------
// A model paper's page

/** A model paper's page as it is kept: its path, with `?answers=all` when the page showed every answer. */
function modelPageUrl(pathname: string, search: string): string {
  const answers = new URLSearchParams(search).get("answers") === "all";
  return answers ? `${pathname}?answers=all` : pathname;
}

let lastShown: string | null = null;

/**
 * The page's own part, after reconciling: a model paper's page opened by a signed-in student is saved (its HTML,
 * with the answers it showed), with a "Saved for offline" note and a Remove button under its buttons. Drawn here
 * rather than by the page: the model paper page's first load is at its budget.
 */
async function pageShown(userId: string): Promise<void> {
  const pageUrl = modelPageUrl(location.pathname, location.search);
  // Opening and closing the viewer on the page is a navigation too: the page and its note are already there.
  if (pageUrl === lastShown && document.querySelector("[data-saved-badge]")) return;
  lastShown = pageUrl;
  for (const node of document.querySelectorAll("[data-saved-badge]")) node.remove();
  const page = parseSubjectPath(location.pathname);
  const header = document.querySelector<HTMLElement>("main article > header");
  const h1 = header?.querySelector("h1");
  if (page?.paperId === undefined || !header || !h1) return;
  const { paperId } = page;
  const subject = page.subject.key;
  const result = await savePaper({
    owner: userId,
    paperId,
    kind: "page",
    title: h1.textContent?.trim() ?? paperId,
    subject,
    pageUrl,
    fileUrl: pageUrl,
  });
  const { showModelPageBadge } = await import("./saved-badge.client");
  showModelPageBadge(header, result, page.locale);
}
