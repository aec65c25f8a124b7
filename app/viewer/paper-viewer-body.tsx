import { type ComponentType, type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { formatNumber, type Locale } from "../../domain/i18n.ts";
import type { PaperFileKind } from "../../domain/papers.ts";
import { SavedIndicator } from "../offline/saved-indicator";
import { type Translate, useLocale, useT } from "../site/i18n";
import { FirstPagePreview, previewOf, ViewerError, type ViewerPaper, viewerTitle } from "./paper-viewer";
import type { PaperViewerDocumentProps, ViewerHandle, ViewerStatus } from "./paper-viewer-document";
import type { PdfProgress, PdfSource } from "./pdf-source";
import { loadViewerCode } from "./viewer-code";
import { type AccountReading, accountReading, lastPageRead, rememberPageRead } from "./viewer-memory";
import { clampZoom, FIT_ZOOM, MAX_ZOOM, MIN_ZOOM, zoomInStep, zoomOutStep } from "./viewer-zoom";

const controlBase =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-500 px-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50";
const controlClass = `${controlBase} min-w-10`;
/** How long a ready paper waits for the account's page before it opens at this device's. */
const ACCOUNT_WAIT_MS = 1500;

export interface ViewerBodyProps {
  titleId: string;
  paper: ViewerPaper;
  kind: PaperFileKind;
  url: string;
  source: PdfSource;
  onKind: (kind: PaperFileKind) => void;
  onClose: () => void;
  onSignIn: () => void;
  /** Start over: a new request for the paper, and the viewer's code again if it failed. */
  onRetry: () => void;
}

type BodyStatus = { kind: "loading" } | ViewerStatus;

/**
 * The viewer's controls and pages (issue 12), fetched with the viewer's code: the Question |
 * Solution switch, zoom, Download and Close on top, and previous / "page N of M" / next at the
 * bottom, within a thumb's reach. The arrow keys, PageUp/PageDown, Home and End turn pages.
 */
export default function ViewerBody({
  titleId,
  paper,
  kind,
  url,
  source,
  onKind,
  onClose,
  onSignIn,
  onRetry,
}: ViewerBodyProps) {
  const [zoom, setZoom] = useState<number>(FIT_ZOOM);
  const [status, setStatus] = useState<BodyStatus>({ kind: "loading" });
  const [page, setPage] = useState(1);
  const [progress, setProgress] = useState<PdfProgress>({ loaded: 0, total: 0 });
  const [DocumentView, setDocumentView] = useState<ComponentType<PaperViewerDocumentProps> | null>(null);
  const [resumedAt, setResumedAt] = useState<number | null>(null);
  // Until the paper is back at the last page read, nothing is remembered: page 1 would overwrite it.
  const [settled, setSettled] = useState(false);
  // The server's image of page 1 (decision 033) stays over page 1's box until pdf.js has drawn it there.
  const [firstPageDrawn, setFirstPageDrawn] = useState(false);
  const onFirstPage = useCallback(() => setFirstPageDrawn(true), []);
  const preview = previewOf(paper, kind);
  const handle = useRef<ViewerHandle>(null);
  const shown = useRef(1);
  const account = useRef<AccountReading>(null);
  const t = useT();
  const { locale, path } = useLocale();

  useEffect(() => source.onProgress(setProgress), [source]);
  // The controls replace the frame shown while they loaded, and with it the Close button that had
  // focus: give focus back to this one, so that it stays inside the dialog.
  const closeRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) closeRef.current?.focus();
  }, []);
  useEffect(() => {
    let current = true;
    loadViewerCode().then(
      (view) => current && setDocumentView(() => view),
      () => current && setStatus({ kind: "error", reason: "failed" }),
    );
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    const reading = accountReading(url);
    account.current = reading;
    return () => reading.close();
  }, [url]);

  const onStatus = useCallback(
    (next: ViewerStatus) => {
      setStatus(next);
      if (next.kind !== "ready") return;
      // Back where the student left this paper: on the account (any device), else on this device; not if they
      // turned a page while the account's answer was awaited.
      const local = lastPageRead(url);
      const waited = new Promise<undefined>((resolve) => setTimeout(resolve, ACCOUNT_WAIT_MS));
      void Promise.race([account.current?.page, waited]).then((last = local) => {
        if (last && last > 1 && last <= next.pages && shown.current === 1) {
          handle.current?.goToPage(last);
          shown.current = last;
          setPage(last);
          setResumedAt(last);
        }
        setSettled(true);
      });
    },
    [url],
  );
  const onPageChange = useCallback((current: number) => {
    shown.current = current;
    setPage(current);
  }, []);
  useEffect(() => {
    if (!settled) return;
    rememberPageRead(url, page);
    account.current?.read(page);
  }, [settled, url, page]);

  const ready = status.kind === "ready";
  const pages = ready ? status.pages : 0;
  const goTo = (target: number) => {
    if (!ready) return;
    const clamped = Math.min(pages, Math.max(1, target));
    handle.current?.goToPage(clamped);
    shown.current = clamped;
    setPage(clamped);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!ready || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement) return;
    const moves: Record<string, number> = {
      ArrowRight: page + 1,
      PageDown: page + 1,
      ArrowLeft: page - 1,
      PageUp: page - 1,
      Home: 1,
      End: pages,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    goTo(target);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: page keys for the whole viewer, whatever has focus
    <div className="flex h-full flex-col" onKeyDown={onKeyDown}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-600 bg-slate-900 px-3 py-2">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
          {viewerTitle(t, paper, kind)}
        </h2>
        {/* A plain link to the report page (issue 15): on a phone a flag, named for screen readers. */}
        <a href={path(`/report?paper=${paper.id}`)} className={`${controlClass} sm:order-last sm:px-3`}>
          <span aria-hidden="true" className="sm:hidden">
            ⚑
          </span>
          <span className="sr-only sm:not-sr-only">{t("viewer.report")}</span>
        </a>
        <button ref={closeRef} type="button" onClick={onClose} className={`${controlClass} px-3 sm:order-last`}>
          <span aria-hidden="true">✕&nbsp;</span>
          {t("viewer.close")}
        </button>
        <div className="flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-start">
          {paper.solutionUrl ? (
            <fieldset
              className="flex shrink-0 overflow-hidden rounded-lg border border-slate-500"
              aria-label={t("viewer.show")}
            >
              {(["question", "solution"] as const).map((option) => (
                <button
                  key={option}
                  type="button"
                  aria-pressed={kind === option}
                  onClick={() => kind !== option && onKind(option)}
                  className={`min-h-10 px-2 text-sm font-semibold sm:px-3 ${kind === option ? "bg-amber-400 text-slate-900" : "text-white hover:bg-slate-700"}`}
                >
                  {option === "question" ? t("viewer.question") : t("viewer.solution")}
                </button>
              ))}
            </fieldset>
          ) : null}
          <fieldset className="flex items-center gap-1" aria-label={t("viewer.zoom")}>
            <button
              type="button"
              onClick={() => setZoom(zoomOutStep(zoom))}
              disabled={!ready || zoom <= MIN_ZOOM}
              aria-label={t("viewer.zoomOut")}
              className={`${controlBase} min-w-9`}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output
              aria-live="polite"
              aria-label={t("viewer.zoomLevel")}
              className="w-11 text-center text-sm tabular-nums"
            >
              {t("viewer.zoomValue", { zoom: formatNumber(locale, zoom) })}
            </output>
            <button
              type="button"
              onClick={() => setZoom(zoomInStep(zoom))}
              disabled={!ready || zoom >= MAX_ZOOM}
              aria-label={t("viewer.zoomIn")}
              className={`${controlBase} min-w-9`}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          <a href={url} download className={`${controlClass} sm:px-3`}>
            {/* On a phone the word does not fit beside the other controls: an arrow, named for screen readers. */}
            <span aria-hidden="true" className="text-lg leading-none sm:hidden">
              ⤓
            </span>
            <span className="sr-only sm:not-sr-only">{t("viewer.download")}</span>
          </a>
        </div>
      </div>
      <SavedIndicator paper={paper} kind={kind} url={url} ready={ready} />
      <div className="relative min-h-0 flex-1">
        {status.kind === "loading" ? (
          <LoadingProgress codeReady={DocumentView !== null} progress={progress} below={preview !== null} />
        ) : null}
        {status.kind === "error" ? <ViewerError reason={status.reason} onRetry={onRetry} onSignIn={onSignIn} /> : null}
        {status.kind !== "error" && DocumentView ? (
          <DocumentView
            ref={handle}
            source={source}
            zoom={zoom}
            onZoom={(next) => setZoom(clampZoom(next))}
            onStatus={onStatus}
            onPageChange={onPageChange}
            onFirstPage={onFirstPage}
          />
        ) : null}
        {preview && !firstPageDrawn && status.kind !== "error" ? (
          <FirstPagePreview preview={preview} alt={t("viewer.firstPage", { title: viewerTitle(t, paper, kind) })} />
        ) : null}
      </div>
      <PageBar page={page} pages={pages} onGo={goTo} resumedAt={resumedAt} />
    </div>
  );
}

/** Previous, "page N of M" (type a number to jump) and next. */
function PageBar({
  page,
  pages,
  onGo,
  resumedAt,
}: {
  page: number;
  pages: number;
  onGo: (page: number) => void;
  resumedAt: number | null;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const t = useT();
  const { locale } = useLocale();
  const number = (n: number) => formatNumber(locale, n);
  const ready = pages > 0;
  const commit = () => {
    if (draft === null) return;
    const wanted = Number(draft);
    setDraft(null);
    if (Number.isInteger(wanted) && wanted >= 1 && wanted <= pages) onGo(wanted);
  };
  return (
    <nav
      aria-label={t("viewer.pages.label")}
      className="flex items-center justify-center gap-2 border-t border-slate-600 bg-slate-900 px-3 py-2 text-sm"
    >
      <button
        type="button"
        onClick={() => onGo(page - 1)}
        disabled={!ready || page <= 1}
        className={`${controlClass} px-3`}
      >
        <span aria-hidden="true">‹&nbsp;</span>
        {t("viewer.pages.previous")}
        <span className="sr-only"> {t("viewer.pages.pageSuffix")}</span>
      </button>
      <form
        className="flex items-center gap-1.5 whitespace-nowrap tabular-nums"
        onSubmit={(event) => {
          event.preventDefault();
          commit();
        }}
      >
        <label htmlFor="viewer-page" className="sr-only">
          {t("viewer.pages.inputLabel", { pages: number(pages) })}
        </label>
        <span aria-hidden="true">{t("viewer.pages.page")}</span>
        <input
          id="viewer-page"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          disabled={!ready}
          value={draft ?? (ready ? String(page) : "")}
          onChange={(event) => setDraft(asciiDigits(event.target.value).replace(/\D/g, "").slice(0, 4))}
          onFocus={(event) => event.target.select()}
          onBlur={commit}
          className="w-12 rounded-md border border-slate-500 bg-slate-800 px-1 py-1.5 text-center text-white"
        />
        <span aria-hidden="true">{t("viewer.pages.of", { pages: ready ? number(pages) : "…" })}</span>
      </form>
      <button
        type="button"
        onClick={() => onGo(page + 1)}
        disabled={!ready || page >= pages}
        className={`${controlClass} px-3`}
      >
        {t("viewer.pages.next")}
        <span className="sr-only"> {t("viewer.pages.pageSuffix")}</span>
        <span aria-hidden="true">&nbsp;›</span>
      </button>
      <p className="sr-only" aria-live="polite">
        {ready
          ? resumedAt
            ? t("viewer.pages.statusResumed", { page: number(page), pages: number(pages), resumed: number(resumedAt) })
            : t("viewer.pages.status", { page: number(page), pages: number(pages) })
          : ""}
      </p>
    </nav>
  );
}

/** Devanagari digits typed on a Marathi keyboard (०–९) as ASCII digits, so that the page box accepts them. */
function asciiDigits(text: string): string {
  return text.replace(/[०-९]/g, (digit) => String(digit.charCodeAt(0) - 0x966));
}

function kb(t: Translate, locale: Locale, bytes: number): string {
  return t("viewer.loading.kb", { size: formatNumber(locale, Math.max(1, Math.round(bytes / 1024))) });
}

/**
 * Honest progress: what is still loading, and how much of the paper has arrived. At the bottom (`below`) while the
 * first page's image fills the top.
 */
function LoadingProgress({
  codeReady,
  progress,
  below,
}: {
  codeReady: boolean;
  progress: PdfProgress;
  below: boolean;
}) {
  const { loaded, total } = progress;
  const t = useT();
  const { locale } = useLocale();
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
  return (
    <div className={`absolute inset-x-0 z-10 bg-slate-800 px-4 text-center ${below ? "bottom-0 py-3" : "top-0 py-6"}`}>
      <p className="mb-3 text-sm" id="viewer-progress-label">
        {codeReady ? t("viewer.loading.opening") : t("viewer.loading.code")}
      </p>
      <progress
        aria-labelledby="viewer-progress-label"
        max={100}
        value={percent}
        className="h-2 w-full max-w-md overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-600 [&::-webkit-progress-value]:bg-amber-400"
      />
      <p className="mt-2 text-xs text-slate-300 tabular-nums">
        {total > 0
          ? t("viewer.loading.progress", { loaded: kb(t, locale, loaded), total: kb(t, locale, total) })
          : t("viewer.loading.connecting")}
      </p>
    </div>
  );
}
