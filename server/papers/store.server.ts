import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

const SHA256_PATTERN = /^[0-9a-f]{64}$/;

export function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function isSha256(value: string): boolean {
  return SHA256_PATTERN.test(value);
}

export interface StoredFile {
  sha256: string;
  size: number;
}

/**
 * Content-addressed PDF storage. Callers only ever name files by their sha256, so the store behind
 * it can change without touching them: the local folder below on the embedded database, PostgreSQL
 * (pg-store.server.ts) when DATABASE_URL is set; `paperStoreFor` in services.server.ts picks.
 */
export interface PaperStore {
  /** Stores the bytes once; `created` is false when the same bytes were already there. */
  put(bytes: Uint8Array): Promise<StoredFile & { created: boolean }>;
  /** null when there is no such file (or the key is not a sha256). */
  stat(sha256: string): Promise<StoredFile | null>;
  /**
   * Bytes `start`..`end` inclusive (the whole file without a range). The caller has checked stat.
   * Throws at once for a key that is not a sha256; a failure while reading is the stream's error.
   */
  stream(sha256: string, range?: { start: number; end: number }): Readable;
}

/** Files live at `root/ab/abcdef….pdf`; two-character fan-out keeps folders small. */
export function createFilePaperStore(root: string): PaperStore {
  const resolvedRoot = path.resolve(root);

  function fileOf(sha256: string): string {
    // The pattern check is what keeps every path inside the store: a key is 64 hex digits, nothing else.
    if (!isSha256(sha256)) throw new Error("paper store key must be a lower-case sha256");
    return path.join(resolvedRoot, sha256.slice(0, 2), `${sha256}.pdf`);
  }

  async function statFile(sha256: string): Promise<StoredFile | null> {
    if (!isSha256(sha256)) return null;
    try {
      const info = await stat(fileOf(sha256));
      return info.isFile() ? { sha256, size: info.size } : null;
    } catch {
      return null;
    }
  }

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const existing = await statFile(sha256);
      if (existing && existing.size === bytes.byteLength) return { ...existing, created: false };
      const target = fileOf(sha256);
      await mkdir(path.dirname(target), { recursive: true });
      // Temp file in the same folder, then rename: readers never see a half-written PDF, and a
      // crash leaves at most a stray temp file, never a wrong file under a valid name.
      const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      const handle = await open(temp, "wx");
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      return { sha256, size: bytes.byteLength, created: true };
    },
    stat: statFile,
    stream(sha256, range) {
      return createReadStream(fileOf(sha256), range ? { start: range.start, end: range.end } : {});
    },
  };
}
