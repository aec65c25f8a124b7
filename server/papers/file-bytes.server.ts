/**
 * Small paper files kept whole in memory (issue 28): a viewer reads a paper by ranges, and each range of a file on
 * disk cost a stat, an open, a read and a close on libuv's pool, and a stream through to the socket; from memory
 * it is one write. Files are named by their sha256, so a kept file never goes stale and needs no invalidation:
 * only the bound drops them, least recently used first. Large files (past MAX_KEPT_FILE_BYTES) are streamed from
 * the store as before.
 */
import { createCache } from "../cache/cache.server.ts";
import type { PaperStore, StoredFile } from "./store.server.ts";

/** A board paper is 100 KB to 2 MB; a generated sample ~8 KB. Bigger files are streamed every time. */
export const MAX_KEPT_FILE_BYTES = 2 * 1024 * 1024;
/** All kept files together, per store (one per process): the hottest few dozen papers of an exam eve. */
const KEPT_BYTES = 48 * 1024 * 1024;

const kept = createCache<PaperStore, Uint8Array | undefined, StoredFile>({
  name: "paper file bytes",
  // Content-addressed: made from nothing that changes (decision 019).
  madeFrom: [],
  maxBytes: KEPT_BYTES,
  sizeOf: (bytes) => bytes.byteLength || 1,
  load: async (store, _sha256, file) => {
    const chunks: Buffer[] = [];
    for await (const chunk of store.stream(file.sha256)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    // A file that changed size under us (it cannot, by its name) is not kept.
    return bytes.byteLength === file.size
      ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)
      : undefined;
  },
});

/** The whole file, when it is kept in memory now. */
export function keptFileBytes(store: PaperStore, sha256: string): Uint8Array | undefined {
  return kept.get(store, sha256);
}

/**
 * The whole of a small file, read into memory once (however many ask at once) and kept for the requests after this
 * one; undefined for a large file, or when it cannot be read (the caller streams it then).
 */
export async function smallFileBytes(store: PaperStore, file: StoredFile): Promise<Uint8Array | undefined> {
  if (file.size > MAX_KEPT_FILE_BYTES) return undefined;
  return kept.fetch(store, file.sha256, file).catch(() => undefined);
}
