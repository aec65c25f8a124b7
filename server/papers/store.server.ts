import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { createCache } from "../cache/cache.server.ts";
import { type ImageSize, type PageImage, webpSize } from "./first-page.server.ts";

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
  /** Keeps the image of a stored file's first page (first-page.server.ts) beside it, replacing any before. */
  putPreview(sha256: string, image: PageImage): Promise<void>;
  /** The first page's image, or null when the file has none (yet). */
  preview(sha256: string): Promise<PageImage | null>;
  /** The sizes of the previews there are among these files, by sha256 (a listing reserves their boxes). */
  previewSizes(sha256s: readonly string[]): Promise<Map<string, ImageSize>>;
}

/**
 * Files live at `root/ab/abcdef….pdf`; two-character fan-out keeps folders small. A file's first-page image is
 * `root/ab/abcdef….page1.webp` beside it, its size read from the WebP's header.
 */
export function createFilePaperStore(root: string): PaperStore {
  const resolvedRoot = path.resolve(root);
  /** Preview sizes found: content-addressed, so never stale; a file without one is looked for again next time. */
  const owner = { root: resolvedRoot };
  const sizes = createCache<typeof owner, ImageSize>({ name: "paper preview sizes", madeFrom: [], max: 10_000 });

  function fileOf(sha256: string, suffix = ".pdf"): string {
    // The pattern check is what keeps every path inside the store: a key is 64 hex digits, nothing else.
    if (!isSha256(sha256)) throw new Error("paper store key must be a lower-case sha256");
    return path.join(resolvedRoot, sha256.slice(0, 2), `${sha256}${suffix}`);
  }
  const previewOf = (sha256: string) => fileOf(sha256, ".page1.webp");

  async function readPreview(sha256: string): Promise<PageImage | null> {
    if (!isSha256(sha256)) return null;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await readFile(previewOf(sha256)));
    } catch {
      return null;
    }
    const size = webpSize(bytes);
    if (!size) return null;
    sizes.set(owner, sha256, size);
    return { bytes, ...size };
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
      await writeWhole(fileOf(sha256), bytes);
      return { sha256, size: bytes.byteLength, created: true };
    },
    stat: statFile,
    stream(sha256, range) {
      return createReadStream(fileOf(sha256), range ? { start: range.start, end: range.end } : {});
    },
    async putPreview(sha256, image) {
      await writeWhole(previewOf(sha256), image.bytes);
      sizes.set(owner, sha256, { width: image.width, height: image.height });
    },
    preview: readPreview,
    async previewSizes(sha256s) {
      const found = new Map<string, ImageSize>();
      await Promise.all(
        sha256s.map(async (sha256) => {
          const size = sizes.get(owner, sha256) ?? (await readPreview(sha256));
          if (size) found.set(sha256, { width: size.width, height: size.height });
        }),
      );
      return found;
    },
  };
}

/**
 * Temp file in the same folder, then rename: readers never see a half-written file, and a crash leaves at most a
 * stray temp file, never a wrong file under a valid name.
 */
async function writeWhole(target: string, bytes: Uint8Array): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
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
}
