import { useCallback, useMemo } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useSearchParams } from "react-router";
import type { PaperFileKind } from "../../domain/papers.ts";

/**
 * The open paper viewer lives in the URL (issue 12): `?paper=<id>&kind=question|solution`.
 * Opening pushes a history entry, so the phone's Back button closes the viewer and leaves the
 * student on the page, where they were; the same URL shared or reloaded opens the same paper.
 */
const PAPER_PARAM = "paper";
const KIND_PARAM = "kind";

export interface ViewerTarget {
  id: string;
  kind: PaperFileKind;
}

/** Paper ids are slugs (`math-1-2023-march-semi-english`, `math-2-model-1`); anything else is ignored. */
const PAPER_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export function viewerTargetOf(search: URLSearchParams): ViewerTarget | null {
  const id = search.get(PAPER_PARAM);
  if (!id || !PAPER_ID.test(id)) return null;
  return { id, kind: search.get(KIND_PARAM) === "solution" ? "solution" : "question" };
}

/** `search` with the viewer set to `target` (or removed), every other parameter kept. */
export function withViewer(search: URLSearchParams, target: ViewerTarget | null): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete(PAPER_PARAM);
  next.delete(KIND_PARAM);
  if (target) {
    next.set(PAPER_PARAM, target.id);
    next.set(KIND_PARAM, target.kind);
  }
  return next;
}

/** The address of a page with the viewer open on `target`: what 'Solution' opens in a new window. */
export function viewerHref(pathname: string, search: URLSearchParams, target: ViewerTarget): string {
  return `${pathname}?${withViewer(search, target).toString()}`;
}

/** True when two URLs differ only in the viewer's parameters (no loader needs to run again). */
export function onlyViewerChanged(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname) return false;
  const strip = (url: URL) => withViewer(url.searchParams, null).toString();
  return strip(current) === strip(next);
}

/**
 * `shouldRevalidate` for a page with a viewer: opening, switching and closing it change only
 * `?paper=&kind=`, so the page's data stays as it is (and so does the listing behind the viewer).
 */
export function keepDataWhenOnlyViewerChanges({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.href !== nextUrl.href && onlyViewerChanged(currentUrl, nextUrl)) return false;
  return defaultShouldRevalidate;
}

interface ViewerHistoryState {
  /** Set on the entry that opening the viewer pushed: closing then goes Back to the entry before it. */
  viewerPushed?: boolean;
}

export function useViewerRoute() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const target = useMemo(() => viewerTargetOf(searchParams), [searchParams]);
  const pushed = (location.state as ViewerHistoryState | null)?.viewerPushed === true;

  const open = useCallback(
    (next: ViewerTarget) => {
      void navigate(`?${withViewer(searchParams, next).toString()}`, {
        preventScrollReset: true,
        state: { viewerPushed: true } satisfies ViewerHistoryState,
      });
    },
    [navigate, searchParams],
  );

  /** Question | Solution: the same entry, so Back still closes the viewer in one step. */
  const switchKind = useCallback(
    (kind: PaperFileKind) => {
      if (!target) return;
      void navigate(`?${withViewer(searchParams, { ...target, kind }).toString()}`, {
        replace: true,
        preventScrollReset: true,
        state: location.state,
      });
    },
    [navigate, searchParams, target, location.state],
  );

  const close = useCallback(() => {
    // Back, when this page pushed the entry; a viewer opened from a shared link replaces its entry.
    if (pushed) void navigate(-1);
    else void navigate(`?${withViewer(searchParams, null).toString()}`, { replace: true, preventScrollReset: true });
  }, [pushed, navigate, searchParams]);

  return { target, open, switchKind, close };
}
