import { useCallback, useEffect, useRef, useState } from "react";
import { formatDay, formatNumber, type Locale } from "../../domain/i18n.ts";
import { subjectByKey } from "../../domain/subjects.ts";
import type { SavedPaper } from "../offline/saved-records.client";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, type Translate, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useRootData } from "../site/root-data";
import { useSubjectName } from "../site/subject-name";
import type { ViewerPaper } from "../viewer/paper-viewer";
import { usePaperViewer } from "../viewer/paper-viewer-layer";
import { keepDataWhenOnlyViewerChanges } from "../viewer/viewer-route";
import type { Route } from "./+types/saved";

export const shouldRevalidate = keepDataWhenOnlyViewerChanges;

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("offline.saved.metaTitle"),
    description: t("offline.saved.metaDescription"),
    path: "/saved",
    matches,
    noindex: true,
  });
}

const loadStore = () => import("../offline/saved-papers.client");

type ListState =
  | { kind: "loading" }
  | { kind: "unsupported" }
  | { kind: "ready"; entries: SavedPaper[]; used: number; limit: number };

/** "12.3 MB" / "850 KB", as the page's language writes numbers. */
function sizeText(t: Translate, locale: Locale, bytes: number): string {
  if (bytes > 0 && bytes < 1024 * 1024) {
    return t("offline.saved.kb", { size: formatNumber(locale, Math.max(1, Math.round(bytes / 1024))) });
  }
  return t("offline.saved.mb", { size: formatNumber(locale, bytes / (1024 * 1024), { maximumFractionDigits: 1 }) });
}

/** A saved PDF as the viewer opens it: the paper as it was listed where it was first opened. */
function viewerPaperOf(saved: SavedPaper): ViewerPaper | null {
  if (!saved.paper) return null;
  const paper: ViewerPaper = { id: saved.paperId, title: saved.paper.title, questionUrl: saved.paper.questionUrl };
  if (saved.paper.solutionUrl) paper.solutionUrl = saved.paper.solutionUrl;
  if (saved.paper.solutionLabel) paper.solutionLabel = saved.paper.solutionLabel;
  return paper;
}

/** The calendar day of a moment, on this device's clock: YYYY-MM-DD. */
function localDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * My saved papers (issue 16): the papers this device keeps for offline reading. The server renders the frame;
 * the list lives in the browser (IndexedDB), so it is read there, and a copy of this page is kept with the
 * papers so that it opens with no signal. PDFs open in the viewer on this page (`?paper=&kind=`), model papers'
 * pages by a plain link (their kept copy answers a document load offline).
 */
export default function SavedPage() {
  const t = useT();
  const { locale, path } = useLocale();
  const { user } = useRootData();
  const subjectName = useSubjectName();
  const [list, setList] = useState<ListState>({ kind: "loading" });
  const [message, setMessage] = useState("");
  const [confirmAll, setConfirmAll] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelAll = useRef<HTMLButtonElement>(null);
  // The "Remove all" button goes when its question shows: focus moves to the safe answer.
  useEffect(() => {
    if (confirmAll) cancelAll.current?.focus();
  }, [confirmAll]);

  const refresh = useCallback(async () => {
    const store = await loadStore();
    if (!store.offlineSupported()) {
      setList({ kind: "unsupported" });
      return;
    }
    const [entries, { used, limit }] = await Promise.all([store.listSaved(), store.usage()]);
    // Another student's papers are never listed: the start-up check clears them, this makes sure meanwhile.
    setList({ kind: "ready", entries: entries.filter((e) => e.owner === user?.id), used, limit });
  }, [user?.id]);

  useEffect(() => {
    let unsubscribe = () => {};
    let current = true;
    void refresh().catch(() => current && setList({ kind: "unsupported" }));
    void loadStore().then((store) => {
      if (!current) return;
      unsubscribe = store.onSavedChange(() => void refresh().catch(() => {}));
      // Online and signed in: this page's copy for offline use is brought up to date with this build, and papers
      // an admin has retired since leave the list (onSavedChange refreshes it).
      if (user && navigator.onLine) {
        void store.keepSavedListPages(true);
        void store.forgetRetired();
      }
    });
    return () => {
      current = false;
      unsubscribe();
    };
  }, [refresh, user]);

  const entries = list.kind === "ready" ? list.entries : [];
  const viewer = usePaperViewer((id) => {
    const saved = entries.find((e) => e.paperId === id && e.paper);
    return saved ? viewerPaperOf(saved) : null;
  });

  const remove = async (entry: SavedPaper) => {
    const store = await loadStore();
    await store.removeSaved(entry.id);
    setMessage(t("offline.saved.removed", { title: entry.title }));
    heading.current?.focus();
  };
  const removeAll = async () => {
    const store = await loadStore();
    await store.removeAllSaved();
    setConfirmAll(false);
    setMessage(t("offline.saved.removedAll"));
    heading.current?.focus();
  };

  const loginHref = `${path("/login")}?redirectTo=${encodeURIComponent(path("/saved"))}`;
  return (
    <>
      <Breadcrumbs label={t("offline.saved.title")} path="/saved" />
      {list.kind === "ready" ? viewer.notice : null}
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-indigo-900 sm:text-3xl">
          {t("offline.saved.title")}
        </h1>
        <p className="mt-2 text-slate-700">{t("offline.saved.intro")}</p>
        <noscript>
          <p className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
            {t("offline.saved.noscript")}
          </p>
        </noscript>
        <p role="status" className="mt-3 text-sm font-semibold text-green-900 empty:hidden">
          {message}
        </p>
        {user ? null : (
          <div className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 p-5">
            <p className="text-indigo-950">{t("offline.saved.signedOut")}</p>
            <a
              href={loginHref}
              className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
            >
              {t("offline.saved.signIn")}
            </a>
          </div>
        )}
        {user && list.kind === "loading" ? (
          <p className="mt-6 text-slate-700" data-saved-loading="">
            {t("offline.saved.loading")}
          </p>
        ) : null}
        {user && list.kind === "unsupported" ? (
          <p className="mt-6 text-slate-800">{t("offline.saved.unsupported")}</p>
        ) : null}
        {user && list.kind === "ready" ? (
          <>
            <Usage used={list.used} limit={list.limit} />
            {list.entries.length === 0 ? (
              <div className="mt-6 rounded-xl border border-slate-200 bg-white p-5">
                <h2 className="font-semibold text-slate-900">{t("offline.saved.empty")}</h2>
                <p className="mt-2 text-slate-700">{t("offline.saved.emptyHow")}</p>
                <a
                  href={path("/")}
                  className="mt-4 inline-block rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
                >
                  {t("offline.saved.browse")}
                </a>
              </div>
            ) : (
              <section aria-labelledby="saved-list-title" className="mt-6">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h2 id="saved-list-title" className="text-lg font-bold text-slate-900">
                    {t("offline.saved.listTitle", { count: list.entries.length })}
                  </h2>
                  {confirmAll ? null : (
                    <button
                      type="button"
                      onClick={() => setConfirmAll(true)}
                      className="min-h-10 rounded-lg border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
                    >
                      {t("offline.saved.removeAll")}
                    </button>
                  )}
                </div>
                {confirmAll ? (
                  <div className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3">
                    <p id="remove-all-question" className="font-semibold text-red-900">
                      {t("offline.saved.removeAllConfirm")}
                    </p>
                    <div className="mt-3 flex flex-wrap gap-2">
                      <button
                        type="button"
                        onClick={() => void removeAll()}
                        className="min-h-10 rounded-lg bg-red-700 px-4 text-sm font-semibold text-white hover:bg-red-800"
                      >
                        {t("offline.saved.removeAllYes")}
                      </button>
                      <button
                        type="button"
                        ref={cancelAll}
                        onClick={() => setConfirmAll(false)}
                        className="min-h-10 rounded-lg border border-slate-400 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
                      >
                        {t("offline.saved.removeAllNo")}
                      </button>
                    </div>
                  </div>
                ) : null}
                <ul className="mt-3 grid gap-3">
                  {list.entries.map((entry) => (
                    <li
                      key={entry.id}
                      data-saved-id={entry.id}
                      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex sm:items-center sm:gap-4"
                    >
                      <div className="min-w-0 flex-1">
                        <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{entry.title}</h3>
                        <p className="mt-1 text-sm text-slate-700">
                          {[
                            entry.subject ? subjectName(subjectByKey(entry.subject)) : null,
                            t(`offline.saved.kind.${entry.kind}`),
                            sizeText(t, locale, entry.bytes),
                            t("offline.saved.savedOn", { date: formatDay(locale, localDay(entry.savedAt)) }),
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </p>
                      </div>
                      <div className="mt-3 flex gap-2 sm:mt-0">
                        <a
                          href={entry.kind === "page" ? entry.fileUrl : `?paper=${entry.paperId}&kind=${entry.kind}`}
                          onClick={(event) => {
                            const paper = viewerPaperOf(entry);
                            if (entry.kind !== "page" && paper) viewer.openInPlace(event, paper, entry.kind);
                          }}
                          className="inline-flex min-h-10 items-center rounded-lg bg-indigo-700 px-4 text-sm font-semibold text-white hover:bg-indigo-800"
                        >
                          {t("offline.saved.open")}
                          <span className="sr-only">: {entry.title}</span>
                        </a>
                        <button
                          type="button"
                          onClick={() => void remove(entry)}
                          className="inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-100"
                        >
                          {t("offline.saved.remove")}
                          <span className="sr-only">: {entry.title}</span>
                        </button>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <p className="mt-6 text-sm text-slate-700">{t("offline.saved.limitNote")}</p>
          </>
        ) : null}
      </div>
      {viewer.layer}
    </>
  );
}

/** "12.3 MB of 50 MB used", with a meter. */
function Usage({ used, limit }: { used: number; limit: number }) {
  const t = useT();
  const { locale } = useLocale();
  const text = t("offline.saved.usage", { used: sizeText(t, locale, used), limit: sizeText(t, locale, limit) });
  return (
    <div className="mt-6 max-w-md">
      <p id="saved-usage" className="text-sm font-semibold text-slate-800" data-testid="saved-usage">
        {text}
      </p>
      <meter aria-labelledby="saved-usage" min={0} max={limit} value={used} className="mt-1 h-3 w-full" />
    </div>
  );
}
