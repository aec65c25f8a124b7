import { PDFDocument } from "pdf-lib";

export const MAX_PDF_BYTES = 50 * 1024 * 1024;

export type PdfCheck = { ok: true; pages: number } | { ok: false; reason: string };

const HEADER = Buffer.from("%PDF-");
const EOF_MARKER = Buffer.from("%%EOF");
/** Readers accept the header anywhere in the first 1024 bytes and %%EOF in the last 1024. */
const SLACK = 1024;
// pdf-lib only reports encryption when the /Encrypt reference resolves; a dangling one still
// means the file cannot be read without a password, so the raw trailer text is checked too.
const ENCRYPT_ENTRY = /\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/;

/**
 * Accepts a file only if a reader will open it: a PDF header, an end marker (a cut-off upload
 * has none), no encryption, a document pdf-lib parses, and at least one page.
 */
export async function checkPdf(bytes: Uint8Array): Promise<PdfCheck> {
  if (bytes.byteLength > MAX_PDF_BYTES) {
    return { ok: false, reason: `larger than 50 MB (${(bytes.byteLength / 1024 / 1024).toFixed(1)} MB)` };
  }
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!buffer.subarray(0, SLACK).includes(HEADER)) return { ok: false, reason: "not a PDF (no %PDF- header)" };
  if (!buffer.subarray(Math.max(0, buffer.length - SLACK)).includes(EOF_MARKER)) {
    return { ok: false, reason: "truncated PDF (no %%EOF marker at the end)" };
  }
  if (ENCRYPT_ENTRY.test(buffer.toString("latin1"))) {
    return { ok: false, reason: "encrypted PDF (remove the password protection first)" };
  }
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
      parseSpeed: Number.POSITIVE_INFINITY,
    });
  } catch (error) {
    return { ok: false, reason: `does not parse as a PDF (${(error as Error).message.split("\n")[0]})` };
  }
  if (document.isEncrypted || document.context.trailerInfo.Encrypt) {
    return { ok: false, reason: "encrypted PDF (remove the password protection first)" };
  }
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch (error) {
    return { ok: false, reason: `broken page tree (${(error as Error).message.split("\n")[0]})` };
  }
  if (pages < 1) return { ok: false, reason: "PDF has no pages" };
  return { ok: true, pages };
}
