/**
 * Strips what a PDF can run (issue 23): document and page actions (/OpenAction, /AA), the JavaScript name tree,
 * and any action that runs script, launches a program or sends data (/S /JavaScript, /Launch, /SubmitForm,
 * /ImportData, /RichMediaExecute, /JS), plus XFA forms. pdf.js does not run a PDF's scripts, but a student who
 * downloads a paper may open it in a reader that does. Every paper file, from the import CLI or the console,
 * passes through here before it is stored.
 */
import { PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject, PDFRef } from "pdf-lib";

const ACTIVE_KEYS = ["OpenAction", "AA", "JS", "JavaScript", "XFA"].map((key) => PDFName.of(key));
const ACTIVE_ACTIONS = new Set(["/JavaScript", "/Launch", "/SubmitForm", "/ImportData", "/RichMediaExecute"]);
const S = PDFName.of("S");

/** The keys and actions removed, counted; 0 when the file had none. */
function strip(document: PDFDocument): number {
  let removed = 0;
  const seen = new Set<PDFObject>();
  const visit = (object: PDFObject | undefined): void => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFRef) {
      visit(document.context.lookup(object));
      return;
    }
    if (object instanceof PDFArray) {
      for (let i = 0; i < object.size(); i++) visit(object.get(i));
      return;
    }
    if (!(object instanceof PDFDict)) return;
    for (const key of ACTIVE_KEYS) {
      if (object.has(key)) {
        object.delete(key);
        removed += 1;
      }
    }
    const kind = object.get(S);
    if (kind instanceof PDFName && ACTIVE_ACTIONS.has(kind.asString())) {
      // An action without a type is ignored by every reader.
      object.delete(S);
      removed += 1;
    }
    for (const [, value] of object.entries()) visit(value);
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
  visit(document.context.trailerInfo.Root);
  return removed;
}

export type ScriptCheck = { ok: true; bytes: Uint8Array; removed: number } | { ok: false; reason: string };

/** The file without anything it could run; the same bytes when it had nothing. */
export async function withoutScripts(bytes: Uint8Array): Promise<ScriptCheck> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: Number.POSITIVE_INFINITY });
  } catch (error) {
    return { ok: false, reason: `does not parse as a PDF (${(error as Error).message.split("\n")[0]})` };
  }
  const removed = strip(document);
  if (removed === 0) return { ok: true, bytes, removed };
  const cleaned = await document.save({ useObjectStreams: true, addDefaultPage: false, updateFieldAppearances: false });
  return { ok: true, bytes: cleaned, removed };
}
