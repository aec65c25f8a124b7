/**
 * The drawing of a paper's first page as a small WebP (issue 28, decision 033): pdf.js (its Node build) on
 * @napi-rs/canvas (Skia). Runs in the render thread (first-page-worker.server.ts), never on the server's main
 * thread: call renderFirstPage (first-page.server.ts). Both libraries are loaded on the first drawing only.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Pixels across: a 360 px phone fits the page to 344 CSS px, 688 device pixels at the usual ratio of 2. 640 keeps
 * the text of a dense typeset page sharp there at about 40 KB (measured on the 108 model papers, decision 033).
 */
export const PREVIEW_WIDTH = 640;
/** A page far taller than A4 (a strip of a scan) is drawn narrower rather than as a huge image. */
const MAX_HEIGHT = 1600;
/** Quality of the lossy encoding, for pages in colour and for scans (grain costs a lossless encoder dearly). */
const LOSSY_QUALITY = 50;
/** Grey levels of the lossless encoding of a black-and-white page: the text's edges stay crisp. */
const GREY_LEVELS = 8;
/** A pixel whose channels differ by more than this is colour (anti-aliased text and scans stay under it). */
const COLOUR_SPREAD = 24;

export interface PageImage {
  /** WebP bytes. */
  bytes: Uint8Array;
  width: number;
  height: number;
}

const pdfjsRoot = path.dirname(fileURLToPath(import.meta.resolve("pdfjs-dist/package.json")));

/**
 * Page 1 of `pdf` as a WebP PREVIEW_WIDTH px wide (narrower for a very tall page): a black-and-white page as
 * lossless WebP in GREY_LEVELS greys, or lossy when that is smaller (a scan) or the page has colour. Throws when
 * pdf.js cannot open or draw the file; the caller decides what that means (no preview). pdf.js takes `pdf` over
 * (detaches its buffer): pass bytes nobody needs afterwards.
 */
export async function drawFirstPage(pdf: Uint8Array): Promise<PageImage> {
  const [{ getDocument }, { createCanvas }] = await Promise.all([
    import("pdfjs-dist/legacy/build/pdf.mjs"),
    import("@napi-rs/canvas"),
  ]);
  const task = getDocument({
    data: pdf,
    // Fonts a PDF names but does not embed (Helvetica in the samples) come from pdf.js's own files.
    standardFontDataUrl: `${pdfjsRoot}/standard_fonts/`,
    cMapUrl: `${pdfjsRoot}/cmaps/`,
    cMapPacked: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const page = await doc.getPage(1);
    const own = page.getViewport({ scale: 1 });
    const scale = Math.min(PREVIEW_WIDTH / own.width, MAX_HEIGHT / own.height);
    const viewport = page.getViewport({ scale });
    const width = Math.max(1, Math.round(viewport.width));
    const height = Math.max(1, Math.round(viewport.height));
    const canvas = createCanvas(width, height);
    const context = canvas.getContext("2d");
    // Paper is white: a PDF page draws no background of its own.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, width, height);
    await page.render({ canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;

    const lossy = await canvas.encode("webp", LOSSY_QUALITY);
    const pixels = context.getImageData(0, 0, width, height);
    let bytes: Uint8Array = lossy;
    if (toGreys(pixels.data)) {
      context.putImageData(pixels, 0, 0);
      // Quality 100 is Skia's lossless WebP; with few greys libwebp keeps a palette of them.
      const lossless = await canvas.encode("webp", 100);
      if (lossless.byteLength < bytes.byteLength) bytes = lossless;
    }
    // A copy in a buffer of its own (Skia's may be shared or external): the render thread hands it over whole.
    return { bytes: new Uint8Array(bytes), width, height };
  } finally {
    await task.destroy();
  }
}

/**
 * Rounds every pixel to GREY_LEVELS greys, in place, and returns true; returns false (pixels left as drawn) as soon
 * as one pixel is coloured.
 */
function toGreys(data: Uint8ClampedArray): boolean {
  for (let i = 0; i < data.length; i += 4) {
    const r = data[i] as number;
    const g = data[i + 1] as number;
    const b = data[i + 2] as number;
    if (Math.max(r, g, b) - Math.min(r, g, b) > COLOUR_SPREAD) return false;
  }
  const step = 255 / (GREY_LEVELS - 1);
  for (let i = 0; i < data.length; i += 4) {
    const grey = 0.299 * (data[i] as number) + 0.587 * (data[i + 1] as number) + 0.114 * (data[i + 2] as number);
    const level = Math.round(Math.round(grey / step) * step);
    data[i] = level;
    data[i + 1] = level;
    data[i + 2] = level;
  }
  return true;
}
