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
 * A body with a value that changes per response (the CSP nonce), split where that value stands. Each
 * segment around it is deflated once, on its own (no back-reference can reach across a gap), and ends
 * byte-aligned with Z_SYNC_FLUSH; per response, the value goes in between as a stored (uncompressed)
 * block, and the gzip trailer's CRC-32 is computed over the response's own bytes. So every response
 * is a valid gzip stream with its own value, for one CRC-32 pass instead of a whole deflate.
 */
export class SplicedBody {
  /** The identity bytes between the values; one more than the number of values. */
  readonly segments: readonly Buffer[];
  /** Each segment as raw deflate blocks, byte-aligned, none final. */
  private readonly deflated: readonly Buffer[];
  /** Bytes of the identity body without its values, and of the gzip body without the values' blocks. */
  private readonly identityBytes: number;
  private readonly gzipBytes: number;
  /** Every value spliced in has this many bytes (the preset dictionaries' distances count on it). */
  private readonly valueBytes: number;

  /** `body` split at every occurrence of `value` (which must not be empty). */
  constructor(body: Buffer, value: string) {
    const needle = Buffer.from(value);
    // One stored block holds at most 65,535 bytes.
    if (needle.length === 0 || needle.length > 0xffff)
      throw new Error("SplicedBody needs a non-empty value to split at");
    const segments: Buffer[] = [];
    let from = 0;
    for (let at = body.indexOf(needle); at >= 0; at = body.indexOf(needle, from)) {
      segments.push(body.subarray(from, at));
      from = at + needle.length;
    }
    segments.push(body.subarray(from));
    // Copies, so that the cache never keeps a larger buffer alive through a slice of it.
    this.segments = segments.map((s) => Buffer.from(s));
    this.valueBytes = needle.length;
    // Each segment may refer back to the 32 KB before it, given to deflate as a preset dictionary, with
    // the value's bytes replaced by NULs: as long as no segment holds a NUL, no match can cover them,
    // and since every value has the same length, every distance stays right whatever value goes there.
    const filler = Buffer.alloc(needle.length, 0);
    const withDictionary = !this.segments.some((s) => s.includes(0));
    let history = Buffer.alloc(0);
    this.deflated = this.segments.map((segment, i) => {
      if (i > 0 && withDictionary) history = Buffer.concat([history, filler]).subarray(-WINDOW);
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

  /** How many places the value fills. */
  get gaps(): number {
    return this.segments.length - 1;
  }

  /** Memory held, for the cache's bound. */
  get bytes(): number {
    return this.identityBytes + this.gzipBytes;
  }

  /** The body with `value` (as long as the one it was split at) in every gap. */
  identity(value: string): Buffer {
    const v = this.value(value);
    const out = Buffer.allocUnsafe(this.identityBytes + v.length * this.gaps);
    let at = 0;
    this.segments.forEach((segment, i) => {
      if (i > 0) at += v.copy(out, at);
      at += segment.copy(out, at);
    });
    return out;
  }

  /** The gzip of `identity(value)`, without compressing it again. */
  gzip(value: string): Buffer {
    const v = this.value(value);
    const stored = Buffer.allocUnsafe(5 + v.length);
    // BFINAL=0, BTYPE=00 (stored): the 3 header bits, padded to the byte boundary the sync flush left.
    stored[0] = 0x00;
    stored.writeUInt16LE(v.length, 1);
    stored.writeUInt16LE(~v.length & 0xffff, 3);
    v.copy(stored, 5);

    const total = GZIP_HEADER.length + this.gzipBytes + stored.length * this.gaps + FINAL_EMPTY_BLOCK.length + 8;
    const out = Buffer.allocUnsafe(total);
    let at = GZIP_HEADER.copy(out, 0);
    let crc = 0;
    this.segments.forEach((segment, i) => {
      if (i > 0) {
        at += stored.copy(out, at);
        crc = crc32(v, crc);
      }
      at += (this.deflated[i] as Buffer).copy(out, at);
      crc = crc32(segment, crc);
    });
    at += FINAL_EMPTY_BLOCK.copy(out, at);
    out.writeUInt32LE(crc >>> 0, at);
    out.writeUInt32LE((this.identityBytes + v.length * this.gaps) >>> 0, at + 4);
    return out;
  }

  private value(value: string): Buffer {
    const v = Buffer.from(value);
    if (v.length !== this.valueBytes) {
      throw new Error(`a spliced value must have ${this.valueBytes} bytes, like the one the body was split at`);
    }
    return v;
  }
}
