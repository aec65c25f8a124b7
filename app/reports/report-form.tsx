import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatNumber, type Locale } from "../../domain/i18n.ts";
import { useApiMessage } from "../site/api";
import { useLocale, useT } from "../site/i18n";
import { useSubjectName } from "../site/subject-name";
import { LABEL_CLASS } from "../site/field-styles";

/**
 * The fields' look, as the sign-in card's (form-fields.tsx). Not imported from there: a second page importing
 * that module would split it out of the login page's chunk, a request and bytes on the login page's first load.
 */
const FIELD_CLASS =
  "w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 outline-none focus:border-indigo-700 focus:ring-2 focus:ring-indigo-200 aria-[invalid=true]:border-red-600";

/** A field's message (the API's English, shown in the page's language). */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const apiMessage = useApiMessage();
  return message ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {apiMessage(message)}
    </p>
  ) : null;
}

/** The paper a report is about, as the report page shows it (from the page's loader). */
export interface ReportPaper {
  id: string;
  kind: "official" | "sample" | "model";
  subject: { name: string; nameMr: string; path: string };
  year: number | null;
  session: "march" | "july" | null;
  /** Model papers: their own title, in the paper's language. */
  title: string | null;
  language: string | null;
  /** The page where students see the paper (English path). */
  url: string;
  /** Model papers: their questions, as a report names them (`label`) and in parts for the page to print. */
  questions: { label: string; question: string; section: string; item: string }[] | null;
}

/** What the form action answers: the thank-you, or what to fix (English messages, shown translated). */
export type ReportFormResult =
  | { sent: true }
  | { sent: false; message: string; errors: Record<string, string>; values: Record<string, string> };

type Failed = Extract<ReportFormResult, { sent: false }>;

function PaperSummary({ paper }: { paper: ReportPaper }) {
  const t = useT();
  const subjectName = useSubjectName();
  const title =
    paper.title ??
    t("report.paperTitle", {
      subject: subjectName(paper.subject),
      session: t(`report.session.${paper.session ?? "march"}`),
      year: paper.year ?? "",
    });
  return (
    <section aria-labelledby="report-paper" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="report-paper" className="text-sm font-semibold text-slate-700">
        {t("report.about")}
      </h2>
      <p
        className="mt-1 text-lg font-semibold text-slate-900"
        lang={paper.title ? (paper.language ?? undefined) : undefined}
      >
        {title}
      </p>
      <p className="text-sm text-slate-700">{t(`report.kind.${paper.kind}`)}</p>
    </section>
  );
}

/** `{used} of {max} characters`, once the page's script runs (before that the count could not follow typing). */
function CharacterCount({ id, used, max, locale }: { id: string; used: number; max: number; locale: Locale }) {
  const t = useT();
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return null;
  return (
    <p id={id} className={`mt-1 text-sm ${used >= max ? "font-semibold text-red-700" : "text-slate-700"}`}>
      {t("report.count", { used: formatNumber(locale, used), max: formatNumber(locale, max) })}
    </p>
  );
}

export function ReportForm({
  paper,
  question,
  reasons,
  max,
  signedIn,
  result,
}: {
  paper: ReportPaper;
  /** The question the link named, chosen already. */
  question: string;
  reasons: readonly string[];
  max: number;
  signedIn: boolean;
  result: Failed | null;
}) {
  const t = useT();
  const { locale } = useLocale();
  const apiMessage = useApiMessage();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const [used, setUsed] = useState((values.message ?? "").length);
  const alert = useRef<HTMLDivElement>(null);
  // A refused report (a field, the limit, the paper gone): the message is read out where the student is.
  useEffect(() => {
    if (result) alert.current?.focus();
  }, [result]);
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(" ") || undefined;
  return (
    <>
      <PaperSummary paper={paper} />
      {result ? (
        <div
          ref={alert}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 font-medium text-red-800"
        >
          {errors.reason || errors.message || errors.question ? t("api.auth.fixErrors") : apiMessage(result.message)}
        </div>
      ) : null}
      <Form method="post" className="mt-5 space-y-5" noValidate>
        <input type="hidden" name="paper_id" value={paper.id} />
        <fieldset aria-describedby={errors.reason ? "report-reason-error" : undefined}>
          <legend className={LABEL_CLASS}>{t("report.reasonLegend")}</legend>
          <div className="mt-1 grid gap-2">
            {reasons.map((reason) => (
              <label
                key={reason}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 bg-white px-3 py-2 has-checked:border-indigo-700 has-checked:bg-indigo-50"
              >
                <input
                  type="radio"
                  name="reason"
                  value={reason}
                  defaultChecked={values.reason === reason}
                  required
                  aria-invalid={errors.reason ? true : undefined}
                  className="size-4 accent-indigo-700"
                />
                <span>{t(`report.reason.${reason.replace("-", "_")}`)}</span>
              </label>
            ))}
          </div>
          <FieldError id="report-reason-error" message={errors.reason} />
        </fieldset>
        {paper.questions ? (
          <div>
            <label htmlFor="report-question" className={LABEL_CLASS}>
              {t("report.question")}
            </label>
            <select
              id="report-question"
              name="question"
              defaultValue={values.question ?? question}
              aria-invalid={errors.question ? true : undefined}
              aria-describedby={errors.question ? "report-question-error" : undefined}
              className={FIELD_CLASS}
            >
              <option value="">{t("report.wholePaper")}</option>
              {paper.questions.map((q) => (
                <option key={q.label} value={q.label}>
                  {t("report.questionOption", { question: q.question, part: q.section || "none", item: q.item })}
                </option>
              ))}
            </select>
            <FieldError id="report-question-error" message={errors.question} />
          </div>
        ) : null}
        <div>
          <label htmlFor="report-message" className={LABEL_CLASS}>
            {t("report.message")}
          </label>
          <p id="report-message-hint" className="mb-1 text-sm text-slate-700">
            {t("report.messageHint", { max: formatNumber(locale, max) })}
          </p>
          <textarea
            id="report-message"
            name="message"
            rows={5}
            maxLength={max}
            defaultValue={values.message ?? ""}
            onChange={(event) => setUsed(event.target.value.length)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={describedBy(
              "report-message-hint",
              "report-message-count",
              !!errors.message && "report-message-error",
            )}
            className={FIELD_CLASS}
          />
          <CharacterCount id="report-message-count" used={used} max={max} locale={locale} />
          <FieldError id="report-message-error" message={errors.message} />
        </div>
        <p className="text-sm text-slate-700">{signedIn ? t("report.signedIn") : t("report.anonymous")}</p>
        <button
          type="submit"
          disabled={sending}
          className="w-full rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:opacity-70 sm:w-auto"
        >
          {sending ? t("report.sending") : t("report.submit")}
        </button>
      </Form>
    </>
  );
}

/** After a report: thanks, and the way back to the paper. Nothing the student typed is shown again. */
export function ReportThanks({ paper }: { paper: ReportPaper }) {
  const t = useT();
  const { path } = useLocale();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the student was in is gone: focus the news, so that a screen reader reads it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <PaperSummary paper={paper} />
      <div role="status" className="mt-5 rounded-xl border border-green-300 bg-green-50 p-5 text-green-950">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold outline-none">
          {t("report.thanksTitle")}
        </h2>
        <p className="mt-1">{t("report.thanksText")}</p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href={path(paper.url)}
            className="rounded-lg bg-indigo-700 px-5 py-2 font-semibold text-white hover:bg-indigo-800"
          >
            {t("report.back")}
          </a>
          <a
            href={path(`/report?paper=${paper.id}`)}
            className="rounded-lg border border-indigo-700 px-5 py-2 font-semibold text-indigo-800 hover:bg-indigo-50"
          >
            {t("report.another")}
          </a>
        </div>
      </div>
    </>
  );
}
