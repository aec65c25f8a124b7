import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { formatNumber, type Locale } from "../../domain/i18n.ts";
import { formatCountdown, type ItemStatus, WARNING_LEFT_MS } from "../../domain/practice.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { type Translate, useLocale, useT } from "../site/i18n";
import type { PracticePageData } from "./practice.server";
import { usePracticeSync } from "./practice-sync";

/** "1:05:09" as a clock shows it (digits 0-9 in both languages, decision 011). */
function countdownIn(locale: Locale, ms: number): string {
  return formatCountdown(ms).replace(/\d/g, (digit) => formatNumber(locale, Number(digit)));
}

/** India has one time zone and no summer time: the board's clock is UTC + 5:30. */
const IST_OFFSET_MS = 330 * 60_000;

/**
 * The clock time at which writing ends, in India's time: "4:15 pm", "दुपारी ४:१५". Written from the
 * catalog rather than by Intl, so that Marathi says the part of the day as people say it, and the server's
 * and the browser's text are the same.
 */
function clockIn(t: Translate, locale: Locale, at: number): string {
  const ist = new Date(at + IST_OFFSET_MS);
  const hours = ist.getUTCHours();
  const period =
    hours < 4
      ? "lateNight"
      : hours < 6
        ? "dawn"
        : hours < 12
          ? "morning"
          : hours < 16
            ? "afternoon"
            : hours < 20
              ? "evening"
              : "night";
  return t("practice.writing.clock", {
    hour: formatNumber(locale, hours % 12 || 12),
    minute: formatNumber(locale, ist.getUTCMinutes(), { minimumIntegerDigits: 2 }),
    period,
  });
}

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
  const t = useT();
  const { locale } = useLocale();

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
  const endsAt = clockIn(t, locale, deadline);

  return (
    <div className="mx-auto max-w-4xl px-4 pb-10">
      <div
        className={`sticky top-14 z-20 -mx-4 mb-4 flex flex-wrap items-center justify-between gap-2 border-b px-4 py-2 ${
          warning ? "border-amber-400 bg-amber-100" : "border-slate-200 bg-white"
        }`}
        data-testid="practice-bar"
      >
        <p className="flex items-baseline gap-2">
          <span className="text-sm text-slate-700">{t("practice.writing.timeLeft")}</span>
          <span
            role="timer"
            aria-label={t("practice.writing.timeLeft")}
            className="font-mono text-2xl font-bold tabular-nums text-slate-900"
            data-testid="countdown"
          >
            {countdownIn(locale, left)}
          </span>
        </p>
        <p className="text-sm text-slate-700">
          <span data-testid="attempted-count">{formatNumber(locale, counts.attempted)}</span>{" "}
          {t("practice.writing.attempted", { count: counts.attempted })} ·{" "}
          <span data-testid="skipped-count">{formatNumber(locale, counts.skipped)}</span>{" "}
          {t("practice.writing.skipped", { count: counts.skipped })}
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
            {t("practice.writing.finish")}
          </button>
        </Form>
      </div>
      {warning ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-amber-400 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          {t("practice.writing.warning", { minutes: WARNING_LEFT_MS / 60_000 })}
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
            {t("practice.writing.confirmTitle")}
          </p>
          <p id="finish-text" className="mt-1 text-sm text-slate-800">
            {t("practice.writing.confirmText")}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => fetcher.submit({ intent: "finish-writing" }, { method: "post" })}
              disabled={fetcher.state !== "idle"}
              className="rounded-lg bg-indigo-700 px-4 py-2 text-sm font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
            >
              {fetcher.state === "idle" ? t("practice.writing.confirmYes") : t("practice.writing.finishing")}
            </button>
            <button
              type="button"
              // biome-ignore lint/a11y/noAutofocus: the question the dialog asks needs the focus
              autoFocus
              onClick={() => setConfirming(false)}
              className="rounded-lg border border-slate-400 bg-white px-4 py-2 text-sm font-semibold text-slate-900"
            >
              {t("practice.writing.keepWriting")}
            </button>
          </div>
        </div>
      ) : null}
      <header className="mb-6">
        <h1 className="text-2xl font-bold text-indigo-900" lang={view.language}>
          {view.title}
        </h1>
        <p className="mt-1 text-sm text-slate-700">
          {t("practice.writing.summary", { marks: view.marks, time: endsAt })}
        </p>
        {sync.state === "offline" ? (
          <p className="mt-2 text-sm text-amber-900">{t("practice.writing.offline")}</p>
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
  const t = useT();
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
      {button("attempted", t("practice.writing.statusAttempted"), "border-green-700 bg-green-700 text-white")}
      {button("skipped", t("practice.writing.statusSkipped"), "border-slate-700 bg-slate-700 text-white")}
    </div>
  );
}
