import { describe, expect, it } from "vitest";
import { buildLexicon, isKnownPrefix, nearestWords, nearWordsIn, trigrams } from "./lexicon.server.ts";

describe("trigrams", () => {
  it("are pg_trgm's: per word, lower-cased, two spaces in front and one behind, without repeats", () => {
    expect(trigrams("Cat").sort()).toEqual(["  c", " ca", "at ", "cat"].sort());
    expect(trigrams("a a")).toEqual(["  a", " a "]);
    expect(trigrams("!!!")).toEqual([]);
  });

  it("count Devanagari letters and marks as a word's characters", () => {
    expect(trigrams("गणित")).toContain("  ग");
    expect(trigrams("गणित")).toHaveLength([..."गणित"].length + 1);
  });
});

describe("the lexicon", () => {
  const lexicon = buildLexicon(["quadratic", "quadrilateral", "equation", "equations", "trigonometry", "गुरुत्वाकर्षण"]);

  it("knows a prefix of any of its words", () => {
    expect(isKnownPrefix(lexicon, "quadr")).toBe(true);
    expect(isKnownPrefix(lexicon, "equations")).toBe(true);
    expect(isKnownPrefix(lexicon, "quadratik")).toBe(false);
    expect(isKnownPrefix(lexicon, "zzz")).toBe(false);
  });

  it("finds the nearest words of a misspelt one, best first, and nothing for a stranger", () => {
    expect(nearestWords(lexicon, "quadratik")[0]).toBe("quadratic");
    expect(nearestWords(lexicon, "trigonometri")).toEqual(["trigonometry"]);
    expect(nearestWords(lexicon, "गुरुत्वकर्षण")).toEqual(["गुरुत्वाकर्षण"]);
    expect(nearestWords(lexicon, "photosynthesis")).toEqual([]);
  });

  it("widens only unknown words of four letters or more", () => {
    const near = nearWordsIn(lexicon, ["quadr", "quadratik", "eqa", "2023"]);
    expect([...near.keys()]).toEqual(["quadratik"]);
  });
});
