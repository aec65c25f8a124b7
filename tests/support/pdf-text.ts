/**
 * Reading a PDF's text back in tests, two ways:
 *
 * - `pdfjsPageTexts`: what pdf.js (the site's viewer) reads from each page.
 * - `extractPdfText`: what a screen reader, a search or copy-and-paste reads, honouring `/ActualText`. Typst maps
 *   each glyph to its characters in the font's ToUnicode table, but a Devanagari cluster is often drawn with glyphs
 *   that do not split into characters one by one (a conjunct, a matra placed before its consonant): Typst then wraps
 *   the cluster in a marked-content span carrying its text (`/Span << /ActualText (…) >> BDC … EMC`). pdf.js's
 *   `getTextContent` ignores ActualText and returns such clusters garbled (and so does its text layer), so the model
 *   papers' tests use this reader to prove that Marathi and Hindi text comes back exactly. It understands what Typst
 *   writes (CID fonts with two-byte codes, text in page content and form XObjects), not every PDF.
 */
import path from "node:path";
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export const STANDARD_FONT_DATA_URL = path.join(import.meta.dirname, "../../node_modules/pdfjs-dist/standard_fonts/");

/** The text pdf.js reads from each page of a PDF, its runs joined by spaces: what a test compares across files. */
export async function pdfjsPageTexts(bytes: Uint8Array): Promise<string[]> {
  const task = getDocument({ data: bytes.slice(), standardFontDataUrl: STANDARD_FONT_DATA_URL });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await task.destroy();
  return pages;
}

/** The text of each page as copy-and-paste gives it (ActualText honoured): runs on one line joined (a space where the layout leaves a gap), lines by "\n". */
export async function extractPdfText(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  return pdf.getPages().map((page) => {
    const reader = new TextReader(pdf);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    const resources = page.node.Resources();
    for (const ref of streams) {
      const stream = pdf.context.lookup(ref);
      if (stream instanceof PDFRawStream) reader.run(streamBytes(stream), resources, IDENTITY);
    }
    return reader.text();
  });
}

/** The base names of every font the PDF uses (subset prefix removed), including fonts inside form XObjects. */
export async function pdfFontNames(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const names = new Set<string>();
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    const dict = object instanceof PDFDict ? object : object instanceof PDFRawStream ? object.dict : undefined;
    if (!dict || dict.get(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const base = dict.get(PDFName.of("BaseFont"));
    if (base instanceof PDFName) names.add(base.decodeText().replace(/^[A-Z]{6}\+/, ""));
  }
  return [...names].sort();
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

interface FontInfo {
  toUnicode: Map<number, string>;
  widths: Map<number, number>;
  defaultWidth: number;
  /** Bytes per character code: 2 for Typst's CID fonts, 1 for simple fonts. */
  codeLength: number;
}

type Operand = number | string | Uint8Array | Operand[] | { [key: string]: Operand } | boolean | null;

/** A name operand (`/F1`) is kept as a string starting with "/"; strings as bytes. */
class TextReader {
  private readonly pdf: PDFDocument;
  private readonly fonts = new Map<PDFDict, FontInfo>();
  private readonly out: string[] = [];
  private lastY: number | undefined;
  private lastEndX: number | undefined;
  private lastSize = 10;

  constructor(pdf: PDFDocument) {
    this.pdf = pdf;
  }

  text(): string {
    return this.out.join("");
  }

  run(content: Uint8Array, resources: PDFDict | undefined, base: Matrix): void {
    const tokens = tokenize(content);
    const stack: Operand[] = [];
    let ctm = base;
    const saved: Matrix[] = [];
    let textMatrix: Matrix = IDENTITY;
    let lineMatrix: Matrix = IDENTITY;
    let font: FontInfo | undefined;
    let size = 10;
    let leading = 0;
    const marked: boolean[] = []; // true for a span whose ActualText replaced its glyphs

    const show = (operands: Operand[]) => {
      if (!font) return;
      const rendering = multiply(textMatrix, ctm);
      const scale = Math.hypot(rendering[0], rendering[1]) || 1;
      const x = rendering[4];
      const y = rendering[5];
      this.place(x, y, size * scale);
      let advance = 0;
      let text = "";
      for (const part of operands) {
        if (typeof part === "number") {
          // A move to the left places a mark over its base (Typst then starts the next run at its own position):
          // counting it would open a false gap, so only moves to the right advance the pen.
          if (part < 0) advance -= (part / 1000) * size;
          continue;
        }
        if (!(part instanceof Uint8Array)) continue;
        for (let i = 0; i + font.codeLength <= part.length; i += font.codeLength) {
          const code = font.codeLength === 2 ? ((part[i] ?? 0) << 8) | (part[i + 1] ?? 0) : (part[i] ?? 0);
          text += font.toUnicode.get(code) ?? "";
          advance += ((font.widths.get(code) ?? font.defaultWidth) / 1000) * size;
        }
      }
      textMatrix = multiply([1, 0, 0, 1, advance, 0], textMatrix);
      if (!marked.includes(true)) this.out.push(text);
      this.lastEndX = multiply(textMatrix, ctm)[4];
      this.lastSize = size * scale;
    };

    for (const token of tokens) {
      if (token.kind !== "op") {
        stack.push(token.value);
        continue;
      }
      const op = token.value as string;
      const num = (i: number) => Number(stack[i] ?? 0);
      switch (op) {
        case "q":
          saved.push(ctm);
          break;
        case "Q":
          ctm = saved.pop() ?? base;
          break;
        case "cm":
          ctm = multiply([num(0), num(1), num(2), num(3), num(4), num(5)], ctm);
          break;
        case "BT":
          textMatrix = IDENTITY;
          lineMatrix = IDENTITY;
          break;
        case "Tm":
          textMatrix = [num(0), num(1), num(2), num(3), num(4), num(5)];
          lineMatrix = textMatrix;
          break;
        case "Td":
        case "TD":
          if (op === "TD") leading = -num(1);
          lineMatrix = multiply([1, 0, 0, 1, num(0), num(1)], lineMatrix);
          textMatrix = lineMatrix;
          break;
        case "TL":
          leading = num(0);
          break;
        case "T*":
          lineMatrix = multiply([1, 0, 0, 1, 0, -leading], lineMatrix);
          textMatrix = lineMatrix;
          break;
        case "Tf": {
          const name = stack[0];
          size = num(1);
          font = typeof name === "string" ? this.font(resources, name.slice(1)) : undefined;
          break;
        }
        case "Tj":
          show([stack[0] ?? null]);
          break;
        case "'":
        case '"':
          lineMatrix = multiply([1, 0, 0, 1, 0, -leading], lineMatrix);
          textMatrix = lineMatrix;
          show([stack[stack.length - 1] ?? null]);
          break;
        case "TJ":
          show(Array.isArray(stack[0]) ? stack[0] : []);
          break;
        case "BMC":
          marked.push(false);
          break;
        case "BDC": {
          const properties = stack[1];
          const actual =
            properties &&
            typeof properties === "object" &&
            !Array.isArray(properties) &&
            !(properties instanceof Uint8Array)
              ? properties.ActualText
              : undefined;
          if (actual instanceof Uint8Array && !marked.includes(true)) {
            // Position the replacement where its glyphs start: the next text operator's position is not known yet,
            // so the text is added as it comes, before the glyphs (which are skipped).
            this.pendingActual = decodeTextString(actual);
            marked.push(true);
          } else marked.push(false);
          break;
        }
        case "EMC":
          marked.pop();
          if (this.pendingActual !== undefined && !marked.includes(true)) {
            this.out.push(this.pendingActual);
            this.pendingActual = undefined;
          }
          break;
        case "Do": {
          const name = stack[0];
          if (typeof name === "string") this.form(resources, name.slice(1), ctm);
          break;
        }
        default:
          break;
      }
      if (this.pendingActual !== undefined && (op === "Tj" || op === "TJ" || op === "'" || op === '"')) {
        this.out.push(this.pendingActual);
        this.pendingActual = undefined;
      }
      stack.length = 0;
    }
  }

  private pendingActual: string | undefined;

  /** Starts a new line when the baseline moves, or puts a space where a run starts after a gap. */
  private place(x: number, y: number, size: number): void {
    if (this.lastY !== undefined && Math.abs(y - this.lastY) > Math.max(size, this.lastSize) * 0.5) {
      this.out.push("\n");
    } else if (this.lastEndX !== undefined && x - this.lastEndX > size * 0.15) {
      const previous = this.out[this.out.length - 1] ?? "";
      if (!/\s$/.test(previous)) this.out.push(" ");
    }
    this.lastY = y;
  }

  private form(resources: PDFDict | undefined, name: string, ctm: Matrix): void {
    const xobjects = resources?.lookupMaybe(PDFName.of("XObject"), PDFDict);
    const stream = xobjects?.lookup(PDFName.of(name));
    if (!(stream instanceof PDFRawStream)) return;
    if (stream.dict.get(PDFName.of("Subtype")) !== PDFName.of("Form")) return;
    const matrix = stream.dict.lookupMaybe(PDFName.of("Matrix"), PDFArray);
    const m = matrix ? (matrix.asArray().map((n) => (n instanceof PDFNumber ? n.asNumber() : 0)) as Matrix) : IDENTITY;
    const own = stream.dict.lookupMaybe(PDFName.of("Resources"), PDFDict) ?? resources;
    this.run(streamBytes(stream), own, multiply(m, ctm));
  }

  private font(resources: PDFDict | undefined, name: string): FontInfo | undefined {
    const fonts = resources?.lookupMaybe(PDFName.of("Font"), PDFDict);
    const dict = fonts?.lookupMaybe(PDFName.of(name), PDFDict);
    if (!dict) return undefined;
    const cached = this.fonts.get(dict);
    if (cached) return cached;
    const info = readFont(this.pdf, dict);
    this.fonts.set(dict, info);
    return info;
  }
}

function readFont(pdf: PDFDocument, dict: PDFDict): FontInfo {
  const composite = dict.get(PDFName.of("Subtype")) === PDFName.of("Type0");
  const info: FontInfo = { toUnicode: new Map(), widths: new Map(), defaultWidth: 1000, codeLength: composite ? 2 : 1 };
  const toUnicode = dict.lookup(PDFName.of("ToUnicode"));
  if (toUnicode instanceof PDFRawStream) parseToUnicode(new TextDecoder("latin1").decode(streamBytes(toUnicode)), info);
  if (composite) {
    const descendant = dict.lookupMaybe(PDFName.of("DescendantFonts"), PDFArray)?.lookup(0);
    if (descendant instanceof PDFDict) {
      const dw = descendant.lookup(PDFName.of("DW"));
      if (dw instanceof PDFNumber) info.defaultWidth = dw.asNumber();
      const w = descendant.lookupMaybe(PDFName.of("W"), PDFArray);
      if (w) readWidths(pdf, w, info.widths);
    }
  } else {
    const first = dict.lookup(PDFName.of("FirstChar"));
    const widths = dict.lookupMaybe(PDFName.of("Widths"), PDFArray);
    if (first instanceof PDFNumber && widths) {
      widths.asArray().forEach((w, i) => {
        const value = pdf.context.lookup(w);
        if (value instanceof PDFNumber) info.widths.set(first.asNumber() + i, value.asNumber());
      });
    }
  }
  return info;
}

/** A CID font's `/W`: `c [w1 w2 …]` or `c_first c_last w`. */
function readWidths(pdf: PDFDocument, w: PDFArray, widths: Map<number, number>): void {
  const items = w.asArray().map((item) => (item instanceof PDFRef ? pdf.context.lookup(item) : item));
  for (let i = 0; i < items.length; ) {
    const first = items[i];
    const next = items[i + 1];
    if (!(first instanceof PDFNumber)) break;
    if (next instanceof PDFArray) {
      next.asArray().forEach((value, k) => {
        if (value instanceof PDFNumber) widths.set(first.asNumber() + k, value.asNumber());
      });
      i += 2;
    } else {
      const last = next instanceof PDFNumber ? next.asNumber() : first.asNumber();
      const value = items[i + 2];
      for (let c = first.asNumber(); c <= last; c += 1)
        widths.set(c, value instanceof PDFNumber ? value.asNumber() : 0);
      i += 3;
    }
  }
}

function parseToUnicode(cmap: string, info: FontInfo): void {
  const hex = (h: string) => Number.parseInt(h, 16);
  const unicode = (h: string) => {
    const units: number[] = [];
    for (let i = 0; i + 4 <= h.length; i += 4) units.push(hex(h.slice(i, i + 4)));
    return String.fromCharCode(...units);
  };
  for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      info.toUnicode.set(hex(m[1] ?? "0"), unicode(m[2] ?? ""));
    }
  }
  for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of (block[1] ?? "").matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(<[0-9A-Fa-f]*>|\[[^\]]*\])/g)) {
      const start = hex(m[1] ?? "0");
      const end = hex(m[2] ?? "0");
      const target = m[3] ?? "";
      if (target.startsWith("[")) {
        [...target.matchAll(/<([0-9A-Fa-f]*)>/g)].forEach((t, k) => {
          info.toUnicode.set(start + k, unicode(t[1] ?? ""));
        });
      } else {
        const base = target.slice(1, -1);
        for (let c = start; c <= end; c += 1) {
          const last = hex(base.slice(-4)) + (c - start);
          info.toUnicode.set(c, unicode(base.slice(0, -4) + last.toString(16).padStart(4, "0")));
        }
      }
    }
  }
}

/** A PDF text string: UTF-16BE after a byte-order mark, else PDFDocEncoding (read as Latin-1). */
function decodeTextString(bytes: Uint8Array): string {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes.subarray(2));
  return new TextDecoder("latin1").decode(bytes);
}

interface Token {
  kind: "value" | "op";
  value: Operand;
}

const WHITESPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([..."()<>[]{}/%"].map((c) => c.charCodeAt(0)));

/** Content-stream tokens, with arrays and dictionaries already built. */
function tokenize(data: Uint8Array): Token[] {
  let i = 0;
  const parseValue = (): Token | undefined => {
    while (i < data.length) {
      const c = data[i] ?? 0;
      if (WHITESPACE.has(c)) i += 1;
      else if (c === 0x25) while (i < data.length && data[i] !== 10 && data[i] !== 13) i += 1;
      else break;
    }
    if (i >= data.length) return undefined;
    const c = data[i] ?? 0;
    if (c === 0x28) return { kind: "value", value: literalString() };
    if (c === 0x3c && data[i + 1] === 0x3c) {
      i += 2;
      const dict: { [key: string]: Operand } = {};
      for (;;) {
        const key = parseValue();
        if (!key || (key.kind === "op" && key.value === ">>")) break;
        const value = parseValue();
        if (typeof key.value === "string" && value) dict[key.value.slice(1)] = value.value;
      }
      return { kind: "value", value: dict };
    }
    if (c === 0x3e && data[i + 1] === 0x3e) {
      i += 2;
      return { kind: "op", value: ">>" };
    }
    if (c === 0x3c) {
      i += 1;
      let hex = "";
      while (i < data.length && data[i] !== 0x3e) hex += String.fromCharCode(data[i++] ?? 0);
      i += 1;
      hex = hex.replace(/\s/g, "");
      if (hex.length % 2) hex += "0";
      const bytes = new Uint8Array(hex.length / 2);
      for (let k = 0; k < bytes.length; k += 1) bytes[k] = Number.parseInt(hex.slice(2 * k, 2 * k + 2), 16);
      return { kind: "value", value: bytes };
    }
    if (c === 0x5b) {
      i += 1;
      const items: Operand[] = [];
      for (;;) {
        const item = parseValue();
        if (!item || (item.kind === "op" && item.value === "]")) break;
        items.push(item.value);
      }
      return { kind: "value", value: items };
    }
    if (c === 0x5d) {
      i += 1;
      return { kind: "op", value: "]" };
    }
    if (c === 0x2f) {
      i += 1;
      let name = "/";
      while (i < data.length && !WHITESPACE.has(data[i] ?? 0) && !DELIMITERS.has(data[i] ?? 0)) {
        name += String.fromCharCode(data[i++] ?? 0);
      }
      return {
        kind: "value",
        value: name.replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
      };
    }
    let word = "";
    while (i < data.length && !WHITESPACE.has(data[i] ?? 0) && !DELIMITERS.has(data[i] ?? 0)) {
      word += String.fromCharCode(data[i++] ?? 0);
    }
    if (word === "") {
      i += 1; // a stray delimiter
      return { kind: "op", value: "" };
    }
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: "value", value: Number(word) };
    if (word === "true" || word === "false") return { kind: "value", value: word === "true" };
    if (word === "null") return { kind: "value", value: null };
    return { kind: "op", value: word };
  };

  const literalString = (): Uint8Array => {
    i += 1;
    const bytes: number[] = [];
    let depth = 1;
    while (i < data.length) {
      const c = data[i++] ?? 0;
      if (c === 0x5c) {
        const n = data[i++] ?? 0;
        const escapes: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
        if (escapes[n] !== undefined) bytes.push(escapes[n]);
        else if (n >= 0x30 && n <= 0x37) {
          let octal = String.fromCharCode(n);
          while (octal.length < 3 && (data[i] ?? 0) >= 0x30 && (data[i] ?? 0) <= 0x37)
            octal += String.fromCharCode(data[i++] ?? 0);
          bytes.push(Number.parseInt(octal, 8) & 0xff);
        } else if (n === 13) {
          if (data[i] === 10) i += 1;
        } else if (n !== 10) bytes.push(n);
      } else if (c === 0x28) {
        depth += 1;
        bytes.push(c);
      } else if (c === 0x29) {
        depth -= 1;
        if (depth === 0) break;
        bytes.push(c);
      } else bytes.push(c);
    }
    return Uint8Array.from(bytes);
  };

  const tokens: Token[] = [];
  for (let token = parseValue(); token; token = parseValue()) tokens.push(token);
  return tokens;
}
