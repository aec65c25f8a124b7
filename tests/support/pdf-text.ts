/** The text pdf.js reads from each page of a PDF, its runs joined by spaces: what a test compares across files. */
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export const STANDARD_FONT_DATA_URL = path.join(import.meta.dirname, "../../node_modules/pdfjs-dist/standard_fonts/");

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
