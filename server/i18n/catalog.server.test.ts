/**
 * The interface's message catalogs (issue 14): both languages have every key, every message is valid ICU with
 * the same arguments, and the English API texts equal what the API sends. A failure names the file and the key.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_MESSAGE_KEYS } from "../../domain/api-messages.ts";
import { UNSHOWN_API_MESSAGE_KEYS } from "../../domain/api-messages-unshown.ts";
import { SITE_TEXTS } from "../../domain/site.ts";
import { checkCatalogs, compiledCatalog } from "./catalog.server.ts";

describe("content/i18n", () => {
  const { catalogs, problems } = checkCatalogs();

  it("has every key in both languages, valid ICU and the same arguments", () => {
    expect(problems).toEqual([]);
    expect(catalogs.en.messages.size).toBeGreaterThan(100);
  });

  it("keeps the API's English messages word for word", () => {
    const wrong = Object.entries({ ...API_MESSAGE_KEYS, ...UNSHOWN_API_MESSAGE_KEYS })
      .filter(([text, key]) => catalogs.en.messages.get(key) !== text)
      .map(([text, key]) => `${key}: ${JSON.stringify(catalogs.en.messages.get(key))} is not ${JSON.stringify(text)}`);
    expect(wrong).toEqual([]);
  });

  it("keeps the spec's site texts", () => {
    expect(catalogs.en.messages.get("common.site.defaultTitle")).toBe(SITE_TEXTS.defaultTitle);
    expect(catalogs.en.messages.get("common.site.defaultDescription")).toBe(SITE_TEXTS.defaultDescription);
    expect(catalogs.en.messages.get("common.site.tagline")).toBe(SITE_TEXTS.tagline);
  });

  it("compiles plurals for Marathi", () => {
    expect(compiledCatalog("mr")["api.tooManyAttempts"]).toBeInstanceOf(Array);
  });
});

describe("checkCatalogs", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function catalogsOf(en: string, mr: string): string[] {
    dir = mkdtempSync(path.join(tmpdir(), "ps-i18n-"));
    for (const [locale, text] of [
      ["en", en],
      ["mr", mr],
    ] as const) {
      mkdirSync(path.join(dir, locale));
      writeFileSync(path.join(dir, locale, "x.yaml"), text);
    }
    return checkCatalogs(dir).problems;
  }

  it("names a missing key, a key only in the translation, broken ICU and a changed argument", () => {
    const problems = catalogsOf(
      'a: "A"\nb: "Hello {name}"\nc: "{n, plural, one {# paper} other {# papers}}"\n',
      'b: "नमस्कार {nom}"\nc: "{n, plural, one {# पेपर"\nd: "extra"\n',
    );
    expect(problems.join("\n")).toMatch(/x\.a: missing/);
    expect(problems.join("\n")).toMatch(/x\.yaml: x\.d: not in en/);
    expect(problems.join("\n")).toMatch(/x\.yaml: x\.c: not valid ICU/);
    expect(problems.join("\n")).toMatch(/x\.yaml: x\.b: uses \{nom\}, the en message uses \{name\}/);
  });

  it("names bad keys, non-text values and bad YAML", () => {
    expect(catalogsOf('"bad key": "x"\nn: 3\n', 'ok: "x"\n').join("\n")).toMatch(
      /keys are letters[\s\S]*n: must be a text/,
    );
    expect(catalogsOf('a: "x"\n', "a: [unclosed\n").join("\n")).toMatch(/x\.yaml: not valid YAML/);
  });
});
