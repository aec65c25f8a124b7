import { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import { createCache } from "../cache/cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { paperFileChunks, paperFiles, paperPreviews } from "../db/schema.ts";
import type { ImageSize } from "./first-page.server.ts";
import { isSha256, type PaperStore, type StoredFile, sha256Hex } from "./store.server.ts";

/** 256 KiB: a 50 MB paper is 200 rows, and a viewer's 32 KiB range costs at most two chunk reads. */
export const DEFAULT_CHUNK_SIZE = 256 * 1024;
/** The bound on cached chunk bytes per store (one store per process). */
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;
/** Chunks per query and per INSERT: about 1 MiB in flight, whatever the file's size. */
const DEFAULT_BATCH_CHUNKS = 4;
/** File sizes remembered for stat: content-addressed, so an entry never goes stale. */
const META_ENTRIES = 10_000;

export interface PostgresPaperStoreOptions {
  /** Chunk size for files stored from now on; files already stored keep the size they were written with. */
  chunkSize?: number;
  /** Upper bound on the bytes of cached chunks; 0 turns the cache off. */
  cacheBytes?: number;
  batchChunks?: number;
  /** Called with the chunk numbers of every chunk query (metrics and tests). */
  onChunkQuery?: (query: { sha256: string; chunks: number[] }) => void;
}

export interface PostgresPaperStore extends PaperStore {
  /** What the chunk cache holds now. */
  cacheUsage(): { bytes: number; chunks: number; limit: number };
}

interface FileMeta extends StoredFile {
  chunkSize: number;
}

/**
 * Paper files in PostgreSQL, so every instance on one database serves every file (issue 15,
 * decision 013). Each file is a `paper_files` row plus `paper_file_chunks` rows of `chunkSize` bytes;
 * a read fetches only the chunks that cover its range, a few at a time, and keeps hot chunks in an
 * LRU bounded by bytes. Chunks never change once written (the key is their file's sha256), so the
 * cache needs no invalidation.
 */
export function createPostgresPaperStore(
  database: Database,
  options: PostgresPaperStoreOptions = {},
): PostgresPaperStore {
  const { db } = database;
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  const batchChunks = options.batchChunks ?? DEFAULT_BATCH_CHUNKS;
  const cacheBytes = options.cacheBytes ?? DEFAULT_CACHE_BYTES;
  if (!Number.isInteger(chunkSize) || chunkSize < 1) throw new Error("chunkSize must be a positive integer");
  if (!Number.isInteger(batchChunks) || batchChunks < 1) throw new Error("batchChunks must be a positive integer");
  if (!Number.isInteger(cacheBytes) || cacheBytes < 0) throw new Error("cacheBytes must be a whole number of bytes");

  // Content-addressed, so made from nothing that changes: only the bounds drop entries (decision 019).
  const cache =
    cacheBytes > 0
      ? createCache<Database, Uint8Array>({
          name: "paper file chunks",
          madeFrom: [],
          maxBytes: cacheBytes,
          sizeOf: (bytes) => bytes.byteLength || 1,
        })
      : null;
  const metas = createCache<Database, FileMeta | undefined>({
    name: "paper file sizes",
    madeFrom: [],
    max: META_ENTRIES,
    // A file not stored (yet) is not kept: a put may store it next.
    load: async (_database, sha256) => {
      const [row] = await db
        .select({ size: paperFiles.size, chunkSize: paperFiles.chunkSize })
        .from(paperFiles)
        .where(eq(paperFiles.sha256, sha256))
        .limit(1);
      return row ? { sha256, size: Number(row.size), chunkSize: row.chunkSize } : undefined;
    },
  });
  /** Preview sizes found: content-addressed, so never stale; a file without one is asked again next time. */
  const previewSizes = createCache<Database, ImageSize>({
    name: "paper preview sizes",
    madeFrom: [],
    max: META_ENTRIES,
  });
  /**
   * Chunks being fetched right now: a crowd opening the same cold paper shares one query per chunk. By hand, not
   * the cache's load: one query fetches every missing chunk of a read, and a load is one key.
   */
  const inflight = new Map<string, Promise<Uint8Array>>();

  async function meta(sha256: string): Promise<FileMeta | null> {
    if (!isSha256(sha256)) return null;
    return (await metas.fetch(database, sha256)) ?? null;
  }

  /** Chunks `first`..`last` of a file, from the cache where possible and otherwise in one query. */
  async function chunks(file: FileMeta, first: number, last: number): Promise<Uint8Array[]> {
    const result: Uint8Array[] = [];
    const waits: Promise<void>[] = [];
    const missing: number[] = [];
    for (let n = first; n <= last; n++) {
      const key = `${file.sha256}:${n}`;
      const hit = cache?.get(database, key);
      if (hit) {
        result[n - first] = hit;
        continue;
      }
      const pending = inflight.get(key);
      if (!pending) missing.push(n);
      else
        waits.push(
          pending.then((bytes) => {
            result[n - first] = bytes;
          }),
        );
    }
    if (missing.length > 0) {
      const settle = new Map<number, { resolve(bytes: Uint8Array): void; reject(error: unknown): void }>();
      for (const n of missing) {
        const { promise, resolve, reject } = Promise.withResolvers<Uint8Array>();
        // Only other readers await it; with none, a rejection must not become an unhandled one.
        promise.catch(() => {});
        inflight.set(`${file.sha256}:${n}`, promise);
        settle.set(n, { resolve, reject });
      }
      try {
        options.onChunkQuery?.({ sha256: file.sha256, chunks: missing });
        const rows = await db
          .select({ n: paperFileChunks.n, bytes: paperFileChunks.bytes })
          .from(paperFileChunks)
          .where(and(eq(paperFileChunks.sha256, file.sha256), inArray(paperFileChunks.n, missing)));
        for (const row of rows) {
          const bytes = ownBytes(row.bytes);
          result[row.n - first] = bytes;
          cache?.set(database, `${file.sha256}:${row.n}`, bytes);
          settle.get(row.n)?.resolve(bytes);
          settle.delete(row.n);
        }
        if (settle.size > 0) {
          throw new Error(`paper file ${file.sha256} is missing chunk ${[...settle.keys()].join(", ")}`);
        }
      } catch (error) {
        for (const { reject } of settle.values()) reject(error);
        throw error;
      } finally {
        for (const n of missing) inflight.delete(`${file.sha256}:${n}`);
      }
    }
    await Promise.all(waits);
    return result;
  }

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const existing = await meta(sha256);
      if (existing) return { sha256, size: existing.size, created: false };
      const created = await db.transaction(async (tx) => {
        // The file row first (the chunks' foreign key needs it), all in one transaction: nobody sees
        // the file before its last chunk is in. A second instance putting the same bytes waits here
        // for the first to commit, then finds the row and writes nothing.
        const inserted = await tx
          .insert(paperFiles)
          .values({ sha256, size: bytes.byteLength, chunkSize })
          .onConflictDoNothing()
          .returning({ sha256: paperFiles.sha256 });
        if (inserted.length === 0) return false;
        const count = Math.ceil(bytes.byteLength / chunkSize);
        for (let first = 0; first < count; first += batchChunks) {
          const rows = [];
          for (let n = first; n < Math.min(first + batchChunks, count); n++) {
            // Views, not copies: one statement holds at most batchChunks chunks, never the whole file.
            rows.push({ sha256, n, bytes: bytes.subarray(n * chunkSize, (n + 1) * chunkSize) });
          }
          await tx.insert(paperFileChunks).values(rows).onConflictDoNothing();
        }
        return true;
      });
      if (created) metas.set(database, sha256, { sha256, size: bytes.byteLength, chunkSize });
      return { sha256, size: bytes.byteLength, created };
    },

    async stat(sha256) {
      const found = await meta(sha256);
      return found ? { sha256: found.sha256, size: found.size } : null;
    },

    stream(sha256, range) {
      if (!isSha256(sha256)) throw new Error("paper store key must be a lower-case sha256");
      let file: FileMeta | null = null;
      let next = 0;
      let last = -1;
      let start = 0;
      let end = -1;
      let busy = false;
      let again = false;
      let done = false;
      const run = (): void => {
        busy = true;
        pump().then(
          () => {
            busy = false;
            // read() came while this batch was being pushed: the reader still wants more.
            if (again && !done && !readable.destroyed) {
              again = false;
              run();
            }
          },
          (error: unknown) => readable.destroy(error as Error),
        );
      };
      const readable = new Readable({
        read() {
          if (busy) again = true;
          else run();
        },
      });

      // One batch per call: Readable calls read() again only when its buffer wants more.
      async function pump(): Promise<void> {
        if (done) return;
        if (!file) {
          file = await meta(sha256);
          if (!file) throw new Error(`no paper file ${sha256}`);
          start = range?.start ?? 0;
          end = range ? Math.min(range.end, file.size - 1) : file.size - 1;
          if (start > end) {
            done = true;
            return void readable.push(null);
          }
          next = Math.floor(start / file.chunkSize);
          last = Math.floor(end / file.chunkSize);
        }
        const from = next;
        const to = Math.min(from + batchChunks - 1, last);
        const batch = await chunks(file, from, to);
        if (readable.destroyed) return;
        for (let n = from; n <= to; n++) {
          const bytes = batch[n - from] as Uint8Array;
          const offset = n * file.chunkSize;
          // Buffer views of the cached chunk: slicing copies nothing.
          const lo = Math.max(start - offset, 0);
          const hi = Math.min(end - offset + 1, bytes.byteLength);
          readable.push(Buffer.from(bytes.buffer, bytes.byteOffset + lo, hi - lo));
        }
        next = to + 1;
        if (next > last) {
          done = true;
          readable.push(null);
        }
      }
      return readable;
    },

    async putPreview(sha256, image) {
      if (!isSha256(sha256)) throw new Error("paper store key must be a lower-case sha256");
      const values = { width: image.width, height: image.height, bytes: image.bytes };
      await db
        .insert(paperPreviews)
        .values({ sha256, ...values })
        .onConflictDoUpdate({ target: paperPreviews.sha256, set: values });
      previewSizes.set(database, sha256, { width: image.width, height: image.height });
    },

    async preview(sha256) {
      if (!isSha256(sha256)) return null;
      const [row] = await db
        .select({ width: paperPreviews.width, height: paperPreviews.height, bytes: paperPreviews.bytes })
        .from(paperPreviews)
        .where(eq(paperPreviews.sha256, sha256))
        .limit(1);
      if (!row) return null;
      previewSizes.set(database, sha256, { width: row.width, height: row.height });
      return { width: row.width, height: row.height, bytes: ownBytes(row.bytes) };
    },

    async previewSizes(sha256s) {
      const found = new Map<string, ImageSize>();
      const missing: string[] = [];
      for (const sha256 of new Set(sha256s)) {
        const known = previewSizes.get(database, sha256);
        if (known) found.set(sha256, known);
        else if (isSha256(sha256)) missing.push(sha256);
      }
      if (missing.length === 0) return found;
      const rows = await db
        .select({ sha256: paperPreviews.sha256, width: paperPreviews.width, height: paperPreviews.height })
        .from(paperPreviews)
        .where(inArray(paperPreviews.sha256, missing));
      for (const { sha256, width, height } of rows) {
        previewSizes.set(database, sha256, { width, height });
        found.set(sha256, { width, height });
      }
      return found;
    },

    cacheUsage() {
      const usage = cache?.usage(database);
      return { bytes: usage?.bytes ?? 0, chunks: usage?.entries ?? 0, limit: cacheBytes };
    },
  };
}

/**
 * A driver may hand back a view into a larger buffer (a whole protocol message); caching such a view
 * would keep the larger buffer alive and break the cache's byte bound, so those are copied.
 */
function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.byteLength ? bytes : Uint8Array.from(bytes);
}
