/**
 * The render thread's module (decision 033): draws first pages off the server's main thread. Started by
 * renderFirstPage (first-page.server.ts) from this file as it is, in the source tree and in production alike (the
 * server runs server/ from source, decision 018), so it imports only modules Node runs without a bundler.
 */
import { drawFirstPage, type PageImage } from "./first-page-draw.server.ts";
import { answerJobs } from "./render-thread.server.ts";

answerJobs<Uint8Array, PageImage>(async (pdf) => {
  const image = await drawFirstPage(pdf);
  // The WebP goes back whole, not copied: drawFirstPage gives it a buffer of its own.
  return { value: image, transfer: [image.bytes.buffer as ArrayBuffer] };
});
