import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createCanvas, loadImage } from "@napi-rs/canvas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, testDatabases } from "../../tests/support/databases.ts";
import { noise } from "../../tests/support/pdf-fixtures.ts";
import { findModelPaper } from "../model-papers/catalog.server.ts";
import { typeset } from "../model-papers/sync.server.ts";
import {
  closeFirstPageRenderer,
  firstPageRendersPending,
  type PageImage,
  PREVIEW_WIDTH,
  RenderRefused,
  renderFirstPage,
  webpSize,
} from "./first-page.server.ts";
import { drawFirstPage } from "./first-page-draw.server.ts";
import { createPostgresPaperStore } from "./pg-store.server.ts";
import { ensurePreview, storePaperFile } from "./previews.server.ts";
import { generateSamplePdf, samplePlan } from "./samples.server.ts";
import { createFilePaperStore, type PaperStore } from "./store.server.ts";

/** Share of the pixels in a band of the image darker than mid-grey: ink. */
async function inkIn(image: PageImage, band: { top: number; bottom: number }): Promise<number> {
  const decoded = await loadImage(Buffer.from(image.bytes));
  const canvas = createCanvas(decoded.width, decoded.height);
  const context = canvas.getContext("2d");
  context.drawImage(decoded, 0, 0);
  const top = Math.round(band.top * decoded.height);
  const height = Math.round((band.bottom - band.top) * decoded.height);
  const { data } = context.getImageData(0, top, decoded.width, height);
  let dark = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] as number) < 128) dark++;
  return dark / (data.length / 4);
}

describe("first page of a PDF as WebP", () => {
  it("draws a sample paper (Helvetica, not embedded) at a phone's width, small, with its text", async () => {
    const pdf = await generateSamplePdf(samplePlan()[0] as never, "question");
    const image = await renderFirstPage(pdf);
    // A4: 595 × 842 pt.
    expect(image).toMatchObject({ width: PREVIEW_WIDTH, height: 905 });
    expect(webpSize(image.bytes)).toEqual({ width: image.width, height: image.height });
    expect(image.bytes.byteLength).toBeLessThan(40_000);
    // The title and facts block (upper fifth) has text drawn in it; the empty lower middle has none.
    expect(await inkIn(image, { top: 0.1, bottom: 0.35 })).toBeGreaterThan(0.01);
    expect(await inkIn(image, { top: 0.6, bottom: 0.85 })).toBe(0);
  });

  it("draws a Typst paper in Marathi with its embedded Devanagari fonts", { timeout: 60_000 }, async () => {
    const paper = findModelPaper("math-1-model-1-mr");
    if (!paper) throw new Error("no Marathi model paper math-1-model-1-mr");
    const { question } = await typeset(paper);
    const image = await renderFirstPage(question.bytes);
    expect(image.width).toBe(PREVIEW_WIDTH);
    // A dense page stays near 40 KB (decision 033 measured 39-49 KB on the model papers).
    expect(image.bytes.byteLength).toBeLessThan(55_000);
    // Text in the heading and instructions: glyphs were drawn, not left blank for want of a font.
    expect(await inkIn(image, { top: 0.05, bottom: 0.4 })).toBeGreaterThan(0.02);
  });

  it("throws for bytes pdf.js cannot open, and webpSize reads only WebP", async () => {
    await expect(renderFirstPage(noise(3, 4096))).rejects.toThrow();
    expect(webpSize(noise(4, 64))).toBeNull();
  });
});

describe("first page drawn in the render thread", () => {
  it("is the very image drawn on this thread, and leaves the caller's bytes usable", async () => {
    const pdf = await generateSamplePdf(samplePlan()[3] as never, "question");
    const copy = pdf.slice();
    const inWorker = await renderFirstPage(pdf);
    expect(Buffer.from(pdf)).toEqual(Buffer.from(copy));
    const here = await drawFirstPage(copy);
    expect(inWorker).toMatchObject({ width: here.width, height: here.height });
    expect(Buffer.from(inWorker.bytes)).toEqual(Buffer.from(here.bytes));
  });

  it("rejects a broken PDF as that file's failure, and draws the next ones", async () => {
    const pdf = await generateSamplePdf(samplePlan()[4] as never, "question");
    const results = await Promise.allSettled([
      renderFirstPage(noise(5, 4096)),
      renderFirstPage(pdf.subarray(0, pdf.byteLength >> 1)),
      renderFirstPage(pdf),
    ]);
    for (const broken of results.slice(0, 2)) {
      expect(broken.status).toBe("rejected");
      // Not a refusal: ensurePreview remembers the file as one pdf.js cannot draw.
      expect((broken as PromiseRejectedResult).reason).not.toBeInstanceOf(RenderRefused);
    }
    expect(results[2]).toMatchObject({ status: "fulfilled", value: { width: PREVIEW_WIDTH, height: 905 } });
  });

  it("keeps the event loop turning while a page is drawn", async () => {
    const pdf = await generateSamplePdf(samplePlan()[5] as never, "question");
    // pdf.js loaded in both threads first.
    await Promise.all([renderFirstPage(pdf), drawFirstPage(pdf.slice())]);
    // Callbacks run between the start and the end of a render: count them.
    let ticks = 0;
    let counting = true;
    const tick = () => {
      ticks++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
    }, 0);
    await renderFirstPage(pdf);
    counting = false;
    expect(ticks).toBeGreaterThan(0);
    expect(timerRan).toBe(true);
    // pdf.js yields often enough that ticks would be counted with the page drawn on this thread too. What tells a
    // render in another thread is the CPU this one spends on it: next to nothing, against a third to a half of the
    // render's time when drawn here (Skia encodes on libuv's threads). The least of three, against one drawn here.
    const cpuOf = async (work: () => Promise<unknown>) => {
      const before = process.threadCpuUsage();
      await work();
      const { user, system } = process.threadCpuUsage(before);
      return user + system;
    };
    const inWorker = Math.min(
      await cpuOf(() => renderFirstPage(pdf)),
      await cpuOf(() => renderFirstPage(pdf)),
      await cpuOf(() => renderFirstPage(pdf)),
    );
    const here = await cpuOf(() => drawFirstPage(pdf.slice()));
    expect(inWorker).toBeLessThan(here / 4);
  });
});

interface StoreUnderTest {
  name: string;
  open(): Promise<{ store: PaperStore; close(): Promise<void> }>;
}

const stores: StoreUnderTest[] = [
  {
    name: "folder",
    async open() {
      const root = await mkdtemp(path.join(tmpdir(), "ps-previews-"));
      return { store: createFilePaperStore(root), close: () => rm(root, { recursive: true, force: true }) };
    },
  },
  ...testDatabases().map(
    (target: TestDatabase): StoreUnderTest => ({
      name: `PostgreSQL store on ${target.name}`,
      async open() {
        const database = await target.open();
        return { store: createPostgresPaperStore(database), close: database.dispose };
      },
    }),
  ),
];

describe.each(stores)("first-page images in the $name", (target) => {
  let store: PaperStore;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ store, close } = await target.open());
  });
  afterAll(() => close?.());

  it("are stored with the PDF by storePaperFile, by the PDF's sha256, with their size", async () => {
    const pdf = await generateSamplePdf(samplePlan()[1] as never, "question");
    const { sha256 } = await storePaperFile(store, pdf);
    const image = await store.preview(sha256);
    expect(image).toMatchObject({ width: PREVIEW_WIDTH, height: 905 });
    expect(webpSize(image?.bytes ?? new Uint8Array())).toEqual({ width: PREVIEW_WIDTH, height: 905 });
    expect(await store.previewSizes([sha256, "f".repeat(64), "not a key"])).toEqual(
      new Map([[sha256, { width: PREVIEW_WIDTH, height: 905 }]]),
    );
  });

  it("are made once for a file stored without one, however many ask at once", async () => {
    const pdf = await generateSamplePdf(samplePlan()[2] as never, "question");
    const { sha256 } = await storePaperFile(store, pdf, { image: "after-start" });
    expect(await store.preview(sha256)).toBeNull();
    const [a, b, c] = await Promise.all([0, 1, 2].map(() => ensurePreview(store, sha256)));
    expect(a).not.toBeNull();
    // One render: every caller got the very same image.
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(Buffer.from((await store.preview(sha256))?.bytes ?? [])).toEqual(Buffer.from(a?.bytes ?? []));
  });

  it("are asked for again after a render refused (the renderer closed under it), not taken as undrawable", async () => {
    const pdf = await generateSamplePdf(samplePlan()[6] as never, "question");
    const { sha256 } = await storePaperFile(store, pdf, { image: "after-start" });
    const refused = ensurePreview(store, sha256);
    await expect.poll(firstPageRendersPending, { interval: 1 }).toBe(1);
    await closeFirstPageRenderer();
    expect(await refused).toBeNull();
    expect(await store.preview(sha256)).toBeNull();
    expect(await ensurePreview(store, sha256)).toMatchObject({ width: PREVIEW_WIDTH, height: 905 });
  });

  it("are absent, not an error, for a stored file pdf.js cannot draw or a file not stored", async () => {
    const { sha256 } = await storePaperFile(store, noise(9, 2048));
    expect(await store.preview(sha256)).toBeNull();
    expect(await ensurePreview(store, sha256)).toBeNull();
    expect(await ensurePreview(store, "e".repeat(64))).toBeNull();
    expect(await store.previewSizes([sha256])).toEqual(new Map());
  });
});
