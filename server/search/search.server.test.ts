import { describe, expect, it } from "vitest";
import { plainText } from "./documents.server.ts";
import { queryWords, snippetParts, tsqueryText } from "./search.server.ts";

describe("queryWords", () => {
  it("keeps letters, marks and digits only, lower-cased, without repeats", () => {
    expect(queryWords("Quadratic  EQUATIONS quadratic")).toEqual(["quadratic", "equations"]);
    expect(queryWords("'; drop table users; --")).toEqual(["drop", "table", "users"]);
    // Tags are no words: their names and attributes are not searched for.
    expect(queryWords("<script>alert(1)</script>")).toEqual(["alert", "1"]);
    expect(queryWords("<img src=x onerror=alert(1)>")).toEqual([]);
    expect(queryWords("heat &amp; light &#60;")).toEqual(["heat", "light"]);
    // Not a tag: maths keeps its words.
    expect(queryWords("x<y and y>z")).toEqual(["x", "y", "z"]);
    expect(queryWords("!!! &|:* ()")).toEqual([]);
  });

  it("keeps Devanagari words whole (vowel signs and virama are marks)", () => {
    expect(queryWords("आम्ल, आम्लारी")).toEqual(["आम्ल", "आम्लारी"]);
    expect(queryWords("प्रकाशसंश्लेषण")).toEqual(["प्रकाशसंश्लेषण"]);
  });

  it("drops English stop words and very common Devanagari words", () => {
    expect(queryWords("acids and bases")).toEqual(["acids", "bases"]);
    expect(queryWords("The History of India")).toEqual(["history", "india"]);
    expect(queryWords("आम्ल आणि आम्लारी")).toEqual(["आम्ल", "आम्लारी"]);
    expect(queryWords("संज्ञा और सर्वनाम का प्रयोग")).toEqual(["संज्ञा", "सर्वनाम", "प्रयोग"]);
    expect(queryWords("the and of in a")).toEqual([]);
    expect(queryWords("आणि व की का")).toEqual([]);
  });

  it("takes at most eight words of at most forty characters", () => {
    expect(queryWords("b c d e f g h j k l")).toHaveLength(8);
    expect(queryWords("x".repeat(100))[0]).toHaveLength(40);
  });
});

describe("tsqueryText", () => {
  it("quotes every word, matches prefixes from three characters, and ANDs (or ORs) the words", () => {
    expect(tsqueryText(["quadratic", "eq"], new Map())).toBe("'quadratic':* & 'eq'");
    expect(tsqueryText(["12", "2023", "गण", "गणि"], new Map())).toBe("'12' & '2023':* & 'गण' & 'गणि':*");
    expect(tsqueryText(["ab", "heat"], new Map(), { any: true })).toBe("'ab' | 'heat':*");
  });

  it("matches a single letter only in the text, never in titles (their labels: Q.2 (B))", () => {
    expect(tsqueryText(["x", "1"], new Map())).toBe("'x':C & '1'");
  });

  it("takes no prefixes for the english configuration, whose stems would find too much", () => {
    expect(tsqueryText(["planning", "quadr"], new Map(), { prefix: false })).toBe("'planning' & 'quadr'");
  });

  it("offers the near words of a misspelt one", () => {
    expect(tsqueryText(["quadratik"], new Map([["quadratik", ["quadratic"]]]))).toBe("('quadratik':* | 'quadratic')");
  });
});

describe("snippetParts", () => {
  it("splits ts_headline's markers into parts, never HTML", () => {
    expect(snippetParts("Form the \uE000quadratic\uE001 \uE000equation\uE001 whose <roots>")).toEqual([
      { text: "Form the ", hit: false },
      { text: "quadratic", hit: true },
      { text: " ", hit: false },
      { text: "equation", hit: true },
      { text: " whose <roots>", hit: false },
    ]);
    expect(snippetParts(null)).toEqual([]);
  });

  it("cuts at about 160 characters, at a word's end", () => {
    const parts = snippetParts(`\uE000heat\uE001 ${"word ".repeat(60)}`);
    const text = parts.map((p) => p.text).join("");
    expect(text.length).toBeLessThanOrEqual(161);
    expect(text.endsWith("word…")).toBe(true);
  });
});

describe("plainText", () => {
  it("turns TeX into readable maths and Markdown into words", () => {
    expect(plainText("If $x = 3$ is a **root** of $x^2 - kx + 12 = 0$, find $k$.")).toBe(
      "If x = 3 is a root of x² - kx + 12 = 0, find k.",
    );
    expect(plainText("$\\sin^2\\theta + \\cos^2\\theta$ and $\\frac{3}{20}$")).toBe("sin² θ + cos² θ and 3/20");
    expect(plainText("$\\text{speed} = 5 \\times 2$")).toBe("speed = 5 × 2");
    expect(plainText("For a grouped frequency distribution, $\\sum f_i x_i = 2400$ and $\\sum f_i = 60$.")).toBe(
      "For a grouped frequency distribution, Σ fᵢ xᵢ = 2400 and Σ fᵢ = 60.",
    );
    expect(plainText("| Game | $\\frac{n(A)}{n(S)}$ |\n|---|---|\n![x](a.svg) [link](/b)")).toBe("Game n(A)/n(S) link");
  });
});
