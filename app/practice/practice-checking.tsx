import { useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatNumber } from "../../domain/i18n.ts";
import { markFromPoints, scoreAttempt } from "../../domain/practice.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { useLocale, useT } from "../site/i18n";
import type { PracticePageData } from "./practice.server";
import { usePracticeSync } from "./practice-sync";

/**
 * The checking: every question beside its model answer (side by side from 1024 px, one after the other on a
 * phone), its marking points as ticks (issue 27: the item's mark is the sum of the points ticked), the choice
 * rules applied as the student ticks, and 'See my result'. Each tick is kept on the device and sent at once
 * (usePracticeSync). Without JavaScript the ticks are one form (`point:<item id>` = the point's index), posted
 * with 'See my result'.
 */
export function PracticeChecking({ data }: { data: PracticePageData }) {
  const { attempt, view, sections } = data;
  const items = useMemo(() => new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item])), [sections]);
  const sync = usePracticeSync(attempt.id, attempt, (id, ticked) => {
    const item = items.get(id);
    return item ? markFromPoints(item, ticked) : 0;
  });
  const fetcher = useFetcher();
  const t = useT();
  const { locale } = useLocale();
  // Marks as the page's language writes them: "3.5" (half marks at most, so one decimal).
  const number = (value: number) => formatNumber(locale, value, { maximumFractionDigits: 1 });
  // The marks could not be sent before scoring: told in the page's language.
  const [problem, setProblem] = useState(false);
  const score = scoreAttempt(sections, sync.marks);
  const counted = new Set(score.counted);
  const unmarked = [...items.keys()].filter((id) => sync.marks[id] === undefined).length;
  // Full marks on every item, choices included: a gentle word on honest self-marking (issue 27). The model answers
  // are open beside the questions on this page, so there is no "never looked" to tell apart.
  const allFull = [...items.values()].every((item) => (sync.marks[item.id] ?? 0) >= item.max);
  const sectionOf = (question: string, label: string) =>
    sections.find((s) => s.question === question && s.label === label);

  return (
    <div className="mx-auto max-w-6xl px-4 pb-10">
      <div
        className="sticky top-14 z-20 -mx-4 mb-4 flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 bg-white px-4 py-2"
        data-testid="practice-bar"
      >
        <p className="text-sm text-slate-700">
          {t("practice.checking.scoreSoFar")}{" "}
          <span className="text-xl font-bold text-slate-900" data-testid="live-score">
            {number(score.scored)} / {number(score.max)}
          </span>
        </p>
        <p className="text-sm" role="status" data-testid="save-state">
          {sync.state === "offline"
            ? t("practice.checking.offline", { count: sync.pending })
            : sync.state === "saving"
              ? t("practice.checking.saving")
              : sync.state === "ended"
                ? t("practice.checking.ended")
                : t("practice.checking.saved")}
        </p>
      </div>
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-indigo-900">
          {t("practice.checking.heading")} <span lang={view.language}>{view.title}</span>
        </h1>
        <p className="mt-1 text-slate-700">{t("practice.checking.intro")}</p>
      </header>
      <Form
        method="post"
        onSubmit={async (event) => {
          event.preventDefault();
          setProblem(false);
          // Every mark must be on the server before it scores them.
          if (!(await sync.flush())) {
            setProblem(true);
            return;
          }
          fetcher.submit({ intent: "finish" }, { method: "post" });
        }}
      >
        <input type="hidden" name="intent" value="finish" />
        <input type="hidden" name="marking" value="points" />
        <ModelPaperBody
          view={view}
          answers="all"
          extras={{
            sideBySide: true,
            hideMarking: true,
            section: (section) => {
              const markable = sectionOf(section.items[0] ? questionOf(data, section.items[0].id) : "", section.label);
              if (!markable || markable.attempt >= markable.items.length) return null;
              return (
                <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
                  {t("practice.checking.choice", {
                    attempt: number(markable.attempt),
                    of: number(markable.items.length),
                  })}
                </p>
              );
            },
            item: (itemView) => {
              const item = items.get(itemView.id);
              if (!item) return null;
              const value = sync.marks[item.id];
              const ticked = new Set(sync.points[item.id] ?? []);
              const section = sectionOf(item.question, item.section);
              const choice = section && section.attempt < section.items.length;
              return (
                <fieldset className="mt-3 rounded-md border border-indigo-200 bg-indigo-50 p-3">
                  {/* Floated, the legend sits inside the box (not on its border) and can lay out as a row. */}
                  <legend className="float-left flex w-full flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                    <span className="font-semibold text-slate-900">{t("practice.checking.tickPoints")}</span>
                    <span className="text-sm text-slate-700">
                      {t("practice.checking.yourMarks")}{" "}
                      <span className="text-lg font-bold text-slate-900" data-testid={`item-mark-${item.id}`}>
                        {number(value ?? 0)} / {number(item.max)}
                      </span>
                    </span>
                  </legend>
                  <ul className="clear-both space-y-2 pt-2">
                    {itemView.marking.map((point, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the points are fixed; the index is what is stored
                      <li key={index}>
                        <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-checked:border-green-700 has-checked:bg-green-50">
                          <input
                            type="checkbox"
                            name={`point:${item.id}`}
                            value={index}
                            checked={ticked.has(index)}
                            onChange={(event) => {
                              const next = new Set(ticked);
                              if (event.target.checked) next.add(index);
                              else next.delete(index);
                              sync.setPoints(
                                item.id,
                                [...next].sort((a, b) => a - b),
                              );
                            }}
                            className="size-5 shrink-0 accent-green-700"
                          />
                          <span className="min-w-0 flex-1">
                            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server from our content files */}
                            <span dangerouslySetInnerHTML={{ __html: point.pointHtml }} />{" "}
                            <span className="whitespace-nowrap font-semibold">({number(point.marks)})</span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                  {choice && value !== undefined ? (
                    <p
                      className={`mt-2 text-sm font-semibold ${counted.has(item.id) ? "text-green-800" : "text-slate-600"}`}
                    >
                      {counted.has(item.id) ? t("practice.checking.counts") : t("practice.checking.notCounted")}
                    </p>
                  ) : null}
                </fieldset>
              );
            },
          }}
        />
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
          {unmarked > 0 ? (
            <p className="mb-3 text-sm text-slate-800">{t("practice.checking.unmarked", { count: unmarked })}</p>
          ) : null}
          <div role="status">
            {allFull ? (
              <p className="mb-3 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-950" data-testid="honesty-note">
                {t("practice.checking.honest")}
              </p>
            ) : null}
          </div>
          {problem ? (
            <p role="alert" className="mb-3 font-semibold text-red-800">
              {t("practice.checking.notSent")}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            {fetcher.state === "idle" ? t("practice.checking.seeResult") : t("practice.checking.working")}
          </button>
        </div>
      </Form>
    </div>
  );
}

/** The question number of an item, from the markable sections. */
function questionOf(data: PracticePageData, itemId: string): string {
  return data.sections.find((s) => s.items.some((i) => i.id === itemId))?.question ?? "";
}
