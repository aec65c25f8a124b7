import { useMemo, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatMarks, type MarkableItem, scoreAttempt } from "../../domain/practice.ts";
import type { PracticePageData } from "../lib/practice.server";
import { usePracticeSync } from "../lib/practice-sync";
import { ModelPaperBody } from "./model-paper-view";

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
  const [problem, setProblem] = useState<string | null>(null);
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
          Score so far{" "}
          <span className="text-xl font-bold text-slate-900" data-testid="live-score">
            {formatMarks(score.scored)} / {score.max}
          </span>
        </p>
        <p className="text-sm" role="status" data-testid="save-state">
          {sync.state === "offline"
            ? `Offline: ${sync.pending} change${sync.pending === 1 ? "" : "s"} kept on this device, sent when you are back online`
            : sync.state === "saving"
              ? "Saving…"
              : sync.state === "ended"
                ? "This attempt has ended elsewhere"
                : "All marks saved"}
        </p>
      </div>
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-indigo-900" lang={view.language}>
          Check your answers: {view.title}
        </h1>
        <p className="mt-1 text-slate-700">
          Compare your written answers with the model answers and give yourself marks for each question, as an examiner
          would, using the marking points. Where you may choose (for example, any 2 of 3), only your best ones count.
        </p>
      </header>
      <Form
        method="post"
        onSubmit={async (event) => {
          event.preventDefault();
          setProblem(null);
          // Every mark must be on the server before it scores them.
          if (!(await sync.flush())) {
            setProblem(
              "Your marks could not be sent. They are kept on this device; try again when you are back online.",
            );
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
                  Any {markable.attempt} of {markable.items.length}: only your best {markable.attempt} count.
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
                    Your marks
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
                    <option value="">Not marked</option>
                    {markOptions(item).map((option) => (
                      <option key={option} value={String(option)}>
                        {formatMarks(option)}
                      </option>
                    ))}
                  </select>
                  <span className="text-sm text-slate-700">out of {item.max}</span>
                  {choice && value !== undefined ? (
                    <span
                      className={`text-sm font-semibold ${counted.has(item.id) ? "text-green-800" : "text-slate-600"}`}
                    >
                      {counted.has(item.id) ? "Counts" : "Not counted: your best choices count"}
                    </span>
                  ) : null}
                </div>
              );
            },
          }}
        />
        <div className="mt-8 rounded-xl border border-slate-200 bg-white p-4">
          {unmarked > 0 ? (
            <p className="mb-3 text-sm text-slate-800">
              {unmarked} question{unmarked === 1 ? " has" : "s have"} no marks yet;{" "}
              {unmarked === 1 ? "it counts" : "they count"} as 0.
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="mb-3 font-semibold text-red-800">
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            disabled={fetcher.state !== "idle"}
            className="rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
          >
            {fetcher.state === "idle" ? "See my result" : "Working out your result…"}
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
