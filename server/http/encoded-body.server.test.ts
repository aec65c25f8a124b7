import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { encodeBody, SplicedBody } from "./encoded-body.server.ts";

const NONCE = "PLACEHOLDERxxxxxxxxxxx==";

/** A page-like body: repetitive markup (so deflate has back-references to make) with the nonce in places. */
function page(nonce: string, sections = 40): Buffer {
  const parts = ['<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>'];
  for (let i = 0; i < sections; i++) {
    parts.push(`<section class="mx-auto max-w-6xl px-4"><h2>Section ${i}</h2><p>Question ${i * 7} of the paper.</p>`);
    if (i % 9 === 0) parts.push(`<script nonce="${nonce}">window.x${i}=1</script>`);
    parts.push("</section>");
  }
  parts.push(`<script nonce="${nonce}" type="module">import("/assets/entry.js")</script></body></html>`);
  return Buffer.from(parts.join(""));
}

describe("SplicedBody", () => {
  it("splices two values of different lengths (a nonce and a student's id), each in its own gaps", () => {
    const student = "0b6f3c1e-9a41-4c55-8f7e-2d9a6b1c0e57";
    const withUser = (nonce: string, id: string) =>
      Buffer.concat([page(nonce, 30), Buffer.from(`<script nonce="${nonce}">({"user":{"id":"${id}"}})</script>`)]);
    const body = new SplicedBody(withUser(NONCE, student), [NONCE, student]);
    expect(body.gaps).toBe(7);
    const other = "7d1e0a55-3b2c-4e9f-a6d8-91c0f4b2e3aa";
    const fresh = "abcdefghijklmnopqrstuv==";
    expect(body.identity([fresh, other]).equals(withUser(fresh, other))).toBe(true);
    expect(gunzipSync(body.gzip([fresh, other])).equals(withUser(fresh, other))).toBe(true);
    expect(body.identity([fresh, other]).includes(student)).toBe(false);
    expect(() => body.identity([fresh, "short"])).toThrow(/bytes/);
    expect(() => body.identity(fresh)).toThrow(/bytes/);
  });

  it("puts a fresh value in every gap of the identity body", () => {
    const body = new SplicedBody(page(NONCE), NONCE);
    expect(body.gaps).toBe(6);
    const fresh = "abcdefghijklmnopqrstuv==";
    expect(body.identity(fresh).equals(page(fresh))).toBe(true);
  });

  it("makes a gzip stream that decodes to the identity body, with the value's CRC", () => {
    const body = new SplicedBody(page(NONCE), NONCE);
    for (let i = 0; i < 5; i++) {
      const fresh = randomBytes(16).toString("base64");
      const gzip = body.gzip(fresh);
      expect(gzip.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);
      // gunzip checks the trailer's CRC-32 and length: a wrong one throws.
      expect(gunzipSync(gzip).equals(page(fresh))).toBe(true);
    }
  });

  it("compresses about as well as one gzip of the whole page", () => {
    // Each gap costs its stored block (5 bytes and the value), a sync flush's empty block (5 bytes) and a
    // new block header; the preset dictionaries keep the rest as good as in one stream (the real subject
    // page: 11,979 bytes against 11,333 for one gzip, with 16 nonces).
    const raw = page(NONCE, 400);
    const body = new SplicedBody(raw, NONCE);
    const gzip = body.gzip(NONCE);
    expect(gzip.length).toBeLessThan(raw.length / 4);
    expect(gzip.length).toBeLessThan(gzipSync(raw).length * 1.05 + body.gaps * 60);
  });

  it("handles values at the very start and end, side by side, and bodies without any", () => {
    for (const raw of [
      `${NONCE}<p>middle</p>${NONCE}`,
      `${NONCE}${NONCE}<b>x</b>`,
      "<p>no value here at all</p>",
      NONCE,
      "",
    ]) {
      const body = new SplicedBody(Buffer.from(raw), NONCE);
      const fresh = "0123456789abcdefghijkl==";
      const expected = raw.replaceAll(NONCE, fresh);
      expect(body.identity(fresh).toString(), raw).toBe(expected);
      expect(gunzipSync(body.gzip(fresh)).toString(), raw).toBe(expected);
    }
  });

  it("survives incompressible content and multi-byte text around the value", () => {
    const noise = randomBytes(70_000).toString("latin1");
    const raw = Buffer.from(`मराठी ${noise} ${NONCE} पेपर ${noise.slice(0, 5000)} ${NONCE}`);
    const body = new SplicedBody(raw, NONCE);
    const fresh = "ZZZZZZZZZZZZZZZZZZZZZZ==";
    expect(gunzipSync(body.gzip(fresh)).equals(Buffer.from(raw.toString().replaceAll(NONCE, fresh)))).toBe(true);
  });

  it("holds copies, not views of the body it was made from", () => {
    const raw = page(NONCE);
    const body = new SplicedBody(raw, NONCE);
    raw.fill(0);
    expect(body.identity(NONCE).equals(page(NONCE))).toBe(true);
    expect(body.bytes).toBeGreaterThan(page(NONCE).length - 7 * NONCE.length);
  });

  it("still decodes when a segment holds a NUL (no preset dictionaries then)", () => {
    const raw = Buffer.from(`<p>a\u0000b</p>${NONCE}<p>a\u0000b</p>${NONCE}<p>a\u0000b</p>`);
    const fresh = "yyyyyyyyyyyyyyyyyyyyyy==";
    const expected = raw.toString().replaceAll(NONCE, fresh);
    expect(gunzipSync(new SplicedBody(raw, NONCE).gzip(fresh)).toString()).toBe(expected);
  });

  it("refuses an empty value, and values of another length than the one it was split at", () => {
    expect(() => new SplicedBody(Buffer.from("x"), "")).toThrow(/non-empty/);
    const body = new SplicedBody(page(NONCE), NONCE);
    expect(() => body.gzip("short")).toThrow(/24 bytes/);
    expect(() => body.identity(`${NONCE}x`)).toThrow(/24 bytes/);
  });
});

describe("encodeBody", () => {
  it("keeps the identity bytes and a gzip that decodes to them", () => {
    const encoded = encodeBody('{"meta":{"success":true},"data":[]}');
    expect(encoded.identity.toString()).toBe('{"meta":{"success":true},"data":[]}');
    expect(gunzipSync(encoded.gzip).equals(encoded.identity)).toBe(true);
  });
});
