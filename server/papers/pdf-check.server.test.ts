import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { encryptedPdf, makePdf, truncated } from "../../tests/support/pdf-fixtures.ts";
import { checkPdf, MAX_PDF_BYTES } from "./pdf-check.server.ts";

describe("checkPdf", () => {
  it("accepts a real PDF and counts its pages", async () => {
    expect(await checkPdf(await makePdf(3))).toEqual({ ok: true, pages: 3 });
  });

  it("rejects a file that is not a PDF", async () => {
    const result = await checkPdf(new TextEncoder().encode("<html>not a pdf</html>"));
    expect(result).toEqual({ ok: false, reason: expect.stringContaining("not a PDF") });
  });

  it("rejects a truncated PDF", async () => {
    const result = await checkPdf(truncated(await makePdf(3)));
    expect(result).toEqual({ ok: false, reason: expect.stringContaining("truncated") });
  });

  it("rejects a PDF whose trailer names an /Encrypt dictionary", async () => {
    const bytes = encryptedPdf();
    // The fixture really is what pdf-lib calls encrypted, so the check is not just a text match.
    expect((await PDFDocument.load(bytes, { ignoreEncryption: true })).isEncrypted).toBe(true);
    expect(await checkPdf(bytes)).toEqual({ ok: false, reason: expect.stringContaining("encrypted") });
  });

  it("rejects garbage between a PDF header and an end marker", async () => {
    const bytes = new TextEncoder().encode("%PDF-1.7\nthis is not a document\n%%EOF\n");
    const result = await checkPdf(bytes);
    expect(result.ok).toBe(false);
  });

  it("rejects a PDF with no pages", async () => {
    const doc = await PDFDocument.create({ updateMetadata: false });
    const result = await checkPdf(await doc.save({ addDefaultPage: false }));
    expect(result.ok).toBe(false);
  });

  it("rejects anything over 50 MB before parsing it", async () => {
    const big = new Uint8Array(MAX_PDF_BYTES + 1);
    big.set(new TextEncoder().encode("%PDF-1.7\n"));
    expect(await checkPdf(big)).toEqual({ ok: false, reason: expect.stringContaining("50 MB") });
  });
});
