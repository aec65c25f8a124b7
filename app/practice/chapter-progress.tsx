import { formatNumber } from "../../domain/i18n.ts";
import type { ChapterProgressView } from "../../server/reviews/chapter-progress.server.ts";
import { useLocale, useT } from "../site/i18n";

/**
 * A subject's chapters on /progress (issue 27 §4): how much of the bank the student has met, their accuracy over
 * the last 30 days, what is due, and the chapters left alone for two weeks, each with a way back to it. Plain
 * links: it works without JavaScript. Open by itself when a chapter was left alone or has questions due.
 */
export function ChapterProgressList({ chapters }: { chapters: readonly ChapterProgressView[] }) {
  const t = useT();
  const { locale, path } = useLocale();
  if (chapters.length === 0) return null;
  const stale = chapters.filter((c) => c.stale).length;
  const percent = (value: number) => formatNumber(locale, value / 100, { style: "percent", maximumFractionDigits: 1 });
  return (
    <details className="mt-3" open={stale > 0 || chapters.some((c) => c.due > 0)}>
      <summary className="cursor-pointer py-2 text-sm font-semibold text-slate-900">
        {stale > 0 ? t("practice.progress.chaptersSummary", { count: stale }) : t("practice.progress.chaptersTitle")}
      </summary>
      <ul className="divide-y divide-slate-100 text-sm text-slate-800">
        {chapters.map((c) => (
          <li key={c.chapter} className="py-2" data-chapter={c.chapter}>
            <span className="font-medium text-slate-900">{c.name}</span>
            <span className="block text-slate-700">
              {t("practice.progress.chapterMet", {
                met: formatNumber(locale, c.met),
                items: formatNumber(locale, c.bank_items),
              })}
              {" · "}
              {c.accuracy === null
                ? t("practice.progress.chapterNoRecent")
                : t("practice.progress.chapterAccuracy", { percent: percent(c.accuracy) })}
              {c.due > 0 ? ` · ${t("practice.progress.chapterDue", { count: c.due })}` : ""}
            </span>
            {c.stale && c.days_since !== null ? (
              <span className="block font-semibold text-amber-800">
                {t("practice.progress.chapterStale", { days: c.days_since })}
              </span>
            ) : null}
            {c.stale || c.due > 0 ? (
              <span className="flex flex-wrap gap-x-4">
                {c.due > 0 ? (
                  <a href={path("/review")} className="inline-block py-2 font-semibold text-indigo-800 underline">
                    {t("practice.progress.chapterReview")}
                  </a>
                ) : null}
                <a href={path(c.practice_url)} className="inline-block py-2 font-semibold text-indigo-800 underline">
                  {t("practice.progress.chapterPractise")}
                </a>
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </details>
  );
}
