import { type ComponentType, useEffect, useId, useRef, useState } from "react";
import type { PaperFileKind, PaperPreview } from "../../domain/papers.ts";
import { type Translate, useT } from "../site/i18n";
import { ModalDialog } from "./paper-modal";
import type { ViewerBodyProps } from "./paper-viewer-body";
import type { PdfSource } from "./pdf-source";
import { loadPdfSource, loadViewerCode, loadViewerShell } from "./viewer-code";

export interface ViewerPaper {
  id: string;
  /** e.g. "Mathematics 1, March 2023" */
  title: string;
  questionUrl: string;
  /** Absent when the paper has no solution yet. */
  solutionUrl?: string | undefined;
  /** What the solution is called, in the page's language: "solution" for a board paper, "model answers" for ours. */
  solutionLabel?: string;
  /** The files' first pages as images (decision 033), shown while pdf.js loads. */
  questionPreview?: PaperPreview | null | undefined;
  solutionPreview?: PaperPreview | null | undefined;
}

/** The first-page image of the file the viewer shows, if it has one. */
export function previewOf(paper: ViewerPaper, kind: PaperFileKind): PaperPreview | null {
  return (kind === "solution" && paper.solutionUrl ? paper.solutionPreview : paper.questionPreview) ?? null;
}

/**
 * The first page as an image rendered on the server (decision 033), in the box where pdf.js will draw page 1
 * (paper-viewer-document.tsx: 8 px in, the view's width up to 1000 px) at its known aspect ratio, so that nothing
 * moves when pdf.js takes over. In the server's HTML of a shared `?paper=` link, so that it loads before any
 * script. A file without one (404) shows nothing here.
 */
export function FirstPagePreview({ preview, alt }: { preview: PaperPreview; alt: string }) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before React was there to hear it.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) return null;
  return (
    <div className="pointer-events-none absolute inset-0 overflow-hidden px-2 pt-2">
      <img
        ref={ref}
        src={preview.url}
        width={preview.width}
        height={preview.height}
        alt={alt}
        fetchPriority="high"
        data-first-page=""
        onError={() => setBroken(true)}
        className="mx-auto block h-auto w-full max-w-[1000px] bg-white shadow-lg"
      />
    </div>
  );
}

/** "Mathematics 1, March 2023 question paper" / "… solution", in the page's language. */
export function viewerTitle(t: Translate, paper: ViewerPaper, kind: PaperFileKind): string {
  if (kind === "question") return t("viewer.title.question", { paper: paper.title });
  if (paper.solutionLabel) return t("viewer.title.labelled", { paper: paper.title, label: paper.solutionLabel });
  return t("viewer.title.solution", { paper: paper.title });
}

/**
 * The paper viewer (spec §2 "Question paper viewer", issue 12): a full-screen modal. Only this
 * frame is in the page's own code; its controls (paper-viewer-body) and pdf.js
 * (paper-viewer-document) are fetched when it opens, unless the page prefetched them.
 */
export function PaperViewer({
  paper,
  kind,
  onKind,
  onClose,
  onSignIn,
  returnFocus,
}: {
  /** The link that opened the viewer: focus goes back to it on closing, also after Back. */
  returnFocus?: HTMLElement | null | undefined;
  paper: ViewerPaper | null;
  kind: PaperFileKind;
  onKind: (kind: PaperFileKind) => void;
  onClose: () => void;
  /** The session ended or never existed: offer the sign-in window for this paper. */
  onSignIn: () => void;
}) {
  const id = useId();
  const url = paper ? (kind === "solution" && paper.solutionUrl ? paper.solutionUrl : paper.questionUrl) : "";
  return (
    <ModalDialog
      open={paper !== null}
      onClose={onClose}
      returnFocus={returnFocus}
      labelledBy={`${id}-title`}
      shownBeforeScript
      className="fixed inset-0 z-50 m-0 h-dvh max-h-none w-screen max-w-none bg-slate-800 p-0 text-white backdrop:bg-slate-900/70"
    >
      {paper ? (
        <ViewerFrame
          key={url}
          titleId={`${id}-title`}
          paper={paper}
          kind={paper.solutionUrl ? kind : "question"}
          url={url}
          onKind={onKind}
          onClose={onClose}
          onSignIn={onSignIn}
        />
      ) : null}
    </ModalDialog>
  );
}

/**
 * Requests the paper the moment the viewer opens, in parallel with any viewer code still loading,
 * and shows the title, Close and what is loading until the controls arrive.
 */
function ViewerFrame(props: Omit<ViewerBodyProps, "source" | "onRetry">) {
  const [attempt, setAttempt] = useState(0);
  const [source, setSource] = useState<PdfSource | null>(null);
  const [Body, setBody] = useState<ComponentType<ViewerBodyProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const t = useT();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt makes Retry start over
  useEffect(() => {
    let current = true;
    let opened: PdfSource | null = null;
    // pdf.js too, now: the body reports it if that fails.
    loadViewerCode().catch(() => {});
    loadPdfSource().then(
      (Source) => {
        if (!current) return;
        opened = new Source(props.url);
        setSource(opened);
      },
      () => current && setFailed(true),
    );
    loadViewerShell().then(
      (body) => current && setBody(() => body),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      opened?.abort();
    };
  }, [props.url, attempt]);

  const retry = () => {
    setFailed(false);
    setAttempt((n) => n + 1);
  };
  if (Body && source && !failed) return <Body key={attempt} {...props} source={source} onRetry={retry} />;
  const preview = previewOf(props.paper, props.kind);
  return (
    <div className="flex h-full flex-col">
      <div className="flex items-center gap-3 border-b border-slate-600 bg-slate-900 px-3 py-2">
        <h2 id={props.titleId} className="min-w-0 flex-1 truncate text-sm font-semibold sm:text-base">
          {viewerTitle(t, props.paper, props.kind)}
        </h2>
        <button
          type="button"
          onClick={props.onClose}
          className="inline-flex min-h-10 items-center rounded-lg border border-slate-500 px-3 text-sm font-semibold hover:bg-slate-700"
        >
          <span aria-hidden="true">✕&nbsp;</span>
          {t("viewer.close")}
        </button>
      </div>
      {failed ? (
        <ViewerError reason="failed" onRetry={retry} onSignIn={props.onSignIn} />
      ) : (
        <div className="relative min-h-0 flex-1">
          <p className="px-4 py-6 text-center text-sm">{t("viewer.preparing")}</p>
          {preview ? (
            <FirstPagePreview
              preview={preview}
              alt={t("viewer.firstPage", { title: viewerTitle(t, props.paper, props.kind) })}
            />
          ) : null}
        </div>
      )}
    </div>
  );
}

/** Why the paper is not shown, with the way out: Retry, or Sign in when the session has ended. */
export function ViewerError({
  reason,
  onRetry,
  onSignIn,
}: {
  reason: "unauthorized" | "failed";
  onRetry: () => void;
  onSignIn: () => void;
}) {
  const unauthorized = reason === "unauthorized";
  const t = useT();
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-10 text-center">
      <p className="font-semibold">{unauthorized ? t("viewer.error.signInTitle") : t("viewer.error.failedTitle")}</p>
      <p className="mt-1 text-sm text-slate-300">
        {unauthorized ? t("viewer.error.signInText") : t("viewer.error.failedText")}
      </p>
      <button
        type="button"
        onClick={unauthorized ? onSignIn : onRetry}
        className="mt-5 rounded-lg bg-amber-400 px-5 py-2 font-semibold text-slate-900 hover:bg-amber-300"
      >
        {unauthorized ? t("viewer.error.signIn") : t("viewer.error.retry")}
      </button>
    </div>
  );
}
