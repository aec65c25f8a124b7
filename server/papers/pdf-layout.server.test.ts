import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from "pdf-lib";
import { getDocument, PDFDataRangeTransport } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { RANGE_CHUNK_SIZE } from "../../app/viewer/pdf-source.ts";
import { pdfjsPageTexts, STANDARD_FONT_DATA_URL } from "../../tests/support/pdf-text.ts";
import { layOutForViewer } from "./pdf-layout.server.ts";

const PAGES = 6;
const NOISE_ROWS = 400; // a 200 × 400 grey image: 80 KB that do not compress, like a scan

/** A scan-like PDF as most tools write it: each page's dictionary stored beside its large image. */
async function scanLikePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  let seed = 42;
  for (let n = 1; n <= PAGES; n++) {
    const noise = new Uint8Array(200 * NOISE_ROWS);
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      noise[i] = seed >>> 24;
    }
    const image = doc.context.register(
      doc.context.stream(noise, {
        Type: "XObject",
        Subtype: "Image",
        Width: 200,
        Height: NOISE_ROWS,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    const page = doc.addPage([300, 400]);
    const name = page.node.newXObject("Scan", image);
    page.pushOperators(
      pushGraphicsState(),
      concatTransformationMatrix(200, 0, 0, NOISE_ROWS / 2, 50, 100),
      drawObject(name),
      popGraphicsState(),
    );
    page.drawText(`Question ${n}: find x`, { x: 20, y: 350, size: 12, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** Opens page 1 in pdf.js as the viewer does (ranges, no auto-fetch) and returns the ranges it asked for. */
async function rangesForFirstPage(bytes: Uint8Array): Promise<{ beforeOpen: number[][]; all: number[][] }> {
  const all: number[][] = [];
  class Transport extends PDFDataRangeTransport {
    override requestDataRange(begin: number, end: number): void {
      all.push([begin, end]);
      setTimeout(() => this.onDataRange(begin, bytes.slice(begin, end)), 0);
    }
  }
  const task = getDocument({
    range: new Transport(bytes.length, bytes.slice(0, RANGE_CHUNK_SIZE)),
    rangeChunkSize: RANGE_CHUNK_SIZE,
    disableAutoFetch: true,
    disableStream: true,
    standardFontDataUrl: STANDARD_FONT_DATA_URL,
  });
  const doc = await task.promise;
  const beforeOpen = [...all];
  await (await doc.getPage(1)).getOperatorList();
  await task.destroy();
  return { beforeOpen, all };
}

const sum = (ranges: number[][]) => ranges.reduce((total, [begin = 0, end = 0]) => total + end - begin, 0);

describe("layOutForViewer", () => {
  it("puts every page's dictionary at the end, so pdf.js opens the file from its last chunk", async () => {
    const original = await scanLikePdf();
    const laidOut = await layOutForViewer(original, PAGES);
    const before = await rangesForFirstPage(original);
    const after = await rangesForFirstPage(laidOut);
    // As written, opening reads each page's dictionary from the chunk beside its image.
    expect(before.beforeOpen.length).toBeGreaterThanOrEqual(PAGES - 1);
    // Laid out, opening reads only the end of the file (what the viewer's first request fetches)…
    expect(after.beforeOpen.length).toBeLessThanOrEqual(1);
    for (const [begin = 0] of after.beforeOpen)
      expect(begin).toBeGreaterThanOrEqual(laidOut.length - 2 * RANGE_CHUNK_SIZE);
    // …and page 1 then costs little more than its own image.
    expect(sum(after.all)).toBeLessThan(200 * NOISE_ROWS + 3 * RANGE_CHUNK_SIZE);
    expect(sum(after.all)).toBeLessThan(sum(before.all) / 2);
  });

  it("keeps every page and its text, and is deterministic", async () => {
    const original = await scanLikePdf();
    const laidOut = await layOutForViewer(original, PAGES);
    expect(laidOut).not.toEqual(original);
    expect(await pdfjsPageTexts(laidOut)).toEqual(await pdfjsPageTexts(original));
    expect(await layOutForViewer(original, PAGES)).toEqual(laidOut);
    expect(new TextDecoder().decode(laidOut.slice(0, 8))).toMatch(/^%PDF-1\.[5-9]/);
  });

  it("returns the file unchanged when it cannot be rewritten faithfully", async () => {
    const original = await scanLikePdf();
    // A page count that does not match the check's: something is off, keep the operator's file.
    expect(await layOutForViewer(original, PAGES + 1)).toBe(original);
    const garbage = new TextEncoder().encode("%PDF-1.7 not really a pdf %%EOF");
    expect(await layOutForViewer(garbage, 1)).toBe(garbage);
  });

  it("leaves a file that object streams would only grow", async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.addPage([300, 400]);
    // 361 bytes as written; 427 with an object stream and a cross-reference stream.
    const tiny = await doc.save({ useObjectStreams: false });
    expect(await layOutForViewer(tiny, 1)).toBe(tiny);
  });
});
