/**
 * The first page of a paper as a small WebP (issue 28, decision 033): drawn on the server by pdf.js (its Node
 * build) on @napi-rs/canvas (Skia), so that a phone shows the page while its own pdf.js is still on the way.
 *
 * The drawing (50-120 ms of CPU a page, and about 0.3 s to load pdf.js the first time) runs in one worker thread,
 * never on the main thread: started on the first render, ended after 30 s without one, restarted after a crash.
 */
import { type PageImage, PREVIEW_WIDTH } from "./first-page-draw.server.ts";
import { createRenderThread, RenderRefused, type RenderThread } from "./render-thread.server.ts";

export { type PageImage, PREVIEW_WIDTH, RenderRefused };

export interface ImageSize {
  width: number;
  height: number;
}

/** The worker's module, beside this one: server/ runs from source in production too (decision 018). */
const WORKER = new URL("./first-page-worker.server.ts", import.meta.url);

let thread: RenderThread<Uint8Array, PageImage> | null = null;

function renderThread(): RenderThread<Uint8Array, PageImage> {
  thread ??= createRenderThread<Uint8Array, PageImage>({
    script: WORKER,
    name: "first-page renderer",
    idleMs: 30_000,
    // Renders come one at a time from the backfill and an import; a crowd of requests for images not made yet
    // waits here, and past this many gets none for now (the route answers 404 and the next request asks again).
    maxWaiting: 50,
    // A page takes well under a second: a PDF that keeps pdf.js busy this long is not drawn.
    timeoutMs: 30_000,
    // A PDF that makes pdf.js's heap grow without end ends the worker, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  return thread;
}

/**
 * Page 1 of `pdf` as a WebP PREVIEW_WIDTH px wide (narrower for a very tall page), drawn in the render thread: a
 * black-and-white page as lossless WebP in 8 greys, or lossy when that is smaller (a scan) or the page has colour.
 * Rejects when pdf.js cannot open or draw the file, or when the drawing crashed or hung the worker; the caller
 * decides what that means (no preview). Rejects with RenderRefused, which says nothing about the file, when too
 * many renders are waiting or the renderer was closed. `pdf` stays the caller's: a copy goes to the worker.
 */
export function renderFirstPage(pdf: Uint8Array): Promise<PageImage> {
  const copy = pdf.slice();
  return renderThread().run(copy, [copy.buffer]);
}

/** Whether a render asked for now would be refused (too many waiting): spares reading a file for nothing. */
export function renderQueueFull(): boolean {
  return thread?.full() ?? false;
}

/** Renders waiting or under way in the render thread. */
export function firstPageRendersPending(): number {
  return thread?.pending ?? 0;
}

/** Ends the render thread (at shutdown): renders waiting or under way are refused. A later render starts it again. */
export async function closeFirstPageRenderer(): Promise<void> {
  const closing = thread;
  thread = null;
  await closing?.close();
}

/**
 * Width and height from a WebP's header (lossy VP8, lossless VP8L or extended VP8X), or null for bytes that are
 * not one: the folder store keeps no other record of a preview's size.
 */
export function webpSize(bytes: Uint8Array): ImageSize | null {
  if (bytes.byteLength < 30) return null;
  const text = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (text(0, 4) !== "RIFF" || text(8, 12) !== "WEBP") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunk = text(12, 16);
  if (chunk === "VP8 ") {
    // Frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const u24 = (at: number) =>
      (bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16);
    return { width: u24(24) + 1, height: u24(27) + 1 };
  }
  return null;
}
