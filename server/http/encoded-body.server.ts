/**
 * Response bodies compressed once and sent many times: the get-question listing (one gzip per listing
 * and TTL instead of one per request) and the page cache's HTML, whose CSP nonce must differ in every
 * response while the page around it stays the same (decision 014).
 */
import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";
import type { Request, Response } from "express";
import { acceptsEncoding } from "./negotiate.server.ts";

/** A body and its gzip, made once. */
export interface EncodedBody {
  identity: Buffer;
  gzip: Buffer;
}

export function encodeBody(body: Buffer | string): EncodedBody {
  const identity = typeof body === "string" ? Buffer.from(body) : body;
  return { identity, gzip: gzipSync(identity, { level: 6 }) };
}

/**
 * Sends a body encoded once: gzip to a client that takes it, identity otherwise. The compression
 * middleware leaves a response that already has a Content-Encoding alone.
 */
export function sendEncoded(req: Request, res: Response, body: EncodedBody, contentType: string): void {
  const gzip = acceptsEncoding(req.headers["accept-encoding"], "gzip");
  const bytes = gzip ? body.gzip : body.identity;
  res.setHeader("Content-Type", contentType);
  res.vary("Accept-Encoding");
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", bytes.length);
  res.end(bytes);
}

// gzip (RFC 1952): magic, deflate, no flags, no mtime, no extra flags, OS "unknown".
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** deflate's window: how far back a match may reach. */
const WINDOW = 32 * 1024;
// An empty final stored block (RFC 1951 §3.2.4): BFINAL=1, BTYPE=00, LEN=0, NLEN=0xffff.
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * A body with values that change per response (the CSP nonce; on a signed-in page, the student's id), split where
 * they stand. Each segment around them is deflated once, on its own (no back-reference can reach across a gap),
 * and ends byte-aligned with Z_SYNC_FLUSH; per response, each value goes in its gaps as a stored (uncompressed)
 * block, and the gzip trailer's CRC-32 is computed over the response's own bytes. So every response is a valid
 * gzip stream with its own values, for one CRC-32 pass instead of a whole deflate.
 */
export class SplicedBody {
  /** The identity bytes between the values; one more than the number of gaps. */
  readonly segments: readonly Buffer[];
  /** Which value (its index in the constructor's list) fills each gap. */
  private readonly kinds: readonly number[];
  /** Each segment as raw deflate blocks, byte-aligned, none final. */
  private readonly deflated: readonly Buffer[];
  /** Bytes of the identity body without its values, and of the gzip body without the values' blocks. */
  private readonly identityBytes: number;
  private readonly gzipBytes: number;
  /** Every value spliced in has as many bytes as the one it replaces (the preset dictionaries' distances count on it). */
  private readonly valueBytes: readonly number[];

  /** `body` split at every occurrence of each of `values` (none empty; no one inside another). */
  constructor(body: Buffer, values: string | readonly string[]) {
    const needles = (typeof values === "string" ? [values] : values).map((value) => Buffer.from(value));
    // One stored block holds at most 65,535 bytes.
    if (needles.length === 0 || needles.some((n) => n.length === 0 || n.length > 0xffff))
      throw new Error("SplicedBody needs non-empty values to split at");
    const segments: Buffer[] = [];
    const kinds: number[] = [];
    let from = 0;
    for (;;) {
      // The nearest occurrence of any value.
      let at = -1;
      let kind = -1;
      needles.forEach((needle, i) => {
        const found = body.indexOf(needle, from);
        if (found >= 0 && (at < 0 || found < at)) {
          at = found;
          kind = i;
        }
      });
      if (at < 0) break;
      segments.push(body.subarray(from, at));
      kinds.push(kind);
      from = at + (needles[kind] as Buffer).length;
    }
    segments.push(body.subarray(from));
    // Copies, so that the cache never keeps a larger buffer alive through a slice of it.
    this.segments = segments.map((s) => Buffer.from(s));
    this.kinds = kinds;
    this.valueBytes = needles.map((n) => n.length);
    // Each segment may refer back to the 32 KB before it, given to deflate as a preset dictionary, with
    // the values' bytes replaced by NULs: as long as no segment holds a NUL, no match can cover them,
    // and since every value has the same length as the one it replaces, every distance stays right.
    const withDictionary = !this.segments.some((s) => s.includes(0));
    let history = Buffer.alloc(0);
    this.deflated = this.segments.map((segment, i) => {
      if (i > 0 && withDictionary) {
        const filler = Buffer.alloc(this.valueBytes[kinds[i - 1] as number] as number, 0);
        history = Buffer.concat([history, filler]).subarray(-WINDOW);
      }
      const options = {
        level: 6,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(history.length ? { dictionary: history } : {}),
      };
      const out = segment.length ? deflateRawSync(segment, options) : Buffer.alloc(0);
      if (withDictionary) history = Buffer.concat([history, segment]).subarray(-WINDOW);
      return out;
    });
    this.identityBytes = this.segments.reduce((sum, s) => sum + s.length, 0);
    this.gzipBytes = this.deflated.reduce((sum, s) => sum + s.length, 0);
  }

  /** How many places the values fill. */
  get gaps(): number {
    return this.kinds.length;
  }

  /** Memory held, for the cache's bound. */
  get bytes(): number {
    return this.identityBytes + this.gzipBytes;
  }

  /** The body with `values` (in the constructor's order, each as long as the one it replaces) in their gaps. */
  identity(values: string | readonly string[]): Buffer {
    const v = this.values(values);
    const out = Buffer.allocUnsafe(this.identityBytes + this.valuesBytes(v));
    let at = 0;
    this.segments.forEach((segment, i) => {
      if (i > 0) at += (v[this.kinds[i - 1] as number] as Buffer).copy(out, at);
      at += segment.copy(out, at);
    });
    return out;
  }

  /** The gzip of `identity(values)`, without compressing it again. */
  gzip(values: string | readonly string[]): Buffer {
    const v = this.values(values);
    const stored = v.map((value) => {
      const block = Buffer.allocUnsafe(5 + value.length);
      // BFINAL=0, BTYPE=00 (stored): the 3 header bits, padded to the byte boundary the sync flush left.
      block[0] = 0x00;
      block.writeUInt16LE(value.length, 1);
      block.writeUInt16LE(~value.length & 0xffff, 3);
      value.copy(block, 5);
      return block;
    });
    const valueBytes = this.valuesBytes(v);
    const total = GZIP_HEADER.length + this.gzipBytes + valueBytes + 5 * this.gaps + FINAL_EMPTY_BLOCK.length + 8;
    const out = Buffer.allocUnsafe(total);
    let at = GZIP_HEADER.copy(out, 0);
    let crc = 0;
    this.segments.forEach((segment, i) => {
      if (i > 0) {
        const kind = this.kinds[i - 1] as number;
        at += (stored[kind] as Buffer).copy(out, at);
        crc = crc32(v[kind] as Buffer, crc);
      }
      at += (this.deflated[i] as Buffer).copy(out, at);
      crc = crc32(segment, crc);
    });
    at += FINAL_EMPTY_BLOCK.copy(out, at);
    out.writeUInt32LE(crc >>> 0, at);
    out.writeUInt32LE((this.identityBytes + valueBytes) >>> 0, at + 4);
    return out;
  }

  /** The bytes the values take in one response, all gaps together. */
  private valuesBytes(values: readonly Buffer[]): number {
    return this.kinds.reduce((sum, kind) => sum + (values[kind] as Buffer).length, 0);
  }

  private values(values: string | readonly string[]): Buffer[] {
    const list = (typeof values === "string" ? [values] : values).map((value) => Buffer.from(value));
    if (list.length !== this.valueBytes.length || list.some((v, i) => v.length !== this.valueBytes[i])) {
      throw new Error(
        `spliced values must have ${this.valueBytes.join(", ")} bytes, like the ones the body was split at`,
      );
    }
    return list;
  }
}
