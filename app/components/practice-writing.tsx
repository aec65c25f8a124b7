import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatCountdown, type ItemStatus, WARNING_LEFT_MS } from "../../domain/practice.ts";
import type { PracticePageData } from "../lib/practice.server";
import { usePracticeSync } from "../lib/practice-sync";
import { ModelPaperBody } from "./model-paper-view";

/**
 * The writing phase: the paper without answers, a countdown that stays in view, attempted/skipped per
 * item, and Finish (confirmed). The clock is the server's: its deadline, corrected by the difference
 * between the server's clock and this device's, so a wrong phone clock does not change the time left.
 */
export function PracticeWriting({ data }: { data: PracticePageData }) {
  const { attempt, view } = data;
  const deadline = Date.parse(attempt.deadline_at);
  const serverNow = Date.parse(attempt.server_now);
  const [left, setLeft] = useState(deadline - serverNow);
  const [confirming, setConfirming] = useState(false);
  const fetcher = useFetcher();
  const ended = useRef(false);
  // Attempted/skipped need JavaScript: without it they are not shown, rather than shown and dead.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const sync = usePracticeSync(attempt.id, { marks: attempt.marks, statuses: attempt.statuses });

  useEffect(() => {
    // The server's clock minus this device's, taken when the page came: the countdown follows the server.
    const offset = serverNow - Date.now();
    const tick = () => {
      const now = Date.now() + offset;
      setLeft(deadline - now);
      if (now >= deadline && !ended.current) {
        ended.current = true;
        // Time up: the writing ends; the page reloads its data and shows the checking.
        fetcher.submit({ intent: "finish-writing" }, { method: "post" });
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [deadline, serverNow, fetcher.submit]);

  const warning = left <= WARNING_LEFT_MS && left > 0;
  const statuses = Object.values(sync.statuses);
  const counts: Record<ItemStatus, number> = {
    attempted: statuses.filter((s) => s === "attempted").length,
    skipped: statuses.filter((s) => s === "skipped").length,
  };
  const endsAt = new Date(deadline).toLocaleTimeString("en-IN", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: "Asia/Kolkata",
  });

  return (
    <div className="mx-auto max-w-4xl px-4 pb-10">
      <div
        className={`sticky top-14 z-20 -mx-4 mb-4 flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2 ${
          warning ? "border-amber-400 bg-amber-100" : "border-slate-200 bg-white"
        }`}
        data-testid="practice-bar"
      >
        <p className="flex items-baseline gap-2">
          <span className="text-sm text-slate-700">Time left</span>
          <span
            role="timer"
            aria-label="Time left"
            className="font-mono text-2xl font-bold tabular-nums text-slate-900"
            data-testid="countdown"
          >
            {formatCountdown(left)}
          </span>
        </p>
        <p className="text-sm text-slate-700">
          <span data-testid="attempted-count">{counts.attempted}</span> attempted ·{" "}
          <span data-testid="skipped-count">{counts.skipped}</span> skipped
        </p>
        <Form
          method="post"
          onSubmit={(event) => {
            // With JavaScript, Finish asks first; without it, the button is the confirmation.
            event.preventDefault();
            setConfirming(true);
          }}
        >
          <input type="hidden" name="intent" value="finish-writing" />
          <button
            type="submit"
            className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800"
          >
            Finish
          </button>
        </Form>
      </div>
      {warning ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          10 minutes left. Finish your answer and check your paper.
        </p>
      ) : null}
      {confirming ? (
        <div
          role="alertdialog"
          aria-labelledby="finish-title"
          aria-describedby="finish-text"
          className="mb-4 rounded-lg border border-indigo-300 bg-indigo-50 p-4"
        >
          <p id="finish-title" className="font-semibold text-indigo-950">
            Finish writing now?
          </p>
          <p id="finish-text" className="mt-1 text-sm text-slate-800">
            You will check your answers against the model answers next. You cannot go back to writing.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => fetcher.submit({ intent: "finish-writing" }, { method: "post" })}
              disabled={fetcher.state !== "idle"}
              className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
            >
              {fetcher.state === "idle" ? "Yes, finish" : "Finishing…"}
            </button>
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: the question the dialog asks needs the focus
              autoFocus
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900"
            >
              Keep writing
            </button>
          </div>
        </div>
      ) : null}
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-indigo-900" lang={view.language}>
          {view.title}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {view.marks} marks · time ends at {endsAt}. Write your answers on paper.
        </p>
        {sync.state === "offline" ? (
          <p className="mt-2 text-sm text-amber-900">
            You are offline. What you mark is kept on this phone and sent when you are back online.
          </p>
        ) : null}
      </header>
      <ModelPaperBody
        view={view}
        answers="none"
        extras={{
          item: (item) =>
            hydrated ? (
              <StatusButtons status={sync.statuses[item.id]} onChange={(s) => sync.setStatus(item.id, s)} />
            ) : null,
        }}
      />
    </div>
  );
}

function StatusButtons({
  status,
  onChange,
}: {
  status: ItemStatus | undefined;
  onChange: (status: ItemStatus | null) => void;
}) {
  const button = (value: ItemStatus, label: string, on: string) => (
    <button
      type="button"
      aria-pressed={status === value}
      onClick={() => onChange(status === value ? null : value)}
      className={`rounded-md border px-3 py-1 text-sm font-semibold ${
        status === value ? on : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50"
      }`}
    >
      {label}
    </button>
  );
  return (
    <div className="mt-3 flex gap-2">
      {button("attempted", "Attempted", "border-green-700 bg-green-700 text-white")}
      {button("skipped", "Skipped", "border-slate-700 bg-slate-700 text-white")}
    </div>
  );
}
