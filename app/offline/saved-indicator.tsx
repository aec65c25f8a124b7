import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { PaperFileKind } from "../../domain/papers.ts";
import { parseSubjectPath } from "../../domain/subjects.ts";
import { useLocale, useT } from "../site/i18n";
import { useRootData } from "../site/root-data";
import type { ViewerPaper } from "../viewer/paper-viewer";
import type { SaveResult } from "./saved-store.client";

type State = "saving" | "saved" | "removed" | "tooBig" | "none";

const loadStore = () => import("./saved-papers.client");

/**
 * The open paper's "Saved for offline" bar (issue 16), under the viewer's title bar: once the paper's first page
 * is shown, a signed-in student's copy of the whole file is saved in the background (one GET of what they were
 * already given), with a Remove button and a link to My saved papers. Part of the viewer's lazy controls; the
 * saving code itself loads only then.
 */
export function SavedIndicator({
  paper,
  kind,
  url,
  ready,
}: {
  paper: ViewerPaper;
  kind: PaperFileKind;
  url: string;
  ready: boolean;
}) {
  const { user } = useRootData();
  const location = useLocation();
  const t = useT();
  const { path } = useLocale();
  const [state, setState] = useState<State>("saving");
  const [entryId, setEntryId] = useState<string | null>(null);
  const owner = user?.id ?? null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: saved once per opened file, not on every render of its page
  useEffect(() => {
    if (!ready || !owner) return;
    let current = true;
    const subject = parseSubjectPath(location.pathname)?.subject.key ?? null;
    const apply = (result: SaveResult) => {
      if (!current) return;
      if (result.status === "saved") {
        setEntryId(result.entry.id);
        setState("saved");
      } else setState(result.status === "tooBig" ? "tooBig" : "none");
    };
    const save = () =>
      loadStore()
        .then((store) =>
          store.savePaper({
            owner,
            paperId: paper.id,
            kind,
            title: paper.title,
            subject,
            paper: {
              title: paper.title,
              questionUrl: paper.questionUrl,
              solutionUrl: paper.solutionUrl,
              solutionLabel: paper.solutionLabel,
            },
            pageUrl: `${location.pathname}?paper=${paper.id}&kind=${kind}`,
            fileUrl: url,
          }),
        )
        .then(apply, () => current && setState("none"));
    // After the first page has been drawn, when the phone is idle: the viewer comes first.
    const idle = typeof window.requestIdleCallback === "function";
    const handle = idle ? window.requestIdleCallback(save, { timeout: 2000 }) : window.setTimeout(save, 200);
    return () => {
      current = false;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    };
  }, [ready, owner, url]);

  // Removed elsewhere (My saved papers behind the viewer, another tab): say so here too.
  useEffect(() => {
    if (!entryId) return;
    let unsubscribe = () => {};
    let current = true;
    void loadStore().then((store) => {
      if (!current) return;
      unsubscribe = store.onSavedChange(() => {
        void store.isSaved(url).then((entry) => {
          if (current && !entry) setState((s) => (s === "saved" ? "removed" : s));
        });
      });
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [entryId, url]);

  if (!owner || state === "none") return null;
  const remove = () => {
    if (!entryId) return;
    void loadStore()
      .then((store) => store.removeSaved(entryId))
      .then(() => setState("removed"));
  };
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-600 bg-slate-900 px-3 py-1 text-sm">
      <p role="status" className={state === "saved" ? "font-semibold text-green-300" : "text-slate-200"}>
        {state === "saving" ? t("viewer.saved.saving") : null}
        {state === "saved" ? `✓ ${t("viewer.saved.badge")}` : null}
        {state === "removed" ? t("viewer.saved.removed") : null}
        {state === "tooBig" ? t("viewer.saved.tooBig") : null}
      </p>
      {state === "saved" ? (
        <button
          type="button"
          onClick={remove}
          aria-label={t("viewer.saved.removeLabel", { title: paper.title })}
          className="inline-flex min-h-8 items-center rounded-lg border border-slate-500 px-2 font-semibold hover:bg-slate-700"
        >
          {t("viewer.saved.remove")}
        </button>
      ) : null}
      {state === "saving" ? null : (
        // A document load, not a client navigation: offline, the kept copy of the list opens.
        <a href={path("/saved")} className="inline-flex min-h-8 items-center font-semibold text-amber-300 underline">
          {t("viewer.saved.list")}
        </a>
      )}
    </div>
  );
}
