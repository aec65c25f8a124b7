import {
  GlobalWorkerOptions,
  getDocument,
  PDFDataRangeTransport,
  type PDFDocumentLoadingTask,
  type PDFDocumentProxy,
  PDFWorker,
  type RenderTask,
} from "pdfjs-dist";
// The worker is bundled with the site (hashed asset under /assets): no CDN, CSP `worker-src 'self'`.
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { type Ref, useEffect, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { formatNumber } from "../../domain/i18n.ts";
import { useLocale, useT } from "../site/i18n";
import { DrawQueue } from "./draw-queue";
import { type PdfHead, PdfLoadError, type PdfSource, RANGE_CHUNK_SIZE } from "./pdf-source";
import { clampZoom, DOUBLE_TAP_ZOOM, FIT_ZOOM } from "./viewer-zoom";

GlobalWorkerOptions.workerSrc = workerUrl;

/** Puts the worker script in the HTTP cache ahead of time (prefetch), so opening a paper does not wait for it. */
export async function warmWorkerScript(): Promise<void> {
  const response = await fetch(workerUrl, { credentials: "same-origin" });
  await response.arrayBuffer();
}

export type ViewerStatus = { kind: "ready"; pages: number } | { kind: "error"; reason: "unauthorized" | "failed" };

export interface ViewerHandle {
  goToPage(page: number): void;
}

export interface PaperViewerDocumentProps {
  ref?: Ref<ViewerHandle>;
  source: PdfSource;
  /** Percent of the fit width (100 = the page fills the screen's width). */
  zoom: number;
  onZoom: (zoom: number) => void;
  onStatus: (status: ViewerStatus) => void;
  onPageChange: (page: number) => void;
  /** Page 1 is drawn: the first-page image shown until now can go. */
  onFirstPage?: () => void;
}

interface PageSize {
  width: number;
  height: number;
}

/** A wide screen fits the page to at most this many CSS px: wider is not easier to read. */
const FIT_MAX_PX = 1000;
/** Canvas pixels per page are capped so that a zoomed page fits a low-end phone's memory. */
const MAX_CANVAS_PIXELS = 6_000_000;
const GAP = 12;
const PAD = 8;
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_SLOP_PX = 30;

/** pdf.js asks for byte ranges; the paper's source answers them, from its early requests when it can. */
class SourceTransport extends PDFDataRangeTransport {
  private readonly source: PdfSource;
  constructor(source: PdfSource, head: Extract<PdfHead, { kind: "ranged" }>) {
    super(head.total, head.head);
    this.source = source;
  }
  override requestDataRange(begin: number, end: number): void {
    this.source.range(begin, end).then(
      (bytes) => this.onDataRange(begin, bytes),
      () => {}, // the source reports it: the viewer shows Retry
    );
  }
  override abort(): void {
    this.source.abort();
  }
}

/** Geometry of the laid-out pages at one scale (CSS px per PDF point), computed, never measured. */
function layout(sizes: PageSize[], scale: number, viewWidth: number) {
  const tops: number[] = [];
  let y = PAD;
  let widest = 0;
  for (const size of sizes) {
    tops.push(y);
    y += Math.round(size.height * scale) + GAP;
    widest = Math.max(widest, Math.round(size.width * scale));
  }
  const contentWidth = Math.max(viewWidth, widest + 2 * PAD);
  const left = (index: number) => (contentWidth - Math.round((sizes[index]?.width ?? 0) * scale)) / 2;
  const pageAt = (docY: number) => {
    let index = 0;
    for (let i = 0; i < tops.length; i++) if ((tops[i] ?? 0) <= docY) index = i;
    return index;
  };
  return { tops, height: y - GAP + PAD, contentWidth, left, pageAt };
}

/**
 * The pdf.js part of the viewer: opens the document from the paper's source, lays out every page,
 * draws a page's canvas only while it is on (or near) the screen, and handles the reading gestures:
 * double-tap zooms to 200% around the tapped point (and back), pinch zooms and then redraws sharp.
 */
export default function PaperViewerDocument({
  ref,
  source,
  zoom,
  onZoom,
  onStatus,
  onPageChange,
  onFirstPage,
}: PaperViewerDocumentProps) {
  const scrollRef = useRef<HTMLElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [sizes, setSizes] = useState<PageSize[]>([]);
  const [view, setView] = useState({ width: 0, height: 0 });
  const t = useT();

  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | null = null;
    // Started now, in parallel with the first bytes of the paper.
    const worker = new PDFWorker();
    // Destroyed before the document opened (closed, Retry), its promise rejects: not an error.
    worker.promise.catch(() => {});
    const fail = (error: unknown) => {
      if (cancelled) return;
      const status = error instanceof PdfLoadError ? error.status : (error as { status?: unknown } | null)?.status;
      onStatus({ kind: "error", reason: status === 401 || status === 403 ? "unauthorized" : "failed" });
    };
    source.onError(fail);
    const options = {
      worker,
      // Served by our own server (server/http/static.server.ts): never a CDN.
      cMapUrl: "/pdfjs/cmaps/",
      standardFontDataUrl: "/pdfjs/standard_fonts/",
      wasmUrl: "/pdfjs/wasm/",
      iccUrl: "/pdfjs/iccs/",
    };
    source.head
      .then((head) => {
        if (cancelled) return null;
        task =
          head.kind === "whole"
            ? getDocument({ ...options, data: head.data })
            : getDocument({
                ...options,
                range: new SourceTransport(source, head),
                rangeChunkSize: RANGE_CHUNK_SIZE,
                // Fetch only what is shown: the pages' byte ranges as they come into view.
                disableAutoFetch: true,
                disableStream: true,
              });
        return task.promise;
      })
      .then(async (doc) => {
        if (!doc || cancelled) return;
        // Every page is laid out at the first page's size until its own is known: asking each
        // page for its size up front would fetch every page's bytes before showing the first.
        const first = (await doc.getPage(1)).getViewport({ scale: 1 });
        if (cancelled) return;
        setSizes(Array.from({ length: doc.numPages }, () => ({ width: first.width, height: first.height })));
        setPdf(doc);
        onStatus({ kind: "ready", pages: doc.numPages });
      })
      .catch(fail);
    return () => {
      cancelled = true;
      void task?.destroy();
      worker.destroy();
    };
  }, [source, onStatus]);

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setView({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const firstWidth = sizes[0]?.width ?? 595;
  const fitWidth = Math.max(200, Math.min(view.width - 2 * PAD, FIT_MAX_PX));
  const scale = ((fitWidth / firstWidth) * zoom) / FIT_ZOOM;
  const geometry = layout(sizes, scale, view.width);

  // Where the reader is: updated on every scroll, read when the scale changes.
  // `scale` 0 until the pages are first laid out: there is no place to keep before that.
  const position = useRef({ scale: 0, top: 0, left: 0 });
  /** The point (in the view) that stays put on the next zoom; the view's centre when unset. */
  const anchor = useRef<{ x: number; y: number } | null>(null);
  const pendingPage = useRef<number | null>(null);
  /** The page the reader is on (or is being taken to): its draw goes first. */
  const readerPage = useRef(1);
  const [drawQueue] = useState(() => new DrawQueue(() => pendingPage.current ?? readerPage.current));
  const geometryRef = useRef(geometry);
  geometryRef.current = geometry;

  const scrollToPage = (page: number) => {
    const element = scrollRef.current;
    const top = geometryRef.current.tops[page - 1];
    if (!element || top === undefined || view.width === 0) {
      pendingPage.current = page;
      return;
    }
    pendingPage.current = null;
    element.scrollTop = top - PAD;
  };

  useImperativeHandle(ref, () => ({ goToPage: scrollToPage }));

  // A new scale keeps the anchored point of the page under the same point of the screen.
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element || sizes.length === 0 || view.width === 0) return;
    const before = position.current;
    if (before.scale !== 0 && before.scale !== scale) {
      const old = layout(sizes, before.scale, view.width);
      const at = anchor.current ?? { x: element.clientWidth / 2, y: element.clientHeight / 2 };
      const docY = before.top + at.y;
      const index = old.pageAt(docY);
      const size = sizes[index] ?? sizes[0];
      if (size) {
        const fy = (docY - (old.tops[index] ?? 0)) / (size.height * before.scale);
        const fx = (before.left + at.x - old.left(index)) / (size.width * before.scale);
        element.scrollTop = (geometry.tops[index] ?? 0) + fy * size.height * scale - at.y;
        element.scrollLeft = geometry.left(index) + fx * size.width * scale - at.x;
      }
    }
    anchor.current = null;
    position.current = { scale, top: element.scrollTop, left: element.scrollLeft };
    if (pendingPage.current !== null) scrollToPage(pendingPage.current);
  });

  // "Page N of M": the page crossing the upper third of the view.
  useEffect(() => {
    const element = scrollRef.current;
    if (!element || !pdf) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      position.current = { ...position.current, top: element.scrollTop, left: element.scrollLeft };
      readerPage.current = geometryRef.current.pageAt(element.scrollTop + element.clientHeight / 3) + 1;
      onPageChange(readerPage.current);
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

  useReadingGestures(scrollRef, contentRef, zoom, (next, point) => {
    anchor.current = point;
    onZoom(next);
  });

  return (
    <section
      ref={scrollRef}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
      tabIndex={0}
      aria-label={t("viewer.region")}
      // One finger scrolls natively; two fingers and double-taps are the viewer's (the page must not zoom).
      className="relative h-full touch-pan-x touch-pan-y overflow-auto overscroll-contain"
    >
      <div
        ref={contentRef}
        className="relative origin-top-left"
        style={{ width: geometry.contentWidth, height: sizes.length ? geometry.height : undefined }}
      >
        {pdf && view.width > 0
          ? sizes.map((size, index) => (
              <PdfPage
                // biome-ignore lint/suspicious/noArrayIndexKey: pages never reorder
                key={index}
                pdf={pdf}
                queue={drawQueue}
                number={index + 1}
                pageCount={sizes.length}
                top={geometry.tops[index] ?? 0}
                left={geometry.left(index)}
                width={Math.round(size.width * scale)}
                height={Math.round(size.height * scale)}
                onDrawn={index === 0 ? onFirstPage : undefined}
                onSize={(own) => {
                  if (own.width !== size.width || own.height !== size.height) {
                    setSizes((all) => all.map((s, i) => (i === index ? own : s)));
                  }
                }}
              />
            ))
          : null}
      </div>
    </section>
  );
}

/**
 * Double-tap (two taps within 350 ms and 30 px) and pinch, on touch events: a pointer that starts
 * a native scroll is cancelled, a touch is not. While pinching, the pages are scaled with a CSS
 * transform (cheap); when the fingers lift, the new zoom is set and the pages are drawn again.
 */
function useReadingGestures(
  scrollRef: React.RefObject<HTMLElement | null>,
  contentRef: React.RefObject<HTMLDivElement | null>,
  zoom: number,
  setZoom: (zoom: number, point: { x: number; y: number }) => void,
) {
  const zoomRef = useRef(zoom);
  zoomRef.current = zoom;
  const setZoomRef = useRef(setZoom);
  setZoomRef.current = setZoom;

  useEffect(() => {
    const element = scrollRef.current;
    const content = contentRef.current;
    if (!element || !content) return;
    const inView = (clientX: number, clientY: number) => {
      const rect = element.getBoundingClientRect();
      return { x: clientX - rect.left, y: clientY - rect.top };
    };
    const toggle = (clientX: number, clientY: number) => {
      const next = zoomRef.current < DOUBLE_TAP_ZOOM ? DOUBLE_TAP_ZOOM : FIT_ZOOM;
      setZoomRef.current(next, inView(clientX, clientY));
    };

    let pinch: { distance: number; midX: number; midY: number; factor: number } | null = null;
    let tap: { x: number; y: number; at: number } | null = null;
    let lastTap: { x: number; y: number; at: number } | null = null;
    let lastTouchToggle = 0;

    const distance = (touches: TouchList) => {
      const [a, b] = [touches[0], touches[1]];
      return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length === 2) {
        const [a, b] = [event.touches[0], event.touches[1]];
        if (!a || !b) return;
        tap = null;
        pinch = {
          distance: distance(event.touches) || 1,
          midX: (a.clientX + b.clientX) / 2,
          midY: (a.clientY + b.clientY) / 2,
          factor: 1,
        };
        const point = inView(pinch.midX, pinch.midY);
        content.style.transformOrigin = `${element.scrollLeft + point.x}px ${element.scrollTop + point.y}px`;
      } else if (event.touches.length === 1) {
        const touch = event.touches[0];
        tap = touch ? { x: touch.clientX, y: touch.clientY, at: event.timeStamp } : null;
      }
    };
    const onTouchMove = (event: TouchEvent) => {
      if (tap && event.touches.length === 1) {
        const touch = event.touches[0];
        if (touch && Math.hypot(touch.clientX - tap.x, touch.clientY - tap.y) > 10) tap = null;
      }
      if (!pinch || event.touches.length !== 2) return;
      event.preventDefault();
      const wanted = clampZoom(zoomRef.current * (distance(event.touches) / pinch.distance));
      pinch.factor = wanted / zoomRef.current;
      content.style.transform = `scale(${pinch.factor})`;
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (pinch && event.touches.length < 2) {
        const { factor, midX, midY } = pinch;
        pinch = null;
        content.style.transform = "";
        if (Math.abs(factor - 1) > 0.02) setZoomRef.current(zoomRef.current * factor, inView(midX, midY));
        return;
      }
      if (!tap || event.touches.length > 0) return;
      const now = { ...tap, at: event.timeStamp };
      const quick = event.timeStamp - tap.at < 300;
      tap = null;
      if (!quick) return;
      if (
        lastTap &&
        now.at - lastTap.at < DOUBLE_TAP_MS &&
        Math.hypot(now.x - lastTap.x, now.y - lastTap.y) < DOUBLE_TAP_SLOP_PX
      ) {
        lastTap = null;
        lastTouchToggle = event.timeStamp;
        event.preventDefault();
        toggle(now.x, now.y);
      } else {
        lastTap = now;
      }
    };
    // A mouse's double-click does the same; the one a touch double-tap may also fire is ignored.
    const onDoubleClick = (event: MouseEvent) => {
      if (event.timeStamp - lastTouchToggle < 800) return;
      toggle(event.clientX, event.clientY);
    };
    element.addEventListener("touchstart", onTouchStart, { passive: true });
    element.addEventListener("touchmove", onTouchMove, { passive: false });
    element.addEventListener("touchend", onTouchEnd, { passive: false });
    element.addEventListener("touchcancel", onTouchEnd, { passive: false });
    element.addEventListener("dblclick", onDoubleClick);
    return () => {
      element.removeEventListener("touchstart", onTouchStart);
      element.removeEventListener("touchmove", onTouchMove);
      element.removeEventListener("touchend", onTouchEnd);
      element.removeEventListener("touchcancel", onTouchEnd);
      element.removeEventListener("dblclick", onDoubleClick);
    };
  }, [scrollRef, contentRef]);
}

let firstPageMarked = false;

function PdfPage({
  pdf,
  queue,
  number,
  pageCount,
  top,
  left,
  width,
  height,
  onSize,
  onDrawn,
}: {
  onDrawn?: (() => void) | undefined;
  pdf: PDFDocumentProxy;
  queue: DrawQueue;
  number: number;
  pageCount: number;
  top: number;
  left: number;
  width: number;
  height: number;
  onSize: (size: PageSize) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const t = useT();
  const { locale } = useLocale();
  const onSizeRef = useRef(onSize);
  onSizeRef.current = onSize;
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;

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
    const draw = async () => {
      if (cancelled) return;
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const own = page.getViewport({ scale: 1 });
      onSizeRef.current({ width: own.width, height: own.height });
      const viewport = page.getViewport({ scale: width / own.width });
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
      if (cancelled) return;
      box.replaceChildren(canvas);
      onDrawnRef.current?.();
      if (number === 1 && !firstPageMarked) {
        firstPageMarked = true;
        // Read by the bench: the time from the tap to the first page drawn.
        performance.mark("viewer:first-page");
      }
    };
    const dequeue = queue.enqueue(number, () =>
      draw().catch((error: unknown) => {
        if ((error as { name?: string } | null)?.name !== "RenderingCancelledException") console.warn(error);
      }),
    );
    return () => {
      cancelled = true;
      dequeue();
      task?.cancel();
    };
  }, [pdf, queue, number, near, width, height]);

  return (
    <div
      ref={boxRef}
      data-page={number}
      role="img"
      aria-label={t("viewer.pages.status", {
        page: formatNumber(locale, number),
        pages: formatNumber(locale, pageCount),
      })}
      className="absolute bg-white shadow-lg"
      style={{ top, left, width, height }}
    />
  );
}
