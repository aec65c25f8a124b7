import { lazy, type MouseEvent, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation, useNavigation, useRevalidator } from "react-router";
import type { PaperFileKind } from "../../domain/papers.ts";
import type { AuthRequest } from "../auth/auth-dialog";
import { useLocale, useT } from "../site/i18n";
import { useRootData } from "../site/root-data";
import { PaperViewer, type ViewerPaper, viewerTitle } from "./paper-viewer";
import { prefetchViewerCodeWhenIdle } from "./viewer-code";
import { useViewerRoute, type ViewerTarget, viewerHref } from "./viewer-route";

// The sign-in dialog's code loads when a visitor first needs it (with the sign-in card it already loaded on
// demand): pages that offer it carry none of it in their first load. The model paper page uses this one too.
export const AuthDialog = lazy(() => {
  void import("../auth/auth-card"); // the card the dialog shows, fetched alongside rather than after it
  return import("../auth/auth-dialog").then((m) => ({ default: m.AuthDialog }));
});

/**
 * The paper viewer of a page that lists papers (subject page, model paper page), driven by the URL
 * (`?paper=<id>&kind=`, see viewer-route.ts), with the sign-in window in front of it when needed:
 * - a tap on 'Q Paper' (or a PDF button) opens the viewer, after sign-in for an anonymous visitor;
 * - 'Solution' is a link to this page with the viewer open on the solution, in a new window;
 * - a shared or reloaded `?paper=` link opens the viewer at once, after sign-in when needed.
 * The viewer's code is prefetched once the page is idle, where the connection allows it.
 */
export function usePaperViewer(find: (id: string) => ViewerPaper | null) {
  const { user } = useRootData();
  const t = useT();
  const { path } = useLocale();
  const location = useLocation();
  const route = useViewerRoute();
  const [tapAuth, setTapAuth] = useState<(AuthRequest & { target?: ViewerTarget }) | null>(null);
  // The root loader revalidates after sign-in; until then the page knows it from the dialog.
  const [justSignedIn, setJustSignedIn] = useState(false);
  // Bumped after a sign-in from inside the viewer, so that it loads the paper again.
  const [generation, setGeneration] = useState(0);
  const signedIn = Boolean(user) || justSignedIn;
  const paper = route.target ? find(route.target.id) : null;
  const kind = route.target?.kind ?? "question";

  useEffect(() => prefetchViewerCodeWhenIdle(), []);
  // Opening the viewer right after sign-in is a navigation, which cancels the dialog's reload of the
  // page's data: reload it once the navigation is done, so that the header shows the new session.
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const reloaded = useRef(false);
  const opener = useRef<HTMLElement | null>(null);
  // Runs when the session changes, not on sign-in (still null until the reload): on sign-out.
  useEffect(() => {
    if (user) return;
    setJustSignedIn(false);
    reloaded.current = false;
  }, [user]);
  useEffect(() => {
    if (!justSignedIn || user || reloaded.current) return;
    if (navigation.state !== "idle" || revalidator.state !== "idle") return;
    reloaded.current = true;
    void revalidator.revalidate();
  }, [justSignedIn, user, navigation.state, revalidator]);

  /** For a link's onClick: opens the viewer in place (or the sign-in window first). */
  const openInPlace = (event: MouseEvent<HTMLAnchorElement>, target: ViewerPaper, fileKind: PaperFileKind) => {
    event.preventDefault();
    opener.current = event.currentTarget;
    const next = { id: target.id, kind: fileKind };
    if (signedIn) route.open(next);
    else setTapAuth({ kind: fileKind, title: viewerTitle(t, target, fileKind), url: "", target: next });
  };

  /** For 'Solution' links (target=_blank): signed in, the browser follows the link to a new window. */
  const solutionHref = (target: ViewerPaper) =>
    viewerHref(location.pathname, new URLSearchParams(location.search), { id: target.id, kind: "solution" });
  const onSolutionClick = (event: MouseEvent<HTMLAnchorElement>, target: ViewerPaper) => {
    if (signedIn) return;
    event.preventDefault();
    setTapAuth({
      kind: "solution",
      title: viewerTitle(t, target, "solution"),
      url: solutionHref(target),
      newTab: true,
    });
  };

  // A `?paper=` link opened by an anonymous visitor: the sign-in window, for that paper.
  const linkAuth: AuthRequest | null =
    route.target && paper && !signedIn ? { kind, title: viewerTitle(t, paper, kind), url: "" } : null;
  const authRequest = tapAuth ?? linkAuth;
  const closeAuth = useCallback(() => {
    if (!tapAuth && linkAuth) route.close();
    setTapAuth(null);
  }, [tapAuth, linkAuth, route]);
  const onSignedIn = useCallback(() => {
    setJustSignedIn(true);
    setGeneration((n) => n + 1);
    if (tapAuth?.target) route.open(tapAuth.target);
    setTapAuth(null);
  }, [tapAuth, route]);
  const signInFromViewer = () => {
    if (paper) setTapAuth({ kind, title: viewerTitle(t, paper, kind), url: "" });
  };

  // Above the listing: a link to a paper that is not there, or the PDF itself for a browser without JavaScript.
  const notice: ReactNode = route.target ? (
    paper ? (
      <noscript>
        <p className="mx-auto mb-4 max-w-6xl px-4">
          <a
            href={
              signedIn
                ? kind === "solution" && paper.solutionUrl
                  ? paper.solutionUrl
                  : paper.questionUrl
                : `${path("/login")}?redirectTo=${encodeURIComponent(location.pathname + location.search)}`
            }
            className="font-semibold text-indigo-800 underline"
          >
            {signedIn
              ? t("viewer.noscript.open", { title: viewerTitle(t, paper, kind) })
              : t("viewer.noscript.signIn", { title: viewerTitle(t, paper, kind) })}
          </a>
        </p>
      </noscript>
    ) : (
      <MissingPaper onClose={route.close} />
    )
  ) : null;

  const layer: ReactNode = (
    <>
      <PaperViewer
        key={generation}
        returnFocus={opener.current}
        paper={signedIn ? paper : null}
        kind={kind}
        onKind={route.switchKind}
        onClose={route.close}
        onSignIn={signInFromViewer}
      />
      {authRequest ? (
        <Suspense fallback={null}>
          <AuthDialog request={authRequest} onClose={closeAuth} onSignedIn={onSignedIn} />
        </Suspense>
      ) : null}
    </>
  );
  return { openInPlace, solutionHref, onSolutionClick, notice, layer, signedIn };
}

function MissingPaper({ onClose }: { onClose: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="mx-auto mb-4 flex max-w-6xl items-start justify-between gap-3 px-4">
      <p className="flex-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
        {t("viewer.missing.text")}
      </p>
      <button
        type="button"
        onClick={onClose}
        className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
      >
        {t("viewer.missing.dismiss")}
      </button>
    </div>
  );
}
