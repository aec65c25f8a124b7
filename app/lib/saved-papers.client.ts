/**
 * Saved papers for offline reading (issue 16): every paper a signed-in student opens (a PDF, or a model paper's
 * page) is kept on their phone, bounded at SAVED_LIMIT_BYTES, least recently opened first out, and all of it is
 * deleted at sign-out. Loaded on demand only (the viewer, My saved papers, the service-worker start-up after
 * load): never part of a page's first load, which has a budget (decision 005).
 *
 * - Bytes live in Cache Storage (SAVED_CACHE), keyed by the URL they came from, so that the service worker
 *   (app/sw/saved.ts) answers the same request offline, byte ranges included.
 * - What they are (owner, title, size, last opened) lives in IndexedDB (SAVED_DB). Plain IndexedDB rather than
 *   the `idb` wrapper: one object store and five requests do not need a dependency on the page side.
 * - A marker in localStorage names the signed-in student whose data this device holds: a page that loads
 *   signed out (another tab signed out, the no-JS sign-out form, a session the server ended) checks with the
 *   server and clears everything, without an IndexedDB open or a request on every visitor's page view.
 */
import { basePath, type Locale, localeFromPath } from "../../domain/i18n.ts";
import type { PaperFileKind } from "../../domain/papers.ts";
import { type SubjectKey, subjectBySlug } from "../../domain/subjects.ts";
import { PAGES_CACHE, SAVED_CACHE, SAVED_DB, SAVED_LIMIT_BYTES } from "./offline-names";
import { planEviction, usedBytes } from "./saved-lru";

export type SavedKind = PaperFileKind | "page";

/** What the viewer needs to open a saved PDF again (the paper as it was listed where it was opened). */
export interface SavedViewerPaper {
  title: string;
  questionUrl: string;
  solutionUrl?: string | undefined;
  solutionLabel?: string | undefined;
}

export interface SavedPaper {
  /** `question:<paperId>`, `solution:<paperId>`, `page:<paperId>`. */
  id: string;
  /** The signed-in student's user id. */
  owner: string;
  paperId: string;
  kind: SavedKind;
  /** As the page showed it, in that page's language: "Mathematics 1, March 2023 question paper". */
  title: string;
  subject: SubjectKey | null;
  /** For PDFs: the paper as the viewer shows it, to open it again on My saved papers. */
  paper: SavedViewerPaper | null;
  /** Where it was opened: the subject or model-paper page (a model paper's page is itself the file). */
  pageUrl: string;
  /** The URL its bytes are kept under (path and query, same origin). */
  fileUrl: string;
  bytes: number;
  /** Epoch milliseconds. */
  savedAt: number;
  lastOpenedAt: number;
}

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

const STORE = "papers";
const OWNER_KEY = "ps-offline-owner";
const CHANNEL = "ps-saved";
/** My saved papers in both languages: its copies in SAVED_CACHE open the list offline. */
const LIST_PAGES = ["/saved", "/mr/saved"] as const;

export function offlineSupported(): boolean {
  return typeof caches !== "undefined" && typeof indexedDB !== "undefined";
}

/**
 * Saving needs the service worker in charge of the page as well: it is what reads a kept paper back with no
 * signal. Without one (an old browser, the first page before it took over, a test that blocks it) nothing is
 * downloaded a second time for nothing; the paper is saved the next time it is opened.
 */
function canSave(): boolean {
  return offlineSupported() && Boolean(navigator.serviceWorker?.controller);
}

// ---------------------------------------------------------------------------------------------------------------
// Change notices: the viewer's indicator, My saved papers and the model page's badge stay in step, in this tab
// and in the student's other tabs.

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function notify(): void {
  for (const listener of listeners) listener();
  channel?.postMessage("changed");
}

/** Calls `listener` after every change to the saved papers (here or in another tab); returns an unsubscribe. */
export function onSavedChange(listener: Listener): () => void {
  if (!channel && typeof BroadcastChannel !== "undefined") {
    channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = () => {
      for (const l of listeners) l();
    };
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// ---------------------------------------------------------------------------------------------------------------
// IndexedDB

let database: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  database ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(SAVED_DB, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE, { keyPath: "id" });
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting the database (sign-out) must not wait for this tab: let go at once.
      db.onversionchange = () => {
        db.close();
        database = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error("saved papers' database blocked"));
  });
  database.catch(() => {
    database = null;
  });
  return database;
}

/** Whether the database exists, without creating it (a visitor who never saved anything gets none). */
async function databaseExists(): Promise<boolean> {
  if (database) return true;
  if (typeof indexedDB.databases !== "function") return true; // cannot tell: opening creates an empty one
  const all = await indexedDB.databases();
  return all.some((db) => db.name === SAVED_DB);
}

function request<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openDatabase().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const req = run(transaction.objectStore(STORE));
        transaction.oncomplete = () => resolve(req.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error ?? new Error("aborted"));
      }),
  );
}

async function allEntries(): Promise<SavedPaper[]> {
  if (!offlineSupported() || !(await databaseExists())) return [];
  return request("readonly", (store) => store.getAll() as IDBRequest<SavedPaper[]>);
}

const putEntry = (entry: SavedPaper) => request("readwrite", (store) => store.put(entry));
const deleteEntry = (id: string) => request("readwrite", (store) => store.delete(id));

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** Every saved paper on this device, the most recently opened first. */
export async function listSaved(): Promise<SavedPaper[]> {
  const entries = await allEntries().catch(() => []);
  return entries.sort((a, b) => b.lastOpenedAt - a.lastOpenedAt || a.id.localeCompare(b.id));
}

/** The saved paper kept under `url` (a PDF's or a model page's address), if any. */
export async function isSaved(url: string): Promise<SavedPaper | null> {
  const key = keyPath(url);
  const entries = await listSaved();
  return entries.find((e) => e.fileUrl === key || (e.kind === "page" && pathOnly(e.fileUrl) === pathOnly(key))) ?? null;
}

/** Bytes used by saved papers, and the limit. */
export async function usage(): Promise<{ used: number; limit: number }> {
  return { used: usedBytes(await listSaved()), limit: SAVED_LIMIT_BYTES };
}

/** A saved paper was opened: it is the last to go when room is needed. */
export async function touchSaved(id: string): Promise<void> {
  const entry = (await listSaved()).find((e) => e.id === id);
  if (!entry) return;
  await putEntry({ ...entry, lastOpenedAt: Date.now() });
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

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

/**
 * Everything this device keeps for the signed-in student, gone: saved papers (bytes and records), the pages
 * and their data kept for offline use (signed-in pages among them), the last page read of each paper, and the
 * marker. Called at sign-out and when the session turns out to have ended.
 */
export async function clearOfflineData(): Promise<void> {
  try {
    localStorage.removeItem("user_id");
    localStorage.removeItem("paperstation:last-pages");
  } catch {
    // storage disabled: nothing kept there
  }
  if (typeof caches !== "undefined") {
    await Promise.all([caches.delete(SAVED_CACHE), caches.delete(PAGES_CACHE)]).catch(() => {});
  }
  if (typeof indexedDB !== "undefined") {
    const open = database;
    database = null;
    await open?.then((db) => db.close()).catch(() => {});
    await new Promise<void>((resolve) => {
      const deletion = indexedDB.deleteDatabase(SAVED_DB);
      deletion.onsuccess = () => resolve();
      deletion.onerror = () => resolve();
      // Another tab still holds it open: its `onversionchange` closes it, then the deletion completes.
      deletion.onblocked = () => {};
    });
  }
  // Last: should anything above fail, the next page load still knows there is a student's data to clear.
  forgetOwner();
  notify();
}

// ---------------------------------------------------------------------------------------------------------------
// Whose data is this?

function rememberOwner(userId: string): void {
  try {
    localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // storage disabled: reconcile falls back to the database
  }
}

function forgetOwner(): void {
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // nothing to forget
  }
}

function ownerMarker(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

/** Asks the server who is signed in, past every cache: a user id, `null` when nobody is, `undefined` when unknown. */
async function whoIsSignedIn(): Promise<string | null | undefined> {
  try {
    const response = await fetch("/api/v1/me", { credentials: "same-origin", cache: "no-store" });
    if (response.status === 401) return null;
    if (!response.ok) return undefined;
    const body = (await response.json()) as { data?: { user_id?: unknown } };
    return typeof body.data?.user_id === "string" ? body.data.user_id : undefined;
  } catch {
    // Offline (the page may be a kept copy shown without a connection): keep everything.
    return undefined;
  }
}

/**
 * Run after every page load by the service-worker start-up (app/lib/pwa.client.ts) with the page's signed-in
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
// Pages

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

const MODEL_PAGE = /^\/maharashtra-board-(.+)-question-papers\/([a-z0-9][a-z0-9-]{0,99})$/;

/** A model paper's page as it is kept: its path, with `?answers=all` when the page showed every answer. */
export function modelPageUrl(pathname: string, search: string): string {
  const answers = new URLSearchParams(search).get("answers") === "all";
  return answers ? `${pathname}?answers=all` : pathname;
}

/**
 * The page's own part, after reconciling: a model paper's page opened by a signed-in student is saved (its HTML,
 * with the answers it showed), with a "Saved for offline" note and a Remove button under its buttons. Drawn here
 * rather than by the page: the model paper page's first load is at its budget.
 */
let lastShown: string | null = null;
async function pageShown(userId: string): Promise<void> {
  const pageUrl = modelPageUrl(location.pathname, location.search);
  // Opening and closing the viewer on the page is a navigation too: the page and its note are already there.
  if (pageUrl === lastShown && document.querySelector("[data-saved-badge]")) return;
  lastShown = pageUrl;
  for (const node of document.querySelectorAll("[data-saved-badge]")) node.remove();
  const match = MODEL_PAGE.exec(basePath(location.pathname));
  const header = document.querySelector<HTMLElement>("main article > header");
  const h1 = header?.querySelector("h1");
  if (!match || !header || !h1) return;
  const paperId = match[2] ?? "";
  const subject = subjectBySlug(match[1] ?? "")?.key ?? null;
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
  showModelPageBadge(header, result, localeFromPath(location.pathname) satisfies Locale);
}

// ---------------------------------------------------------------------------------------------------------------

/** Same-origin path and query of a URL (the form entries and cache keys use). */
function keyPath(url: string): string {
  const parsed = new URL(url, location.origin);
  return parsed.pathname + parsed.search;
}

function pathOnly(url: string): string {
  return url.split("?")[0] ?? url;
}
