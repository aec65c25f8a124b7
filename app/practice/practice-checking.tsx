import { useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatNumber } from "../../domain/i18n.ts";
import { type MarkableItem, scoreAttempt } from "../../domain/practice.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { useLocale, useT } from "../site/i18n";
import type { PracticePageData } from "./practice.server";
import { usePracticeSync } from "./practice-sync";

/** 0, 0.5, 1 … up to the item's maximum, in the item's steps. */
function markOptions(item: MarkableItem): number[] {
  const options: number[] = [];
  for (let value = 0; value <= item.max + 1e-9; value += item.step) options.push(Math.round(value * 2) / 2);
  return options;
}

/**
 * The checking: every question beside its model answer and marking points (side by side from 1024 px,
 * one after the other on a phone), a marks box per item, the choice rules applied as the student marks,
 * and 'See my result'. Each mark is kept on the device and sent at once (usePracticeSync). Without
 * JavaScript the marks boxes are one form, posted with 'See my result'.
 */
export function PracticeChecking({ data }: { data: PracticePageData }) {
  const { attempt, view, sections } = data;
  const sync = usePracticeSync(attempt.id, { marks: attempt.marks, statuses: attempt.statuses });
  const fetcher = useFetcher();
  const t = useT();
  const { locale } = useLocale();
  // Marks as the page's language writes them: "3.5" (half marks at most, so one decimal).
  const number = (value: number) => formatNumber(locale, value, { maximumFractionDigits: 1 });
  // The marks could not be sent before scoring: told in the page's language.
  const [problem, setProblem] = useState(false);
  const items = useMemo(() => new Map(sections.flatMap((s) => s.items).map((item) => [item.id, item])), [sections]);
  const score = scoreAttempt(sections, sync.marks);
  const counted = new Set(score.counted);
  const unmarked = [...items.keys()].filter((id) => sync.marks[id] === undefined).length;
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
        <ModelPaperBody
          view={view}
          answers="all"
          extras={{
            sideBySide: true,
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
            item: (view) => {
              const item = items.get(view.id);
              if (!item) return null;
              const value = sync.marks[item.id];
              const section = sectionOf(item.question, item.section);
              const choice = section && section.attempt < section.items.length;
              return (
                <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-indigo-200 bg-indigo-50 p-3">
                  <label className="font-semibold text-slate-900" htmlFor={`mark-${item.id}`}>
                    {t("practice.checking.yourMarks")}
                  </label>
                  <select
                    id={`mark-${item.id}`}
                    name={`mark:${item.id}`}
                    value={value === undefined ? "" : String(value)}
                    onChange={(event) =>
                      sync.setMark(item.id, event.target.value === "" ? null : Number(event.target.value))
                    }
                    className="rounded-md border border-slate-400 bg-white px-3 py-2 text-base"
                  >
                    <option value="">{t("practice.checking.notMarked")}</option>
                    {markOptions(item).map((option) => (
                      <option key={option} value={String(option)}>
                        {number(option)}
                      </option>
                    ))}
                  </select>
                  <span className="text-sm text-slate-700">
                    {t("practice.checking.outOf", { max: number(item.max) })}
                  </span>
                  {choice && value !== undefined ? (
                    <span
                      className={`text-sm font-semibold ${counted.has(item.id) ? "text-green-800" : "text-slate-600"}`}
                    >
                      {counted.has(item.id) ? t("practice.checking.counts") : t("practice.checking.notCounted")}
                    </span>
                  ) : null}
                </div>
              );
            },
          }}
        />
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
          {unmarked > 0 ? (
            <p className="mb-3 text-sm text-slate-800">{t("practice.checking.unmarked", { count: unmarked })}</p>
          ) : null}
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
