import { describe, expect, it } from "vitest";
import { parseRange } from "./range.server.ts";

describe("parseRange", () => {
  const size = 1000;
  it.each([
    [undefined, { kind: "full" }],
    ["bytes=0-99", { kind: "partial", start: 0, end: 99 }],
    ["bytes=100-", { kind: "partial", start: 100, end: 999 }],
    ["bytes=-100", { kind: "partial", start: 900, end: 999 }],
    ["bytes=-5000", { kind: "partial", start: 0, end: 999 }],
    ["bytes=990-5000", { kind: "partial", start: 990, end: 999 }],
    ["bytes=0-0", { kind: "partial", start: 0, end: 0 }],
    [" bytes=5-9 ", { kind: "partial", start: 5, end: 9 }],
    ["bytes=0-1,5-9", { kind: "full" }],
    ["bytes=1000-", { kind: "unsatisfiable" }],
    ["bytes=9-5", { kind: "unsatisfiable" }],
    ["bytes=-0", { kind: "unsatisfiable" }],
    ["bytes=-", { kind: "unsatisfiable" }],
    ["bytes=", { kind: "unsatisfiable" }],
    ["bytes=abc", { kind: "unsatisfiable" }],
    ["items=0-5", { kind: "unsatisfiable" }],
    ["bytes=0-5,abc", { kind: "unsatisfiable" }],
    ["bytes=99999999999999999999-", { kind: "unsatisfiable" }],
    ["", { kind: "unsatisfiable" }],
  ])("%j", (header, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  it("never satisfies a range of an empty file", () => {
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-1", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
