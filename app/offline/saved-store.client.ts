/**
 * Keeping a paper for offline reading and letting it go: its bytes in Cache Storage (SAVED_CACHE), keyed by the URL
 * they came from, so that the service worker (app/sw/saved.ts) answers the same request offline, byte ranges
 * included; its record in IndexedDB (saved-records.client.ts). Bounded at SAVED_LIMIT_BYTES, least recently opened
 * first out. My saved papers' own page is kept here too, so that the list opens offline.
 */
import type { SubjectKey } from "../../domain/subjects.ts";
import { PAGES_CACHE, SAVED_CACHE, SAVED_LIMIT_BYTES } from "./offline-names";
import { planEviction } from "./saved-lru";
import {
  allEntries,
  deleteEntry,
  keyPath,
  notify,
  offlineSupported,
  putEntry,
  rememberOwner,
  type SavedKind,
  type SavedPaper,
  type SavedViewerPaper,
} from "./saved-records.client";

export interface SaveRequest {
  owner: string;
  paperId: string;
  kind: SavedKind;
  title: string;
  subject?: SubjectKey | null | undefined;
  paper?: SavedViewerPaper | null | undefined;
  pageUrl: string;
  fileUrl: string;
}

export type SaveResult =
  | { status: "saved"; entry: SavedPaper }
  /** A single file over the limit is not kept (and nothing else is deleted for it). */
  | { status: "tooBig"; bytes: number }
  /** No connection, the session ended, storage refused: the paper stays readable online only. */
  | { status: "failed" }
  /** This browser has no Cache Storage or IndexedDB (or they are off, as in some private windows). */
  | { status: "unsupported" };

/** My saved papers in both languages: its copies in SAVED_CACHE open the list offline. */
const LIST_PAGES = ["/saved", "/mr/saved"] as const;

/**
 * Saving needs the service worker in charge of the page as well: it is what reads a kept paper back with no
 * signal. Without one (an old browser, the first page before it took over, a test that blocks it) nothing is
 * downloaded a second time for nothing; the paper is saved the next time it is opened.
 */
function canSave(): boolean {
  return offlineSupported() && Boolean(navigator.serviceWorker?.controller);
}

// One save at a time: two papers saved at once would each make room for itself only.
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/**
 * Keeps a paper for offline reading: one full GET of its file with the session cookie (what the student was
 * just given), stored in SAVED_CACHE after making room. A file already saved is asked for with its ETag, so
 * that reopening it costs a 304 rather than the whole file again.
 */
export function savePaper(input: SaveRequest): Promise<SaveResult> {
  if (!canSave()) return Promise.resolve({ status: "unsupported" });
  return serially(async () => {
    const fileUrl = keyPath(input.fileUrl);
    const id = `${input.kind}:${input.paperId}`;
    const entries = await allEntries();
    const existing = entries.find((e) => e.id === id && e.owner === input.owner);
    const cache = await caches.open(SAVED_CACHE);
    const cached = existing ? await cache.match(existing.fileUrl) : undefined;
    const etag = cached?.headers.get("etag");
    rememberOwner(input.owner);

    let response: Response | undefined;
    if (input.kind === "page") {
      // The page being read: the service worker kept this very answer in PAGES_CACHE as it arrived (a document
      // load), so it is copied rather than downloaded again. After an in-app navigation there is none: a copy
      // saved before is kept as it is, and a page never saved is fetched once.
      const seen = await (await caches.open(PAGES_CACHE)).match(fileUrl);
      if (seen?.status === 200) response = seen;
      else if (existing && cached) return markOpened(existing, input);
    }
    try {
      response ??= await fetch(fileUrl, {
        credentials: "same-origin",
        // Pages are no-store anyway; for PDFs the ETag asks "has it changed?" instead of downloading again.
        cache: "no-cache",
        headers: etag && existing?.fileUrl === fileUrl ? { "If-None-Match": etag } : {},
      });
    } catch {
      // Offline: it is being read from the saved copy, if there is one.
      if (existing && cached) return markOpened(existing, input);
      return { status: "failed" };
    }
    if (response.status === 304 && existing && cached) return markOpened(existing, input);
    if (response.status !== 200) return { status: "failed" };
    const type = response.headers.get("content-type") ?? "";
    const expected = input.kind === "page" ? "text/html" : "application/pdf";
    if (!type.startsWith(expected)) return { status: "failed" };
    const announced = Number(response.headers.get("content-length"));
    if (Number.isFinite(announced) && announced > SAVED_LIMIT_BYTES) {
      await response.body?.cancel();
      return { status: "tooBig", bytes: announced };
    }
    if (existing && cached && response.headers.get("etag") && response.headers.get("etag") === etag) {
      await response.body?.cancel();
      return markOpened(existing, input);
    }
    const body = await response.blob();
    const plan = planEviction(entries, { id, bytes: body.size }, SAVED_LIMIT_BYTES);
    if (!plan.fits) return { status: "tooBig", bytes: body.size };
    for (const gone of plan.evict)
      await removeEntry(
        entries.find((e) => e.id === gone),
        cache,
      );

    // A stored copy of the answer, without `Vary` (a navigation's headers differ from this fetch's and would
    // not match it) or cookies; the ETag is kept for the next "has it changed?".
    const headers = new Headers({ "Content-Type": type, "Content-Length": String(body.size) });
    const tag = response.headers.get("etag");
    if (tag) headers.set("ETag", tag);
    const now = Date.now();
    const entry: SavedPaper = {
      id,
      owner: input.owner,
      paperId: input.paperId,
      kind: input.kind,
      title: input.title || existing?.title || input.paperId,
      subject: input.subject ?? existing?.subject ?? null,
      paper: input.paper ?? existing?.paper ?? null,
      pageUrl: input.pageUrl,
      fileUrl,
      bytes: body.size,
      savedAt: now,
      lastOpenedAt: now,
    };
    try {
      if (existing && existing.fileUrl !== fileUrl) await cache.delete(existing.fileUrl);
      await cache.put(fileUrl, new Response(body, { status: 200, headers }));
      await putEntry(entry);
    } catch {
      // Storage full or refused: keep what was there before rather than a half-saved paper.
      await cache.delete(fileUrl).catch(() => false);
      return { status: "failed" };
    }
    notify();
    void askToPersist();
    void keepSavedListPages();
    return { status: "saved", entry };
  });
}

/** A paper kept before was opened again: it is the last to go when room is needed. */
async function markOpened(existing: SavedPaper, input: SaveRequest): Promise<SaveResult> {
  const entry: SavedPaper = {
    ...existing,
    title: input.title || existing.title,
    subject: input.subject ?? existing.subject,
    paper: input.paper ?? existing.paper,
    lastOpenedAt: Date.now(),
  };
  await putEntry(entry);
  notify();
  return { status: "saved", entry };
}

async function removeEntry(entry: SavedPaper | undefined, cache: Cache): Promise<void> {
  if (!entry) return;
  await cache.delete(entry.fileUrl);
  await deleteEntry(entry.id);
}

/** Deletes one saved paper (its bytes and its record). */
export function removeSaved(id: string): Promise<void> {
  if (!offlineSupported()) return Promise.resolve();
  return serially(async () => {
    const entry = (await allEntries()).find((e) => e.id === id);
    await removeEntry(entry, await caches.open(SAVED_CACHE));
    notify();
  });
}

/** Deletes every saved paper, keeping the list page. */
export function removeAllSaved(): Promise<void> {
  if (!offlineSupported()) return Promise.resolve();
  return serially(async () => {
    const cache = await caches.open(SAVED_CACHE);
    for (const entry of await allEntries()) await removeEntry(entry, cache);
    notify();
  });
}

/** Ask the browser to keep saved papers when the phone runs short of space (Chrome decides; no prompt). */
async function askToPersist(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) await navigator.storage.persist();
  } catch {
    // a nicety only
  }
}

let listPagesKept = false;
/** Which build a kept list page came from. */
const BUILD_HEADER = "X-PaperStation-Build";

/** The current build's version, from React Router's manifest (it changes with every build's assets). */
function buildVersion(): string {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version ?? "";
}

/**
 * Keeps My saved papers' page (both languages) in SAVED_CACHE, so that it opens offline. Once per document:
 * the copy must match the current build's assets, which a new document brings.
 */
export async function keepSavedListPages(force = false): Promise<void> {
  if ((listPagesKept && !force) || !canSave()) return;
  listPagesKept = true;
  const cache = await caches.open(SAVED_CACHE);
  const build = buildVersion();
  await Promise.all(
    LIST_PAGES.map(async (path) => {
      // Once per build (a kept copy names this build's scripts, which the precache holds), not once per page.
      if (!force && build && (await cache.match(path))?.headers.get(BUILD_HEADER) === build) return;
      try {
        const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
        if (response.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("text/html")) return;
        const body = await response.blob();
        await cache.put(
          path,
          new Response(body, { headers: { "Content-Type": "text/html; charset=utf-8", [BUILD_HEADER]: build } }),
        );
      } catch {
        listPagesKept = false;
      }
    }),
  );
}
