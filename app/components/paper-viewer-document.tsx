import { GlobalWorkerOptions, getDocument, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";
// The worker is bundled with the site (hashed asset under /assets): no CDN, CSP `worker-src 'self'`.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useLayoutEffect, useRef, useState } from "react";

GlobalWorkerOptions.workerSrc = workerUrl;

export type ViewerStatus =
  | { kind: "loading"; loaded: number; total: number }
  | { kind: "ready"; pages: number }
  | { kind: "error"; reason: "unauthorized" | "failed" };

export interface PaperViewerDocumentProps {
  url: string;
  /** Percent of the base width (the screen width on phones, the page's actual size on wide screens). */
  zoom: number;
  onStatus: (status: ViewerStatus) => void;
  onPageChange: (page: number) => void;
}

interface PageSize {
  width: number;
  height: number;
}

/** CSS px per PDF point at "actual size" (96 dpi screens, 72 pt per inch). */
const CSS_PER_PT = 96 / 72;
/** Canvas pixels per page are capped so that a zoomed page fits a low-end phone's memory. */
const MAX_CANVAS_PIXELS = 6_000_000;
const PAGE_GAP_PX = 12;
const SIDE_PADDING_PX = 8;

/**
 * The pdf.js part of the viewer: loads the document with a progress report, lays out every page
 * at its size, and renders a page's canvas only while it is on (or near) the screen.
 */
export default function PaperViewerDocument({ url, zoom, onStatus, onPageChange }: PaperViewerDocumentProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [availableWidth, setAvailableWidth] = useState(0);

  useEffect(() => {
    let cancelled = false;
    // Pages fetch their own byte ranges after the document is ready; that progress must not put the
    // viewer back into "Downloading…" (it did, for good, on a PDF larger than the first request).
    let ready = false;
    const task = getDocument({
      url,
      // Served by our own server (server/http/static.server.ts): never a CDN.
      cMapUrl: "/pdfjs/cmaps/",
      standardFontDataUrl: "/pdfjs/standard_fonts/",
      wasmUrl: "/pdfjs/wasm/",
      iccUrl: "/pdfjs/iccs/",
      disableWorkerRendering: true,
      // Fetch only what is shown: small range requests instead of the whole file up front.
      disableAutoFetch: true,
      disableStream: true,
    });
    task.onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
      if (!cancelled && !ready) onStatus({ kind: "loading", loaded, total });
    };
    task.promise.then(
      async (doc) => {
        // Page sizes up front, so the scroll height is right before any page is drawn.
        const all: PageSize[] = [];
        for (let n = 1; n <= doc.numPages; n++) {
          const viewport = (await doc.getPage(n)).getViewport({ scale: 1 });
          all.push({ width: viewport.width, height: viewport.height });
        }
        if (cancelled) return;
        setSizes(all);
        setPdf(doc);
        ready = true;
        onStatus({ kind: "ready", pages: doc.numPages });
      },
      (error: unknown) => {
        if (cancelled) return;
        const status = (error as { status?: unknown } | null)?.status;
        onStatus({ kind: "error", reason: status === 401 || status === 403 ? "unauthorized" : "failed" });
      },
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [url, onStatus]);

  // Fit to width: 100% is the screen width minus a small margin, but never more than actual size.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setAvailableWidth(element.clientWidth - 2 * SIDE_PADDING_PX);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const firstWidth = sizes[0]?.width ?? 595;
  const baseWidth = Math.max(200, Math.min(availableWidth, firstWidth * CSS_PER_PT));
  const cssPerPt = ((baseWidth / firstWidth) * zoom) / 100;

  // "Page N of M": the page crossing the upper third of the view.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !pdf) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = element.scrollTop + element.clientHeight / 3;
      let current = 1;
      for (const child of element.querySelectorAll<HTMLElement>("[data-page]")) {
        if (child.offsetTop <= line) current = Number(child.dataset.page);
        else break;
      }
      onPageChange(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    update();
    return () => {
      element.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, [pdf, onPageChange]);

  return (
    <section
      ref={scrollRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label="Paper pages"
      className="relative h-full overflow-auto overscroll-contain"
      style={{ padding: `${PAGE_GAP_PX}px ${SIDE_PADDING_PX}px` }}
    >
      {pdf && availableWidth > 0
        ? sizes.map((size, index) => (
            <PdfPage
              // biome-ignore lint/suspicious/noArrayIndexKey: pages never reorder
              key={index}
              pdf={pdf}
              number={index + 1}
              pageCount={sizes.length}
              width={Math.round(size.width * cssPerPt)}
              height={Math.round(size.height * cssPerPt)}
            />
          ))
        : null}
    </section>
  );
}

function PdfPage({
  pdf,
  number,
  pageCount,
  width,
  height,
}: {
  pdf: PDFDocumentProxy;
  number: number;
  pageCount: number;
  width: number;
  height: number;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    // Render a little before a page scrolls in; drop its canvas once it is well out of view.
    const observer = new IntersectionObserver(([entry]) => setNear(entry?.isIntersecting ?? false), {
      rootMargin: "50% 0px",
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    if (!near) {
      box.replaceChildren();
      return;
    }
    let cancelled = false;
    let task: RenderTask | null = null;
    (async () => {
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      const ratio = Math.min(window.devicePixelRatio || 1, 2, Math.sqrt(MAX_CANVAS_PIXELS / (width * height)));
      const canvas = document.createElement("canvas");
      canvas.width = Math.floor(viewport.width * ratio);
      canvas.height = Math.floor(viewport.height * ratio);
      canvas.className = "block h-full w-full";
      task = page.render({
        canvas,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
      // Swap only when drawn, so zooming never flashes a blank page.
      if (!cancelled) box.replaceChildren(canvas);
    })().catch((error: unknown) => {
      if ((error as { name?: string } | null)?.name !== "RenderingCancelledException") console.warn(error);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [pdf, number, near, width, height]);

  return (
    <div
      ref={boxRef}
      data-page={number}
      role="img"
      aria-label={`Page ${number} of ${pageCount}`}
      className="mx-auto mb-3 bg-white shadow-lg"
      style={{ width, height }}
    />
  );
}
