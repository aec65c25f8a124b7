import { PDFDocument, PDFHeader } from "pdf-lib";

/** A rewrite may grow a file a little (object stream overhead); past this, the original is kept. */
const MAX_GROWTH = 1.02;

/**
 * Rewrites a checked PDF so the viewer can show page 1 after reading little more than page 1's own bytes.
 *
 * Why: pdf.js opens a document by reading the cross-reference at the end and then every page's
 * dictionary (it checks that the last page exists). Most files scatter those small dictionaries
 * through the file, one beside each page's content, so on a phone each costs a range request of its
 * own: on a 1 MB scan, 350 KB and two extra round trips before page 1 (decision 009). Saved with
 * object streams, every non-stream object (catalog, page tree, page and resource dictionaries) sits
 * compressed at the end, next to the cross-reference stream, where the viewer's first request reads it.
 * Page content, images and fonts are copied as they are; nothing a reader sees changes.
 *
 * Deterministic (same input, same bytes), so a re-import of the same file is still "unchanged".
 * Returns the original bytes when the rewrite fails, loses pages or grows the file.
 */
export async function layOutForViewer(bytes: Uint8Array, pages: number): Promise<Uint8Array> {
  try {
    const document = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Number.POSITIVE_INFINITY });
    if (document.getPageCount() !== pages) return bytes;
    // Object streams are a PDF 1.5 feature: say so in the header of an older file.
    if (!/^%PDF-(1\.[5-9]|[2-9])/.test(document.context.header.toString())) {
      document.context.header = PDFHeader.forVersion(1, 5);
    }
    const rewritten = await document.save({
      useObjectStreams: true,
      addDefaultPage: false,
      updateFieldAppearances: false,
      objectsPerTick: Number.POSITIVE_INFINITY,
    });
    return rewritten.byteLength <= bytes.byteLength * MAX_GROWTH ? rewritten : bytes;
  } catch {
    return bytes;
  }
}
