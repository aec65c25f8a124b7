/**
 * The saved papers' records: what each kept file is (owner, title, size, last opened), in IndexedDB (SAVED_DB), and
 * whose they are, in a localStorage marker. Plain IndexedDB rather than the `idb` wrapper: one object store and five
 * requests do not need a dependency on the page side. The marker names the signed-in student whose data this device
 * holds, so that a page can tell it has something to clear without an IndexedDB open on every visitor's page view.
 * Every change is announced (`onSavedChange`), in this tab and in the student's other tabs.
 */
import type { PaperFileKind } from "../../domain/papers.ts";
import type { SubjectKey } from "../../domain/subjects.ts";
import { SAVED_DB, SAVED_LIMIT_BYTES } from "./offline-names";
import { usedBytes } from "./saved-lru";

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

const STORE = "papers";
const OWNER_KEY = "ps-offline-owner";
const CHANNEL = "ps-saved";

/** Whether this browser has Cache Storage and IndexedDB (some private windows turn them off). */
export function offlineSupported(): boolean {
  return typeof caches !== "undefined" && typeof indexedDB !== "undefined";
}

// ---------------------------------------------------------------------------------------------------------------
// Change notices: the viewer's indicator, My saved papers and the model page's badge stay in step, in this tab
// and in the student's other tabs.

type Listener = () => void;
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

/** Tells this tab's listeners, and the student's other tabs, that the saved papers changed. */
export function notify(): void {
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

/** Every record, unsorted; none, without creating the database, on a device that never saved a paper. */
export async function allEntries(): Promise<SavedPaper[]> {
  if (!offlineSupported() || !(await databaseExists())) return [];
  return request("readonly", (store) => store.getAll() as IDBRequest<SavedPaper[]>);
}

export const putEntry = (entry: SavedPaper) => request("readwrite", (store) => store.put(entry));
export const deleteEntry = (id: string) => request("readwrite", (store) => store.delete(id));

/** Deletes the records' database (sign-out): this tab lets go of it first, other tabs when it asks them to. */
export async function deleteRecords(): Promise<void> {
  if (typeof indexedDB === "undefined") return;
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

// ---------------------------------------------------------------------------------------------------------------
// Whose data is this?

export function rememberOwner(userId: string): void {
  try {
    localStorage.setItem(OWNER_KEY, userId);
  } catch {
    // storage disabled: reconcile falls back to the database
  }
}

export function forgetOwner(): void {
  try {
    localStorage.removeItem(OWNER_KEY);
  } catch {
    // nothing to forget
  }
}

export function ownerMarker(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------------

/** Same-origin path and query of a URL (the form entries and cache keys use). */
export function keyPath(url: string): string {
  const parsed = new URL(url, location.origin);
  return parsed.pathname + parsed.search;
}

function pathOnly(url: string): string {
  return url.split("?")[0] ?? url;
}
