import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFilePaperStore, type PaperStore, sha256Hex } from "./store.server.ts";

describe("file paper store", () => {
  let root: string;
  let store: PaperStore;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), "ps-store-"));
    store = createFilePaperStore(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("stores bytes under their sha256, once", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7 hello");
    const sha = sha256Hex(bytes);
    expect(await store.put(bytes)).toEqual({ sha256: sha, size: bytes.length, created: true });
    expect(await store.put(bytes)).toEqual({ sha256: sha, size: bytes.length, created: false });
    expect(await readFile(path.join(root, sha.slice(0, 2), `${sha}.pdf`), "utf8")).toBe("%PDF-1.7 hello");
    // No temp files left behind.
    expect(await readdir(path.join(root, sha.slice(0, 2)))).toEqual([`${sha}.pdf`]);
    expect(await store.stat(sha)).toEqual({ sha256: sha, size: bytes.length });
  });

  it("streams a byte range, inclusive at both ends", async () => {
    const { sha256 } = await store.put(new TextEncoder().encode("0123456789"));
    expect(await text(store.stream(sha256, { start: 2, end: 5 }))).toBe("2345");
    expect(await text(store.stream(sha256))).toBe("0123456789");
  });

  it("knows nothing of keys that are not a sha256, so no path can leave the store", async () => {
    expect(await store.stat("../../etc/passwd")).toBeNull();
    expect(await store.stat("A".repeat(64))).toBeNull();
    expect(await store.stat("0".repeat(64))).toBeNull();
    expect(() => store.stream("../../etc/passwd")).toThrow();
  });
});
