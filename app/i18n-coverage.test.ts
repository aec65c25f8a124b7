/**
 * No interface text bypasses the message catalogs (issue 14): every JSX text, every user-facing attribute
 * (`aria-label`, `title`, `placeholder`, `alt`, a component's `label`) and every string child written in the
 * app's `.tsx` files must come from `t(…)`. A failure names the file, the line and the text.
 * Every key the code names literally (`t("home.title")`) must exist in the English catalog.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { readSourceCatalog } from "../server/i18n/catalog.server.ts";

const APP_DIR = import.meta.dirname;
const PROJECT = path.dirname(APP_DIR);
/** Attributes a person reads or hears. */
const TEXT_ATTRIBUTES = new Set([
  "aria-label",
  "aria-valuetext",
  "title",
  "placeholder",
  "alt",
  "label",
  "pendingLabel",
]);
/** Text with a letter in it (Latin or Devanagari): symbols such as ✕, ·, >, * are not words. */
const WORDS = /[A-Za-z\u0900-\u097f]{2,}/;

/**
 * The admin console is in English only (decision 012): its users are the site's staff, not students, so its
 * texts are written in its own files rather than in the students' catalogs. Only these two folders are exempt.
 */
const ENGLISH_ONLY = new Set([path.join(APP_DIR, "routes/admin"), path.join(APP_DIR, "admin")]);

function* tsxFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "+types" && !ENGLISH_ONLY.has(full)) yield* tsxFiles(full);
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

interface Finding {
  where: string;
  text: string;
}

function scan(file: string, text = readFileSync(file, "utf8")): { hardCoded: Finding[]; keys: Finding[] } {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const hardCoded: Finding[] = [];
  const keys: Finding[] = [];
  const where = (node: ts.Node) =>
    `${path.relative(PROJECT, file)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    // HTML entities (&gt;, &nbsp;) are symbols, not words.
    if (ts.isJsxText(node) && WORDS.test(node.text.replace(/&\w+;/g, ""))) {
      hardCoded.push({ where: where(node), text: node.text.trim() });
    }
    if (ts.isJsxAttribute(node) && TEXT_ATTRIBUTES.has(node.name.getText(source)) && node.initializer) {
      const value = ts.isStringLiteral(node.initializer)
        ? node.initializer
        : ts.isJsxExpression(node.initializer) && node.initializer.expression
          ? node.initializer.expression
          : undefined;
      if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value)) && WORDS.test(value.text)) {
        hardCoded.push({ where: where(node), text: `${node.name.getText(source)}="${value.text}"` });
      }
      if (
        value &&
        ts.isTemplateExpression(value) &&
        WORDS.test(value.head.text + value.templateSpans.map((s) => s.literal.text).join(""))
      ) {
        hardCoded.push({ where: where(node), text: `${node.name.getText(source)}={${value.getText(source)}}` });
      }
    }
    // CSS in <style> and JSON in <script> are not texts anyone reads.
    const element =
      node.parent && ts.isJsxElement(node.parent) ? node.parent.openingElement.tagName.getText(source) : "";
    if (
      ts.isJsxExpression(node) &&
      node.expression &&
      ts.isJsxElement(node.parent) &&
      !["style", "script"].includes(element)
    ) {
      const e = node.expression;
      if ((ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) && WORDS.test(e.text)) {
        hardCoded.push({ where: where(node), text: e.text });
      }
      if (ts.isTemplateExpression(e) && WORDS.test(e.head.text + e.templateSpans.map((s) => s.literal.text).join(""))) {
        hardCoded.push({ where: where(node), text: e.getText(source) });
      }
    }
    // t("a.b"), i18n._("a.b"), _("a.b"): literal keys must exist.
    if (ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression.getText(source);
      if (callee === "t" || callee.endsWith("._") || callee === "_") {
        keys.push({ where: where(node), text: node.arguments[0].text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { hardCoded, keys };
}

describe("the interface's texts", () => {
  const files = [...tsxFiles(APP_DIR)];
  const results = files.map((file) => scan(file));

  it("all come from the catalogs", () => {
    const found = results.flatMap((r) => r.hardCoded).map((f) => `${f.where}: ${f.text}`);
    expect(found).toEqual([]);
  });

  it("name only keys that exist", () => {
    const { catalog } = readSourceCatalog("en");
    const missing = results
      .flatMap((r) => r.keys)
      .filter((k) => !catalog.messages.has(k.text))
      .map((k) => `${k.where}: ${k.text}`);
    expect(missing).toEqual([]);
  });

  it("finds hard-coded text and literal keys (the check itself works)", () => {
    // biome-ignore-start lint/suspicious/noTemplateCurlyInString: the probe is source text with a template literal
    const probe = scan(
      path.join(APP_DIR, "probe.tsx"),
      'const a = <p title="Hello there" alt="">Hi there {"and you"} {`or ${x} you`} ✕ {t("a.b")}</p>;',
    );
    expect(probe.hardCoded.map((f) => f.text)).toEqual(['title="Hello there"', "Hi there", "and you", "`or ${x} you`"]);
    // biome-ignore-end lint/suspicious/noTemplateCurlyInString: —
    expect(probe.keys.map((f) => f.text)).toEqual(["a.b"]);
  });
});
