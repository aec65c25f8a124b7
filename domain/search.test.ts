import { describe, expect, it } from "vitest";
import {
  normalizeSearchText,
  parseSearchLimit,
  parseSearchQuery,
  SEARCH_MAX_LENGTH,
  SEARCH_MESSAGES,
} from "./search.ts";

const parse = (query: string) => parseSearchQuery(new URLSearchParams(query));

describe("parseSearchQuery", () => {
  it("trims and collapses white space", () => {
    expect(parse("q=%20%20quadratic%20%0A%09equations%20")).toEqual({ ok: true, q: "quadratic equations" });
  });

  it("keeps Devanagari, markup and SQL as text", () => {
    expect(parse(`q=${encodeURIComponent("आम्ल, आम्लारी")}`)).toEqual({ ok: true, q: "आम्ल, आम्लारी" });
    expect(parse(`q=${encodeURIComponent("<b>'; drop")}`)).toEqual({ ok: true, q: "<b>'; drop" });
  });

  it("says empty for nothing, spaces, NUL and control characters", () => {
    for (const query of ["", "q=", "q=%20%20", "q=%00", "q=%01%7F", "other=1"]) {
      expect(parse(query)).toEqual({ ok: false, reason: "empty" });
    }
  });

  it("says repeated when q comes twice, even empty", () => {
    expect(parse("q=a&q=b")).toEqual({ ok: false, reason: "repeated" });
    expect(parse("q=&q=")).toEqual({ ok: false, reason: "repeated" });
  });

  it("counts characters, not UTF-16 units, against the limit", () => {
    expect(parse(`q=${"a".repeat(SEARCH_MAX_LENGTH)}`)).toEqual({ ok: true, q: "a".repeat(SEARCH_MAX_LENGTH) });
    expect(parse(`q=${"a".repeat(SEARCH_MAX_LENGTH + 1)}`)).toEqual({ ok: false, reason: "too_long" });
    const emoji = "🙂".repeat(SEARCH_MAX_LENGTH);
    expect(parse(`q=${encodeURIComponent(emoji)}`)).toEqual({ ok: true, q: emoji });
  });

  it("drops lone surrogates and the replacement character that broken UTF-8 decodes to", () => {
    const params = new URLSearchParams();
    params.set("q", "\uD800abc\uDFFF");
    expect(parseSearchQuery(params)).toEqual({ ok: true, q: "abc" });
    expect(parse("q=%ED%A0%80")).toEqual({ ok: false, reason: "empty" });
    expect(parse("q=%E0%A4x")).toEqual({ ok: true, q: "x" });
    expect(normalizeSearchText("a\uD800b\uDC00c")).toBe("a b c");
  });

  it("has a message for every refusal", () => {
    expect(Object.keys(SEARCH_MESSAGES).sort()).toEqual(["empty", "repeated", "too_long"]);
    expect(SEARCH_MESSAGES.too_long).toContain(String(SEARCH_MAX_LENGTH));
  });
});

describe("parseSearchLimit", () => {
  it("takes 1 to 20 and gives 5 for anything else", () => {
    expect(parseSearchLimit("1")).toBe(1);
    expect(parseSearchLimit("20")).toBe(20);
    for (const value of [null, undefined, "", "0", "21", "-1", "1.5", "1e1", "abc", "0005000"]) {
      expect(parseSearchLimit(value)).toBe(5);
    }
  });
});
