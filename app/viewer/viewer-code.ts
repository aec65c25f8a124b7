import type { ComponentType } from "react";
import { loadOnce } from "../site/load-once";
import type { ViewerBodyProps } from "./paper-viewer-body";
import type { PaperViewerDocumentProps } from "./paper-viewer-document";
import type { PdfSource } from "./pdf-source";

type DocumentView = ComponentType<PaperViewerDocumentProps>;
type ViewerShell = ComponentType<ViewerBodyProps>;

/**
 * The paper's downloader (about 1 KB): prefetched with the rest, else fetched at the tap, one round
 * trip ahead of pdf.js. Not in the first load, which has a budget.
 */
export const loadPdfSource: () => Promise<typeof PdfSource> = loadOnce(() =>
  import("./pdf-source").then((module) => module.PdfSource),
);

/** The viewer's controls (a few KB): kept out of the pages' first load, which has a budget. */
export const loadViewerShell: () => Promise<ViewerShell> = loadOnce(() =>
  import("./paper-viewer-body").then((module) => module.default),
);

/**
 * pdf.js and its worker (about 420 KB compressed) are never part of a page's first load. They are
 * fetched when a viewer opens, or earlier, once a page that can open papers is idle and the
 * connection allows it (issue 12).
 */
export const loadViewerCode: () => Promise<DocumentView> = loadOnce(() =>
  import("./paper-viewer-document").then(async (module) => {
    await module.warmWorkerScript();
    return module.default;
  }),
);

/** The parts of the Network Information API we read; absent on Safari and Firefox. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** Never on Save-Data, never on a 2g or slow-2g effective type: there the code costs more than it saves. */
export function connectionAllowsPrefetch(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== "2g" && connection.effectiveType !== "slow-2g";
}

/**
 * Fetches the viewer's code once the page has loaded and the main thread is idle: the small chunks are loaded,
 * pdf.js is cached at once and run later (viewer-files.ts). Marks
 * `<html data-viewer-code="ready">` when done, or `"skipped"` when the connection rules it out
 * (the bench and tests wait for these). Returns a cancel.
 */
export function prefetchViewerCodeWhenIdle(): () => void {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (!connectionAllowsPrefetch(connection)) {
    // Said out loud, so that a test can tell "not prefetched" from "not prefetched yet".
    if (document.documentElement.dataset.viewerCode !== "ready")
      document.documentElement.dataset.viewerCode = "skipped";
    return () => {};
  }
  let cancelled = false;
  let cancelIdle = () => {};
  const run = () => {
    if (cancelled) return;
    Promise.all([
      loadPdfSource(),
      loadViewerShell(),
      // The bytes now, off the main thread; running pdf.js once the page has been quiet a while (viewer-files.ts).
      import("./viewer-files").then((module) => module.cacheViewerFiles().then(module.whenQuiet).then(loadViewerCode)),
    ]).then(
      () => {
        document.documentElement.dataset.viewerCode = "ready";
      },
      () => {
        // Prefetching is a bonus: a failure here is retried when the viewer opens.
      },
    );
  };
  const whenIdle = () => {
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(run, { timeout: 4000 });
      cancelIdle = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(run, 1000);
      cancelIdle = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", whenIdle);
    cancelIdle();
  };
}
