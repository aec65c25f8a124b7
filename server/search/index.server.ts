/**
 * Keeps `search_documents` equal to what the site has: run at start-up and after every admin catalogue
 * change. Each row carries the hash of its content, so a rebuild writes only what changed (none at all on a
 * restart with the same content) and is idempotent. Instances sharing a PostgreSQL database take turns under
 * an advisory lock.
 */
import { inArray, sql } from "drizzle-orm";
import { forgetCaches } from "../cache/cache.server.ts";
import { getArticles } from "../content/articles.server.ts";
import { type Database, rowsOf } from "../db/client.server.ts";
import { papers, searchDocuments } from "../db/schema.ts";
import type { Logger } from "../logger.server.ts";
import { getModelPapers } from "../model-papers/catalog.server.ts";
import type { Services } from "../services.server.ts";
import {
  articleDocuments,
  documentHash,
  paperDocuments,
  questionDocuments,
  type SearchDocument,
  subjectDocuments,
} from "./documents.server.ts";
import { searchLexicon } from "./lexicon.server.ts";

// Any fixed number, different from the migrations' lock.
const SEARCH_SYNC_LOCK_ID = 4_210_978;
const BATCH = 200;

export interface SearchSyncReport {
  documents: number;
  written: number;
  removed: number;
  milliseconds: number;
}

/** Every document the site has now: content from the files (read once per process), papers from the catalogue. */
export async function currentDocuments(services: Pick<Services, "database">): Promise<SearchDocument[]> {
  const rows = await services.database.db
    .select({
      id: papers.id,
      subject: papers.subject,
      year: papers.year,
      session: papers.session,
      mediums: papers.mediums,
      official: papers.official,
    })
    .from(papers);
  return [
    ...subjectDocuments(),
    ...questionDocuments(getModelPapers().papers),
    ...articleDocuments({ en: getArticles("en"), mr: getArticles("mr") }),
    ...paperDocuments(rows),
  ];
}

export async function syncSearchIndex(services: Pick<Services, "database">): Promise<SearchSyncReport> {
  const started = performance.now();
  const documents = await currentDocuments(services);
  const wanted = new Map(documents.map((document) => [document.id, { document, hash: documentHash(document) }]));
  const report = await services.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEARCH_SYNC_LOCK_ID})`);
    const existing = await tx.select({ id: searchDocuments.id, hash: searchDocuments.hash }).from(searchDocuments);
    const have = new Map(existing.map((row) => [row.id, row.hash]));
    const gone = existing.filter((row) => !wanted.has(row.id)).map((row) => row.id);
    const changed = [...wanted.values()].filter(({ hash, document }) => have.get(document.id) !== hash);
    for (let i = 0; i < gone.length; i += BATCH) {
      await tx.delete(searchDocuments).where(inArray(searchDocuments.id, gone.slice(i, i + BATCH)));
    }
    for (let i = 0; i < changed.length; i += BATCH) {
      const values = changed.slice(i, i + BATCH).map(({ document, hash }) => ({ ...document, hash }));
      await tx
        .insert(searchDocuments)
        .values(values)
        .onConflictDoUpdate({
          target: searchDocuments.id,
          set: Object.fromEntries(
            Object.keys(values[0] ?? {})
              .filter((key) => key !== "id")
              .map((key) => [key, sql.raw(`excluded."${snake(key)}"`)]),
          ),
        });
    }
    if (gone.length > 0 || changed.length > 0) {
      // The words a misspelling is compared with: every word of the index, as written (simple configuration).
      await tx.execute(sql`delete from search_words`);
      await tx.execute(sql`
        insert into search_words (word)
        select word from ts_stat('select tsv_simple from search_documents')
        where length(word) between 3 and 40
        on conflict do nothing
      `);
    }
    return { written: changed.length, removed: gone.length };
  });
  if (report.written > 0 || report.removed > 0) {
    forgetCaches(services.database, "search-index");
  }
  return { documents: documents.length, ...report, milliseconds: performance.now() - started };
}

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** How many words the typo lexicon's table holds (the decision's figures, tests). */
export async function searchWordCount(services: Pick<Services, "database">): Promise<number> {
  const result = await services.database.db.execute(sql`select count(*)::int as n from search_words`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

// One sync at a time per database: a change while one runs makes one more run afterwards, not one per change.
type SyncState = { running: Promise<void>; again: boolean };
const running = new WeakMap<Database, SyncState>();
/** The databases this process has finished a sync of (successful or not): their index is as built as it gets. */
const finished = new WeakSet<Database>();

/**
 * True while start-up's first sync runs: the index may still be empty or old, so /readyz answers 503 until it
 * is done (decision 015). A later sync (after an admin change) does not count: the index it updates is whole.
 */
export function searchIndexWarming(database: Database): boolean {
  return running.has(database) && !finished.has(database);
}

/**
 * Brings the index up to date in the background (start-up, after an admin change); errors are logged, not
 * thrown. Returns the run's promise, which start-up's close and tests may await.
 */
export function scheduleSearchSync(services: Pick<Services, "database">, log?: Logger): Promise<void> {
  const syncs = running;
  const current = syncs.get(services.database);
  if (current) {
    current.again = true;
    return current.running;
  }
  const state: SyncState = { running: Promise.resolve(), again: false };
  state.running = (async () => {
    try {
      do {
        state.again = false;
        try {
          const report = await syncSearchIndex(services);
          if (report.written > 0 || report.removed > 0) {
            log?.info({ ...report, milliseconds: Math.round(report.milliseconds) }, "search index brought up to date");
          }
          // The typo lexicon, read now rather than by the first misspelt query.
          await searchLexicon(services.database);
        } catch (error) {
          if (log) log.error({ err: error }, "could not update the search index");
          else console.error("could not update the search index", error);
        }
      } while (state.again);
    } finally {
      finished.add(services.database);
      syncs.delete(services.database);
    }
  })();
  syncs.set(services.database, state);
  return state.running;
}

/** The sync running now on this database (start-up's, or one after a change), or nothing: what to wait for. */
export function searchSyncRunning(database: Database): Promise<void> {
  return running.get(database)?.running ?? Promise.resolve();
}
