import type { Request } from "express";
import { describe, expect, it } from "vitest";
import { acceptsEncoding, isScriptFetch, wantsJsonEnvelope } from "./negotiate.server.ts";

describe("acceptsEncoding", () => {
  it.each([
    // What phones and browsers send.
    ["gzip, deflate, br", "gzip", true],
    ["gzip, deflate, br, zstd", "br", true],
    ["br;q=1.0, gzip;q=0.8", "gzip", true],
    // Codings and the q parameter are compared without letter case; spaces around `;` and `=` do not matter.
    ["GZIP", "gzip", true],
    ["Br", "br", true],
    ["gzip ; Q = 0.5", "gzip", true],
    // A weight of 0 refuses, however it is written.
    ["gzip;q=0", "gzip", false],
    ["gzip; q=0.0, br", "gzip", false],
    ["br;q=0.000, gzip", "br", false],
    // `*` stands for every coding the header does not name; a named coding's own weight wins.
    ["*", "gzip", true],
    ["*", "br", true],
    ["deflate, *;q=0.5", "br", true],
    ["*;q=0", "gzip", false],
    ["*, gzip;q=0", "gzip", false],
    ["gzip;q=0, *", "gzip", false],
    ["*;q=0, gzip", "gzip", true],
    // Not named, and no `*`.
    ["br", "gzip", false],
    ["gzip", "br", false],
    ["identity", "gzip", false],
    // A name is the whole token: x-gzip is another coding.
    ["x-gzip", "gzip", false],
    // A garbled or empty weight refuses: identity is always safe.
    ["gzip;q=abc", "gzip", false],
    ["gzip;q=", "gzip", false],
    // Nothing said: identity, as the compression middleware does.
    ["", "gzip", false],
    [undefined, "gzip", false],
  ])("%s: %s → %s", (header, coding, expected) => {
    expect(acceptsEncoding(header, coding)).toBe(expected);
  });
});

/** A request as the two functions read it: its path and its headers (by lower-case name, as Express's req.get). */
function request(path: string, headers: Record<string, string> = {}): Request {
  return { path, get: (name: string) => headers[name.toLowerCase()] } as unknown as Request;
}

describe("wantsJsonEnvelope", () => {
  it("tells the API's callers in the envelope, and anyone who asks for JSON", () => {
    expect(wantsJsonEnvelope(request("/api/v1/nothing-here"))).toBe(true);
    expect(wantsJsonEnvelope(request("/blogs", { accept: "application/json" }))).toBe(true);
    expect(wantsJsonEnvelope(request("/blogs", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }))).toBe(false);
    expect(wantsJsonEnvelope(request("/apidocs"))).toBe(false);
  });

  it("does not take a page's own fetch() for an API call: its errors stay text", () => {
    expect(wantsJsonEnvelope(request("/blogs.data", { "sec-fetch-mode": "cors", accept: "*/*" }))).toBe(false);
  });
});

describe("isScriptFetch", () => {
  const file = "/papers/math-1-2023-march-english/question.pdf";

  it("is the viewer's fetch(), which is not a navigation", () => {
    expect(isScriptFetch(request(file, { "sec-fetch-mode": "cors", accept: "*/*" }))).toBe(true);
    expect(isScriptFetch(request(file, { "sec-fetch-mode": "same-origin" }))).toBe(true);
  });

  it("is not a tapped link or a typed URL: those get a page", () => {
    expect(isScriptFetch(request(file, { "sec-fetch-mode": "navigate", accept: "text/html" }))).toBe(false);
  });

  it("without Sec-Fetch-Mode (an old browser, curl), only when JSON is asked for", () => {
    expect(isScriptFetch(request(file))).toBe(false);
    expect(isScriptFetch(request(file, { accept: "application/json" }))).toBe(true);
  });
});
