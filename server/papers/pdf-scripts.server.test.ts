import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { checkFile } from "./import.server.ts";
import { withoutScripts } from "./pdf-scripts.server.ts";

/** A one-page PDF that runs script on open, on a page event, from its name tree and from a link. */
async function scriptedPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const page = document.addPage([300, 300]);
  page.drawText("Algebra 2023", { x: 20, y: 250 });
  const { context } = document;
  const js = (code: string) => context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(code) });
  document.catalog.set(PDFName.of("OpenAction"), context.register(js("app.alert('open')")));
  const names = context.obj({ Names: [PDFString.of("x"), context.register(js("app.alert('named')"))] });
  document.catalog.set(PDFName.of("Names"), context.obj({ JavaScript: context.register(names) }));
  page.node.set(PDFName.of("AA"), context.obj({ O: js("app.alert('page')") }));
  const link = context.obj({
    Type: "Annot",
    Subtype: "Link",
    Rect: [0, 0, 50, 50],
    A: context.obj({ S: "Launch", F: PDFString.of("calc.exe") }),
  });
  page.node.set(PDFName.of("Annots"), context.obj([context.register(link)]));
  return document.save({ useObjectStreams: false });
}

/** Every dictionary of the file, direct or indirect, as pdf-lib reads it back. */
async function activeParts(bytes: Uint8Array): Promise<string[]> {
  const document = await PDFDocument.load(bytes);
  const found: string[] = [];
  const seen = new Set<unknown>();
  const visit = (object: unknown): void => {
    if (!object || seen.has(object)) return;
    seen.add(object);
    if (object instanceof PDFArray) for (let i = 0; i < object.size(); i++) visit(object.get(i));
    if (!(object instanceof PDFDict)) return;
    for (const [key, value] of object.entries()) {
      if (["/OpenAction", "/AA", "/JS", "/JavaScript"].includes(key.asString())) found.push(key.asString());
      if (key.asString() === "/S" && value instanceof PDFName) found.push(`S ${value.asString()}`);
      visit(value);
    }
  };
  for (const [, object] of document.context.enumerateIndirectObjects()) visit(object);
  return found.filter((part) => part !== "S /GoTo");
}

describe("withoutScripts", () => {
  it("removes open actions, page actions, the JavaScript name tree and launch links, keeping the page", async () => {
    const scripted = await scriptedPdf();
    expect(await activeParts(scripted)).toEqual(
      expect.arrayContaining(["/OpenAction", "/AA", "/JavaScript", "S /JavaScript", "S /Launch"]),
    );
    const result = await withoutScripts(scripted);
    if (!result.ok) throw new Error(result.reason);
    expect(result.removed).toBeGreaterThanOrEqual(5);
    expect(await activeParts(result.bytes)).toEqual([]);
    expect((await PDFDocument.load(result.bytes)).getPageCount()).toBe(1);
  });

  it("leaves a file without scripts byte for byte as it was", async () => {
    const document = await PDFDocument.create();
    document.addPage();
    const plain = await document.save();
    const result = await withoutScripts(plain);
    expect(result).toEqual({ ok: true, bytes: plain, removed: 0 });
  });

  it("is applied to every paper file the import and the console store", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "ps-scripts-"));
    try {
      const file = path.join(dir, "2023-march-question.pdf");
      await writeFile(file, await scriptedPdf());
      const checked = await checkFile(file, "2023-march-question.pdf");
      if ("reason" in checked) throw new Error(checked.reason);
      expect(await activeParts(checked.bytes)).toEqual([]);
      expect(checked.pages).toBe(1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
