import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRange } from "../../server/papers/range.server.ts";
import { PdfLoadError, PdfSource, RANGE_CHUNK_SIZE } from "./pdf-source";

/**
 * PdfSource against a real HTTP server that answers ranges with the app's own range parser:
 * `/ranged` (a 100 KB "file"), `/small` (one chunk), `/whole` (ignores Range), `/private` (401).
 */
const BIG = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 7) % 251);
const SMALL = BIG.subarray(0, 5000);
let server: Server;
let base = "";
const seen: { path: string; range: string | undefined }[] = [];

function reply(req: IncomingMessage, res: import("node:http").ServerResponse, body: Uint8Array, ranges: boolean) {
  const range = ranges ? parseRange(req.headers.range, body.length) : { kind: "full" as const };
  if (range.kind === "partial") {
    res.writeHead(206, {
      "Content-Range": `bytes ${range.start}-${range.end}/${body.length}`,
      "Content-Length": range.end - range.start + 1,
    });
    res.end(body.subarray(range.start, range.end + 1));
  } else {
    res.writeHead(200, { "Content-Length": body.length });
    res.end(body);
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? "";
    seen.push({ path, range: req.headers.range });
    if (path === "/ranged") return reply(req, res, BIG, true);
    if (path === "/small") return reply(req, res, SMALL, true);
    if (path === "/whole") return reply(req, res, BIG, false);
    res.writeHead(path === "/private" ? 401 : 404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("PdfSource", () => {
  it("fetches the first chunk and the chunk-aligned tail at once, and serves ranges from them", async () => {
    seen.length = 0;
    const source = new PdfSource(`${base}/ranged`);
    const head = await source.head;
    expect(head.kind).toBe("ranged");
    if (head.kind !== "ranged") return;
    expect(head.total).toBe(BIG.length);
    expect(head.head).toEqual(BIG.subarray(0, RANGE_CHUNK_SIZE));
    // 100 000 bytes: the last chunk starts at 98 304, and holds only 1 696 bytes, so the one before it comes too.
    const tailBegin = 2 * RANGE_CHUNK_SIZE;
    // Served from the tail request, which started with the head's answer: no third request.
    expect(await source.range(3 * RANGE_CHUNK_SIZE, BIG.length)).toEqual(BIG.subarray(3 * RANGE_CHUNK_SIZE));
    expect(seen.map((s) => s.range)).toEqual([`bytes=0-${RANGE_CHUNK_SIZE - 1}`, `bytes=${tailBegin}-99999`]);
    // A range no request covered is fetched.
    expect(await source.range(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE)).toEqual(
      BIG.subarray(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE),
    );
    expect(seen.at(-1)?.range).toBe(`bytes=${RANGE_CHUNK_SIZE}-${2 * RANGE_CHUNK_SIZE - 1}`);
  });

  it("reports progress against the file's size", async () => {
    const source = new PdfSource(`${base}/ranged`);
    const reports: { loaded: number; total: number }[] = [];
    source.onProgress((p) => reports.push(p));
    await source.head;
    await source.range(2 * RANGE_CHUNK_SIZE, BIG.length);
    const last = reports.at(-1);
    expect(last?.total).toBe(BIG.length);
    expect(last?.loaded).toBe(RANGE_CHUNK_SIZE + (BIG.length - 2 * RANGE_CHUNK_SIZE));
  });

  it("takes a file that fits in one chunk, or a server that ignores Range, as the whole file", async () => {
    expect(await new PdfSource(`${base}/small`).head).toEqual({ kind: "whole", data: SMALL });
    expect(await new PdfSource(`${base}/whole`).head).toEqual({ kind: "whole", data: BIG });
  });

  it("fails with the status when the server refuses", async () => {
    const error = await new PdfSource(`${base}/private`).head.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PdfLoadError);
    expect((error as PdfLoadError).status).toBe(401);
    const missing = await new PdfSource(`${base}/gone`).head.catch((e: unknown) => e);
    expect((missing as PdfLoadError).status).toBe(404);
  });

  it("tells its listener when a later range fails, but not after it was aborted", async () => {
    const source = new PdfSource(`${base}/ranged`);
    await source.head;
    const errors: unknown[] = [];
    source.onError((e) => errors.push(e));
    server.closeAllConnections();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    await expect(source.range(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE)).rejects.toBeInstanceOf(PdfLoadError);
    expect(errors).toHaveLength(1);
    source.abort();
    await expect(source.range(RANGE_CHUNK_SIZE, 2 * RANGE_CHUNK_SIZE)).rejects.toBeDefined();
    expect(errors).toHaveLength(1);
    await closed;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
});
