import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPostgresUrl, type TestDatabase, testDatabases } from "../../tests/support/databases.ts";
import { noise } from "../../tests/support/pdf-fixtures.ts";
import { type Database, openPostgres, rowsOf } from "../db/client.server.ts";
import { paperFileChunks, paperFiles } from "../db/schema.ts";
import { createPostgresPaperStore, DEFAULT_CHUNK_SIZE, type PostgresPaperStoreOptions } from "./pg-store.server.ts";
import { createFilePaperStore, type PaperStore, sha256Hex } from "./store.server.ts";

/** No two chunks alike, so a chunk served in the wrong place cannot pass. */
const bytesOf = (size: number, seed = 1) => noise(seed, size);

async function read(stream: Readable): Promise<Buffer> {
  return Buffer.concat(await stream.toArray());
}

const CHUNK = 1024;

interface StoreUnderTest {
  name: string;
  /** Chunk size the contract's boundary cases are built around (any size for the folder). */
  chunkSize: number;
  open(): Promise<{ store: PaperStore; close(): Promise<void> }>;
}

const stores: StoreUnderTest[] = [
  {
    name: "folder",
    chunkSize: CHUNK,
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), "ps-store-contract-"));
      return { store: createFilePaperStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  ...testDatabases().map(
    (target): StoreUnderTest => ({
      name: `PostgreSQL store on ${target.name}`,
      chunkSize: CHUNK,
      async open() {
        const database = await target.open();
        // Small chunks and batches, so that a few KB cross every kind of boundary.
        return {
          store: createPostgresPaperStore(database, { chunkSize: CHUNK, batchChunks: 3 }),
          close: database.dispose,
        };
      },
    }),
  ),
];

describe.each(stores)("paper store contract: $name", (target) => {
  let store: PaperStore;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, close } = await target.open());
  });
  afterAll(() => close?.());
  const c = target.chunkSize;

  it("stores bytes under their sha256, once", async () => {
    const bytes = bytesOf(3 * c + 17, 7);
    const sha256 = sha256Hex(bytes);
    expect(await store.stat(sha256)).toBeNull();
    expect(await store.put(bytes)).toEqual({ sha256, size: bytes.length, created: true });
    expect(await store.put(bytes)).toEqual({ sha256, size: bytes.length, created: false });
    expect(await store.put(Uint8Array.from(bytes))).toEqual({ sha256, size: bytes.length, created: false });
    expect(await store.stat(sha256)).toEqual({ sha256, size: bytes.length });
    expect(Buffer.compare(await read(store.stream(sha256)), bytes)).toBe(0);
  });

  it("streams every kind of range exactly", async () => {
    const bytes = bytesOf(10 * c + 123, 11);
    const { sha256 } = await store.put(bytes);
    const size = bytes.length;
    const ranges: [string, number, number][] = [
      ["the first byte", 0, 0],
      ["inside one chunk", 10, 200],
      ["one whole chunk", c, 2 * c - 1],
      ["across one chunk boundary", c - 5, c + 4],
      ["across several chunks and batches", c / 2, 8 * c + 3],
      ["from a boundary to the end", 5 * c, size - 1],
      ["the last byte", size - 1, size - 1],
      ["the last chunk's bytes", 10 * c, size - 1],
      ["the whole file as a range", 0, size - 1],
    ];
    for (const [what, start, end] of ranges) {
      const got = await read(store.stream(sha256, { start, end }));
      expect(got.length, what).toBe(end - start + 1);
      expect(Buffer.compare(got, bytes.subarray(start, end + 1)), what).toBe(0);
    }
  });

  it("serves a file of exactly N chunks, of N chunks and 1 byte, and of 1 byte", async () => {
    for (const size of [4 * c, 4 * c + 1, 1, c, c - 1]) {
      const bytes = bytesOf(size, size);
      const { sha256, created } = await store.put(bytes);
      expect(created).toBe(true);
      expect(await store.stat(sha256)).toEqual({ sha256, size });
      expect(Buffer.compare(await read(store.stream(sha256)), bytes), `${size} bytes`).toBe(0);
      const last = await read(store.stream(sha256, { start: size - 1, end: size - 1 }));
      expect([...last], `last byte of ${size}`).toEqual([bytes[size - 1]]);
    }
  });

  it("knows nothing of unknown files or keys that are not a sha256", async () => {
    expect(await store.stat("0".repeat(64))).toBeNull();
    expect(await store.stat("../../etc/passwd")).toBeNull();
    expect(await store.stat("A".repeat(64))).toBeNull();
    expect(await store.stat("")).toBeNull();
    expect(() => store.stream("../../etc/passwd")).toThrow();
    await expect(read(store.stream("0".repeat(64)))).rejects.toThrow();
  });

  it("takes concurrent puts of the same bytes without an error", async () => {
    const bytes = bytesOf(5 * c + 3, 99);
    const results = await Promise.all([1, 2, 3, 4].map(() => store.put(bytes)));
    expect(new Set(results.map((r) => r.sha256))).toEqual(new Set([sha256Hex(bytes)]));
    expect(results.filter((r) => r.created).length).toBeGreaterThanOrEqual(1);
    expect(Buffer.compare(await read(store.stream(sha256Hex(bytes))), bytes)).toBe(0);
  });
});

describe.each(testDatabases())("PostgreSQL paper store on $name", (target: TestDatabase) => {
  let database: Database & { dispose(): Promise<void> };
  beforeAll(async () => {
    database = await target.open();
  });
  afterAll(() => database?.dispose());

  function storeWith(options: PostgresPaperStoreOptions = {}) {
    const queries: number[][] = [];
    const store = createPostgresPaperStore(database, {
      ...options,
      onChunkQuery: ({ chunks }) => void queries.push(chunks),
    });
    return { store, queries, fetched: () => queries.flat() };
  }

  it("writes fixed-size chunks and records the chunk size with the file", async () => {
    const { store } = storeWith({ chunkSize: CHUNK });
    const bytes = bytesOf(3 * CHUNK + 10, 3);
    const { sha256 } = await store.put(bytes);
    const [file] = await database.db.select().from(paperFiles).where(eq(paperFiles.sha256, sha256));
    expect(file).toMatchObject({ size: bytes.length, chunkSize: CHUNK });
    const chunks = await database.db
      .select({ n: paperFileChunks.n, length: sql<number>`octet_length(${paperFileChunks.bytes})` })
      .from(paperFileChunks)
      .where(eq(paperFileChunks.sha256, sha256))
      .orderBy(paperFileChunks.n);
    expect(chunks.map((r) => [r.n, Number(r.length)])).toEqual([
      [0, CHUNK],
      [1, CHUNK],
      [2, CHUNK],
      [3, 10],
    ]);

    // A store with another chunk size reads the file by the size it was written with.
    const other = storeWith({ chunkSize: 4096 }).store;
    expect(
      Buffer.compare(
        await read(other.stream(sha256, { start: CHUNK - 2, end: 2 * CHUNK + 1 })),
        bytes.subarray(CHUNK - 2, 2 * CHUNK + 2),
      ),
    ).toBe(0);
    const second = await other.put(bytesOf(5000, 4));
    const [row] = await database.db.select().from(paperFiles).where(eq(paperFiles.sha256, second.sha256));
    expect(row?.chunkSize).toBe(4096);
  });

  it("reads only the chunks that cover a range of a large file", async () => {
    const { store, queries, fetched } = storeWith();
    const bytes = bytesOf(5 * 1024 * 1024 + 77, 5);
    const { sha256 } = await store.put(bytes);
    const range = { start: 1_000_000, end: 1_000_000 + 64 * 1024 - 1 };
    const got = await read(store.stream(sha256, range));
    expect(Buffer.compare(got, bytes.subarray(range.start, range.end + 1))).toBe(0);
    // 1,000,000 is in chunk 3 and 1,065,535 in chunk 4 of 256 KiB.
    expect(queries).toEqual([[3, 4]]);

    // The whole file: every chunk once, a few per query, never the whole file at once.
    queries.length = 0;
    const whole = storeWith();
    expect(Buffer.compare(await read(whole.store.stream(sha256)), bytes)).toBe(0);
    const count = Math.ceil(bytes.length / DEFAULT_CHUNK_SIZE);
    expect(whole.fetched()).toEqual([...Array(count).keys()]);
    expect(Math.max(...whole.queries.map((q) => q.length))).toBeLessThanOrEqual(4);
    expect(fetched()).toEqual([]);
  });

  it("serves a hot range from memory: no query, even once the rows are gone", async () => {
    const { store, fetched } = storeWith({ chunkSize: CHUNK });
    const bytes = bytesOf(20 * CHUNK, 21);
    const { sha256 } = await store.put(bytes);
    const range = { start: 3 * CHUNK + 100, end: 5 * CHUNK + 99 };
    expect(Buffer.compare(await read(store.stream(sha256, range)), bytes.subarray(range.start, range.end + 1))).toBe(0);
    expect(fetched()).toEqual([3, 4, 5]);

    await database.db.delete(paperFiles).where(eq(paperFiles.sha256, sha256));
    const left = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from paper_file_chunks where sha256 = ${sha256}`),
    );
    expect(left[0]?.n).toBe(0);
    // Inside the cached chunks: answered without the database.
    const again = await read(store.stream(sha256, { start: 3 * CHUNK, end: 6 * CHUNK - 1 }));
    expect(Buffer.compare(again, bytes.subarray(3 * CHUNK, 6 * CHUNK))).toBe(0);
    expect(fetched()).toEqual([3, 4, 5]);
    // A chunk never read was never cached: the rows really are gone.
    await expect(read(store.stream(sha256, { start: 10 * CHUNK, end: 10 * CHUNK }))).rejects.toThrow(
      /missing chunk 10/,
    );
  });

  it("never holds more chunk bytes than its limit", async () => {
    const limit = 3 * CHUNK + 500;
    const { store, fetched } = storeWith({ chunkSize: CHUNK, cacheBytes: limit, batchChunks: 2 });
    const bytes = bytesOf(12 * CHUNK + 5, 31);
    const { sha256 } = await store.put(bytes);
    const stream = store.stream(sha256);
    const peaks: number[] = [];
    stream.on("data", () => peaks.push(store.cacheUsage().bytes));
    expect(Buffer.compare(await read(stream), bytes)).toBe(0);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(limit);
    // The most recent chunks stayed (9, 10, 11 and the 5-byte chunk 12), the older ones went.
    expect(store.cacheUsage()).toEqual({ bytes: 3 * CHUNK + 5, chunks: 4, limit });
    const before = fetched().length;
    await read(store.stream(sha256, { start: 9 * CHUNK, end: 12 * CHUNK + 4 }));
    expect(fetched().length).toBe(before);
    await read(store.stream(sha256, { start: 0, end: 0 }));
    expect(fetched().slice(before)).toEqual([0]);

    // A cache of 0 bytes caches nothing.
    const uncached = storeWith({ chunkSize: CHUNK, cacheBytes: 0 });
    await read(uncached.store.stream(sha256, { start: 0, end: 10 }));
    await read(uncached.store.stream(sha256, { start: 0, end: 10 }));
    expect(uncached.fetched()).toEqual([0, 0]);
    expect(uncached.store.cacheUsage().bytes).toBe(0);
  });

  it("shares one query among readers of the same cold chunks", async () => {
    const { store, queries } = storeWith({ chunkSize: CHUNK });
    const bytes = bytesOf(8 * CHUNK, 41);
    const { sha256 } = await store.put(bytes);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => read(store.stream(sha256, { start: 0, end: 3 * CHUNK - 1 }))),
    );
    for (const got of results) expect(Buffer.compare(got, bytes.subarray(0, 3 * CHUNK))).toBe(0);
    expect(queries.flat().sort()).toEqual([0, 1, 2]);
  });

  it("fetches no further ahead of a slow reader than a batch or two (backpressure)", async () => {
    const { store, fetched } = storeWith({ chunkSize: CHUNK, batchChunks: 2, cacheBytes: 0 });
    const bytes = bytesOf(400 * CHUNK, 51);
    const { sha256 } = await store.put(bytes);
    let received = 0;
    let maxLead = 0;
    const slow = new Writable({
      highWaterMark: 1,
      write(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        maxLead = Math.max(maxLead, fetched().length * CHUNK - received);
        setImmediate(done);
      },
    });
    await pipeline(store.stream(sha256), slow);
    expect(received).toBe(bytes.length);
    // The readable's own buffer (64 KiB by default) and the batch being pushed, not the 400 KiB file.
    expect(maxLead).toBeLessThanOrEqual(64 * 1024 + 4 * CHUNK);
  });

  it("turns a database failure into a stream error", async () => {
    const own = await target.open();
    const store = createPostgresPaperStore(own, { chunkSize: CHUNK });
    const { sha256 } = await store.put(bytesOf(4 * CHUNK, 61));
    await own.close();
    const stream = store.stream(sha256, { start: 0, end: 3 * CHUNK });
    await expect(read(stream)).rejects.toThrow();
    expect(stream.destroyed).toBe(true);
    await own.dispose().catch(() => {});
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.runIf(adminUrl)("PostgreSQL paper store: two instances on one database", () => {
  let drop: (() => Promise<void>) | undefined;
  const databases: Database[] = [];
  beforeAll(async () => {
    const created = await createTestPostgresUrl(adminUrl ?? "");
    drop = created.drop;
    for (let i = 0; i < 2; i++) databases.push(openPostgres(created.url, { max: 3 }));
    await databases[0]?.migrate();
  });
  afterAll(async () => {
    for (const database of databases) await database.close();
    await drop?.();
  });

  it("puts the same bytes at once from both without an error, and stores them once", async () => {
    const [a, b] = databases.map((d) => createPostgresPaperStore(d, { chunkSize: CHUNK }));
    if (!a || !b) throw new Error("two databases expected");
    const bytes = bytesOf(50 * CHUNK + 1, 71);
    const results = await Promise.all([a.put(bytes), b.put(bytes), a.put(bytes), b.put(bytes)]);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    const sha256 = sha256Hex(bytes);
    const rows = rowsOf<{ n: number }>(
      await (databases[0] as Database).db.execute(
        sql`select count(*)::int as n from paper_file_chunks where sha256 = ${sha256}`,
      ),
    );
    expect(rows[0]?.n).toBe(51);
    expect(Buffer.compare(await read(b.stream(sha256)), bytes)).toBe(0);
    expect(
      Buffer.compare(await read(a.stream(sha256, { start: 50 * CHUNK, end: 50 * CHUNK })), bytes.subarray(-1)),
    ).toBe(0);
  });
});
