import { describe, expect, it } from "vitest";
import { localizePath } from "./i18n.ts";
import { isSafeRedirect, safeRedirect } from "./redirect.ts";

// Payloads from the outside probe (issue 23) and the usual open-redirect list: each must get the fallback.
const UNSAFE = [
  "//evil.example",
  "///evil.example",
  "/\\evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/\u0000/evil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%00/evil.example",
  "/%5C/evil.example",
  "/%5c%5cevil.example",
  "/%2F/evil.example",
  "/%2f%2fevil.example",
  "/%252F/evil.example",
  "/mr//evil.example",
  "/mr/%2F/evil.example",
  "/mr/%2F%2Fevil.example",
  "https://evil.example",
  "evil.example",
  "javascript:alert(1)",
  " /blogs",
  "/blogs ",
  "/ब्लॉग",
  "/blogs?q=गणित",
  "/\u00e9",
  "/%E0%A4",
  "",
  "/".repeat(3000),
  `/${"a".repeat(3000)}`,
];

const SAFE = ["/", "/blogs", "/mr", "/mr/blogs", "/practice/new?paper=math-1-model-1", "/search?q=%E0%A4%97", "/a#b"];

describe("the redirect guard", () => {
  it.each(UNSAFE)("refuses %j", (target) => {
    expect(isSafeRedirect(target)).toBe(false);
    expect(safeRedirect(target, "/home")).toBe("/home");
  });

  it.each(SAFE)("keeps %j", (target) => {
    expect(safeRedirect(target, "/home")).toBe(target);
  });

  it("refuses what is not a string", () => {
    for (const value of [undefined, null, 42, ["/blogs"], { a: 1 }]) expect(safeRedirect(value, "/x")).toBe("/x");
  });

  it("judges the final path after the language prefix is removed", () => {
    for (const next of ["/mr//evil.example/phish", "/mr/%2F/evil.example"]) {
      expect(safeRedirect(localizePath(next, "en"), "/")).toBe("/");
    }
  });
});
