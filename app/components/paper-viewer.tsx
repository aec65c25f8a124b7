import { type ComponentType, useCallback, useEffect, useId, useState } from "react";
import { ModalDialog } from "./paper-modal";
import type { PaperViewerDocumentProps, ViewerStatus } from "./paper-viewer-document";

/**
 * pdf.js and its worker are fetched only when a viewer first opens, never in a page's first load.
 * Not React.lazy: a failed chunk download must be retriable, and lazy() remembers the failure.
 */
function loadDocumentView(): Promise<ComponentType<PaperViewerDocumentProps>> {
  return import("./paper-viewer-document").then((module) => module.default);
}

export interface ViewerPaper {
  url: string;
  /** e.g. "Mathematics 1, March 2023 question paper" */
  title: string;
}

/** Zoom steps in percent; 100% is the page fitted to the screen width (at most its actual size). */
export const ZOOM_STEPS = [50, 75, 100, 125, 150, 200, 250, 300] as const;

const controlClass =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg border border-slate-500 px-2 text-sm font-semibold text-white hover:bg-slate-700 disabled:opacity-50";

/**
 * The question paper viewer overlay (spec §2 "Question paper viewer"): a full-screen modal with
 * 'Zoom out', the percentage, 'Zoom in', page N of M, Download and Close.
 */
export function PaperViewer({
  paper,
  onClose,
  onSignIn,
}: {
  paper: ViewerPaper | null;
  onClose: () => void;
  /** The session ended or never existed: offer the sign-in window for this paper. */
  onSignIn: () => void;
}) {
  const id = useId();
  return (
    <ModalDialog
      open={paper !== null}
      onClose={onClose}
      labelledBy={`${id}-title`}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-slate-800 p-0 text-white backdrop:bg-slate-900/70"
    >
      {paper ? (
        <ViewerBody key={paper.url} titleId={`${id}-title`} paper={paper} onClose={onClose} onSignIn={onSignIn} />
      ) : null}
    </ModalDialog>
  );
}

function ViewerBody({
  titleId,
  paper,
  onClose,
  onSignIn,
}: {
  titleId: string;
  paper: ViewerPaper;
  onClose: () => void;
  onSignIn: () => void;
}) {
  const [zoom, setZoom] = useState<number>(100);
  const [status, setStatus] = useState<ViewerStatus>({ kind: "loading", loaded: 0, total: 0 });
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [DocumentView, setDocumentView] = useState<ComponentType<PaperViewerDocumentProps> | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt makes Retry download the viewer code again
  useEffect(() => {
    if (DocumentView) return;
    let current = true;
    loadDocumentView().then(
      (view) => current && setDocumentView(() => view),
      () => current && setStatus({ kind: "error", reason: "failed" }),
    );
    return () => {
      current = false;
    };
  }, [DocumentView, attempt]);

  const zoomIndex = ZOOM_STEPS.indexOf(zoom as (typeof ZOOM_STEPS)[number]);
  const zoomOut = () => setZoom(ZOOM_STEPS[Math.max(0, zoomIndex - 1)] ?? zoom);
  const zoomIn = () => setZoom(ZOOM_STEPS[Math.min(ZOOM_STEPS.length - 1, zoomIndex + 1)] ?? zoom);
  const retry = () => {
    setStatus({ kind: "loading", loaded: 0, total: 0 });
    setAttempt((n) => n + 1);
  };
  const onStatus = useCallback((next: ViewerStatus) => setStatus(next), []);
  const ready = status.kind === "ready";

  return (
    <div className="flex h-full flex-col">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-600 bg-slate-900 px-3 py-2">
        <h2 id={titleId} className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
          {paper.title}
        </h2>
        <button type="button" onClick={onClose} className={`${controlClass} order-none px-3 sm:order-last`}>
          <span aria-hidden="true">✕&nbsp;</span>Close
        </button>
        <div className="flex w-full items-center justify-between gap-2 sm:w-auto sm:justify-start">
          <fieldset className="flex items-center gap-1" aria-label="Zoom">
            <button
              type="button"
              onClick={zoomOut}
              disabled={!ready || zoomIndex <= 0}
              aria-label="Zoom out"
              className={controlClass}
            >
              <span aria-hidden="true">−</span>
            </button>
            <output aria-live="polite" aria-label="Zoom level" className="w-14 text-center text-sm tabular-nums">
              {zoom}%
            </output>
            <button
              type="button"
              onClick={zoomIn}
              disabled={!ready || zoomIndex >= ZOOM_STEPS.length - 1}
              aria-label="Zoom in"
              className={controlClass}
            >
              <span aria-hidden="true">+</span>
            </button>
          </fieldset>
          <p className="text-sm whitespace-nowrap tabular-nums" aria-live="polite">
            {ready ? `Page ${Math.min(page, status.pages)} of ${status.pages}` : ""}
          </p>
          <a href={paper.url} download className={`${controlClass} px-3`}>
            Download
          </a>
        </div>
      </div>
      <div className="relative min-h-0 flex-1">
        {status.kind === "loading" ? <LoadingBar loaded={status.loaded} total={status.total} /> : null}
        {status.kind === "error" ? <ViewerError reason={status.reason} onRetry={retry} onSignIn={onSignIn} /> : null}
        {status.kind !== "error" && DocumentView ? (
          <DocumentView key={attempt} url={paper.url} zoom={zoom} onStatus={onStatus} onPageChange={setPage} />
        ) : null}
      </div>
    </div>
  );
}

function LoadingBar({ loaded, total }: { loaded: number; total: number }) {
  const percent = total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : undefined;
  return (
    <div className="absolute inset-x-0 top-0 z-10 bg-slate-800 px-4 py-6 text-center">
      <p className="mb-3 text-sm" id="viewer-progress-label">
        {percent === undefined ? "Opening the paper…" : `Downloading the paper… ${percent}%`}
      </p>
      <progress
        aria-labelledby="viewer-progress-label"
        max={100}
        value={percent}
        className="h-2 w-full max-w-md overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-600 [&::-webkit-progress-value]:bg-amber-400"
      />
    </div>
  );
}

function ViewerError({
  reason,
  onRetry,
  onSignIn,
}: {
  reason: "unauthorized" | "failed";
  onRetry: () => void;
  onSignIn: () => void;
}) {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-10 text-center">
      {reason === "unauthorized" ? (
        <>
          <p className="font-semibold">Please sign in to open this paper.</p>
          <p className="mt-1 text-sm text-slate-300">Your session may have ended. Signing in is free.</p>
          <button
            type="button"
            onClick={onSignIn}
            className="mt-5 rounded-lg bg-amber-400 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-300"
          >
            Sign in
          </button>
        </>
      ) : (
        <>
          <p className="font-semibold">The paper could not be loaded.</p>
          <p className="mt-1 text-sm text-slate-300">Check your internet connection and try again.</p>
          <button
            type="button"
            onClick={onRetry}
            className="mt-5 rounded-lg bg-amber-400 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-300"
          >
            Retry
          </button>
        </>
      )}
    </div>
  );
}
