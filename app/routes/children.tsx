import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { formatNumber, type Locale } from "../../domain/i18n.ts";
import { type SubjectKey, subjectByKey } from "../../domain/subjects.ts";
import { childrenAction, childrenLoader, PARENT_PAGE_HEADERS, type WithdrawResult } from "../auth/consent.server";
import { FieldError, PasswordField } from "../auth/form-fields";
import { useApiMessage } from "../site/api";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import type { Route } from "./+types/children";

/**
 * A parent's view (issue 26, decision 028): each child whose consent this account gave, with the progress summary
 * the student's own /progress shows (papers practised, scores, chapters to work on), and withdrawal of consent,
 * which deletes the child's account. Rendered on the server; the form works without JavaScript.
 */
export function loader({ context, url }: Route.LoaderArgs) {
  return childrenLoader(context, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return childrenAction(context, request, url);
}

export function headers() {
  return PARENT_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("account.children.metaTitle"),
    description: t("account.children.metaDescription"),
    path: "/children",
    matches,
    noindex: true,
  });
}

const percentIn = (locale: Locale, value: number | null) =>
  value === null ? "–" : formatNumber(locale, value / 100, { style: "percent", maximumFractionDigits: 1 });

type Child = Route.ComponentProps["loaderData"]["children"][number];

export default function Children({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const result = actionData as WithdrawResult | undefined;
  return (
    <>
      <Breadcrumbs label={t("account.children.title")} path="/children" />
      <div className="mx-auto max-w-4xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("account.children.title")}</h1>
        {result?.done ? (
          <p role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
            {t("account.children.withdrawn", { name: result.name })}
          </p>
        ) : null}
        {loaderData.children.length === 0 ? (
          <p className="mt-4 text-slate-800">{t("account.children.none")}</p>
        ) : (
          <ul className="mt-4 grid gap-5">
            {loaderData.children.map((child) => (
              <li key={child.user_id}>
                <ChildCard
                  child={child}
                  result={result?.done === false && result.child === child.user_id ? result : undefined}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function ChildCard({ child, result }: { child: Child; result: Extract<WithdrawResult, { done: false }> | undefined }) {
  const t = useT();
  const { locale } = useLocale();
  const subjectName = useSubjectName();
  const id = `child-${child.user_id}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={id} className="text-xl font-bold text-slate-900">
        {child.name}
      </h2>
      <p className="text-sm text-slate-700">{t("account.children.since", { day: child.since })}</p>
      {child.subjects.length === 0 ? (
        <p className="mt-3 text-slate-800">{t("account.children.noPractice", { name: child.name })}</p>
      ) : (
        <ul className="mt-3 grid gap-3 md:grid-cols-2">
          {child.subjects.map((s) => (
            <li key={s.subject} className="rounded-lg border border-slate-200 p-3" data-subject={s.subject}>
              <h3 className="font-semibold text-slate-900">{subjectName(subjectByKey(s.subject as SubjectKey))}</h3>
              <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
                <div>
                  <dt className="text-slate-600">{t("practice.progress.papers")}</dt>
                  <dd className="text-lg font-semibold">{formatNumber(locale, s.papers_attempted)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("practice.progress.best")}</dt>
                  <dd className="text-lg font-semibold">{percentIn(locale, s.best_percentage)}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">{t("practice.progress.latest")}</dt>
                  <dd className="text-lg font-semibold">{percentIn(locale, s.latest_percentage)}</dd>
                </div>
              </dl>
              {s.weakest_chapters.length > 0 ? (
                <>
                  <h4 className="mt-2 text-sm font-semibold text-slate-900">{t("practice.progress.weakest")}</h4>
                  <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-800">
                    {s.weakest_chapters.map((c) => (
                      <li key={c.chapter}>
                        {c.name} ({percentIn(locale, c.percentage)})
                      </li>
                    ))}
                  </ol>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <Withdraw child={child} result={result} />
    </section>
  );
}

/** Withdrawal, folded away: a `<details>` opens without JavaScript. Open again when it was refused. */
function Withdraw({ child, result }: { child: Child; result: Extract<WithdrawResult, { done: false }> | undefined }) {
  const t = useT();
  const apiMessage = useApiMessage();
  const submitting = useNavigation().state === "submitting";
  const [password, setPassword] = useState("");
  const id = `withdraw-${child.user_id}`;
  return (
    <details open={result !== undefined} className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3">
      <summary className="cursor-pointer py-1 font-semibold text-red-900">{t("account.children.withdraw")}</summary>
      <p className="mt-2 text-slate-900">{t("account.children.withdrawExplain", { name: child.name })}</p>
      {result?.message ? (
        <p role="alert" className="mt-2 font-medium text-red-800">
          {apiMessage(result.message)}
        </p>
      ) : null}
      <Form method="post" className="mt-3 grid gap-3" noValidate>
        <input type="hidden" name="child" value={child.user_id} />
        <input type="hidden" name="name" value={child.name} />
        <PasswordField
          id={`${id}-password`}
          name="password"
          label={t("account.children.yourPassword")}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={result?.errors.password}
        />
        <div>
          <label className="flex items-start gap-2 text-slate-900">
            <input
              type="checkbox"
              name="confirm"
              aria-describedby={result?.errors.confirm ? `${id}-confirm-error` : undefined}
              className="mt-1 h-6 w-6 shrink-0"
            />
            <span>{t("account.children.confirm", { name: child.name })}</span>
          </label>
          <FieldError
            id={`${id}-confirm-error`}
            message={result?.errors.confirm ? "account.children.confirmNeeded" : undefined}
          />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:opacity-70 sm:justify-self-start"
        >
          {t("account.children.withdrawButton", { name: child.name })}
        </button>
      </Form>
    </details>
  );
}
