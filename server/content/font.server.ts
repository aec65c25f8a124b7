/**
 * The self-hosted Devanagari font (issue 14): Noto Sans Devanagari Regular (it has Latin too), subset to the
 * characters the site's content and catalogs use, as WOFF2. `npm run build` writes it into the client's
 * immutable assets with a content hash; pages that show Devanagari link it (see app/site/devanagari-font).
 * One weight only: bold is synthesised, which keeps a Marathi page's first load within its 200 KB budget.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import subsetFont from "subset-font";
import { SUBJECTS } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { CONTENT_DIR, PROJECT_ROOT } from "./paths.server.ts";

const require = createRequire(import.meta.url);
const SOURCE_FONT = "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf";
const MANIFEST = path.join(PROJECT_ROOT, "build", "font.json");

/** Always kept: printable ASCII, Devanagari digits and signs, and the punctuation Intl and the pages print. */
const ALWAYS = (() => {
  let text = "";
  for (let c = 0x20; c < 0x7f; c++) text += String.fromCodePoint(c);
  for (let c = 0x966; c <= 0x96f; c++) text += String.fromCodePoint(c);
  return `${text}\u0964\u0965\u0970\u200c\u200d\u00a0–—‘’“”…•₹×÷°·→←✓✕`;
})();

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (/\.(ya?ml|md)$/.test(entry.name)) yield full;
  }
}

/** Every character that a page showing Devanagari can print: the content, the catalogs and the subject data. */
function siteCharacters(contentDir = CONTENT_DIR): string {
  const chars = new Set(ALWAYS);
  const add = (text: string) => {
    for (const ch of text) if ((ch.codePointAt(0) ?? 0) >= 0x20) chars.add(ch);
  };
  for (const file of textFiles(contentDir)) {
    const text = readFileSync(file, "utf8");
    // English-only files add no Devanagari, but their Latin is already in ALWAYS or is rare punctuation.
    if (/[\u0900-\u097f]/.test(text)) add(text);
  }
  for (const subject of SUBJECTS) add(subject.nameMr);
  // Words the pages get from Intl rather than from content: month names in dates.
  for (let month = 0; month < 12; month++) {
    add(new Intl.DateTimeFormat("mr-IN", { month: "long", timeZone: "UTC" }).format(Date.UTC(2026, month, 15)));
  }
  for (const syllabus of Object.values(SYLLABUSES)) {
    for (const chapter of syllabus.chapters) add(`${chapter.name}${chapter.nameMr ?? ""}`);
  }
  return [...chars].sort().join("");
}

/** Subsets the font to the site's characters and writes it as `<dir>/noto-sans-devanagari-<hash>.woff2`. */
export async function buildDevanagariFont(
  assetsDir: string,
  publicPrefix = "/assets/",
): Promise<{ url: string; bytes: number }> {
  const source = readFileSync(require.resolve(SOURCE_FONT));
  const woff2 = await subsetFont(source, siteCharacters(), { targetFormat: "woff2" });
  const hash = createHash("sha256").update(woff2).digest("hex").slice(0, 10);
  const name = `noto-sans-devanagari-${hash}.woff2`;
  mkdirSync(assetsDir, { recursive: true });
  writeFileSync(path.join(assetsDir, name), woff2);
  const url = `${publicPrefix}${name}`;
  mkdirSync(path.dirname(MANIFEST), { recursive: true });
  writeFileSync(MANIFEST, `${JSON.stringify({ url, bytes: woff2.length })}\n`);
  return { url, bytes: woff2.length };
}

let cached: string | null | undefined;

/** The built font's URL, or null before the first build (pages then fall back to the system's fonts). */
export function fontUrl(): string | null {
  if (cached === undefined) {
    cached = existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, "utf8")) as { url: string }).url : null;
  }
  return cached;
}

/** The code points a WOFF2 font has glyphs for (its cmap), read with HarfBuzz: the tests check pages against it. */
export async function fontCodePoints(woff2: Uint8Array): Promise<Set<number>> {
  const { default: fontverter } = await import("fontverter");
  const { Blob, Face } = await import("harfbuzzjs");
  const sfnt = await fontverter.convert(Buffer.from(woff2), "sfnt");
  return new Set(new Face(new Blob(sfnt)).collectUnicodes());
}
