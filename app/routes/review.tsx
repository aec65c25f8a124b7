import { Form, useNavigation } from "react-router";
import { formatNumber } from "../../domain/i18n.ts";
import { ModelPaperBody } from "../model-papers/model-paper-view";
import { useReviewOutbox } from "../reviews/review-outbox-hook";
import { REVIEW_PAGE_HEADERS, reviewAction, reviewLoader } from "../reviews/reviews.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useRootData } from "../site/root-data";
import type { Route } from "./+types/review";

/**
 * Today's review (issue 27 §3): one question of the mistake notebook per page, without its answer. The student
 * answers on paper, opens the model answer, ticks the marking points their answer has, and the question is
 * rescheduled (or leaves the notebook after its second full answer on another day). A plain form: it works
 * without JavaScript.
 */
export function loader({ context, request, url }: Route.LoaderArgs) {
  return reviewLoader(context, request, url);
}

export function action({ context, request, url }: Route.ActionArgs) {
  return reviewAction(context, request, url);
}

export function headers() {
  return REVIEW_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("practice.review.metaTitle"),
    description: t("practice.review.metaDescription"),
    path: "/review",
    matches,
    noindex: true,
  });
}

export default function Review({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { path, locale } = useLocale();
  const { items, today, done } = loaderData;
  const userId = useRootData().user?.id ?? null;
  const outbox = useReviewOutbox(userId, today);
  // Answers this phone holds are not asked again, even on a page loaded before they were given.
  const left = items.filter((entry) => !outbox.answered.has(entry.item));
  const next = left[0] ?? null;
  const submitting = useNavigation().state === "submitting";
  const problem = (actionData as { problem?: string } | undefined)?.problem;
  // Answers still on the phone are said so on any visit (a kept page reopened offline), not only after the tap.
  const said = outbox.last ?? (outbox.waiting > 0 ? "kept" : done);
  return (
    <>
      <Breadcrumbs label={t("practice.review.title")} path="/review" />
      <div className="mx-auto max-w-3xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("practice.review.title")}</h1>
        {said ? (
          <p role="status" className="mt-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-emerald-950">
            {said === "kept"
              ? t("practice.review.kept", { count: outbox.waiting })
              : t(said === "left" ? "practice.review.left" : "practice.review.again")}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
            {problem}
          </p>
        ) : null}
        {next === null ? (
          <div className="mt-4">
            <p className="text-slate-800">{t("practice.review.nothingDue")}</p>
            <a href={path("/mistakes")} className="mt-3 inline-block py-1 font-semibold text-indigo-800 underline">
              {t("practice.review.notebook")}
            </a>
          </div>
        ) : (
          <>
            <p className="mt-2 text-slate-700">
              {t("practice.review.count", { count: left.length })} · {next.paper_title}
            </p>
            <p className="mt-1 text-slate-700">{t("practice.review.how")}</p>
            <div className="mt-4">
              <ModelPaperBody view={{ language: next.language, questions: [next.question] }} answers="each" />
            </div>
            {/* A plain form without JavaScript (one question per page, through the action); with it, the answer is
                kept on the phone and sent from there, and the next question shows at once, online or not. */}
            <Form
              key={next.item}
              method="post"
              className="mt-6 rounded-xl border border-indigo-200 bg-indigo-50 p-4"
              onSubmit={(event) => {
                if (userId === null) return;
                event.preventDefault();
                const ticked = new FormData(event.currentTarget).getAll("point").map((value) => Number(value));
                outbox.answer(next.item, ticked);
              }}
            >
              <input type="hidden" name="item" value={next.item} />
              {/* The marking points spell out the answer ("k = 7"): closed until the student has written theirs. */}
              <details>
                <summary className="min-h-11 cursor-pointer py-2 font-semibold text-slate-900">
                  {t("practice.review.tick")}
                </summary>
                <fieldset>
                  <legend className="sr-only">{t("practice.review.tick")}</legend>
                  <ul className="mt-2 grid gap-2">
                    {(next.question.sections[0]?.items[0]?.marking ?? []).map((point, index) => (
                      <li key={point.pointHtml}>
                        <label className="flex min-h-11 items-start gap-3 rounded-lg border border-slate-300 bg-white p-3">
                          <input type="checkbox" name="point" value={index} className="mt-1 h-5 w-5 shrink-0" />
                          <span lang={next.language}>
                            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the model paper's own sanitised HTML, as on the paper page */}
                            <span dangerouslySetInnerHTML={{ __html: point.pointHtml }} />{" "}
                            <span className="text-sm text-slate-600">
                              ({formatNumber(locale, point.marks, { maximumFractionDigits: 1 })})
                            </span>
                          </span>
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
              </details>
              <button
                type="submit"
                disabled={submitting}
                className="mt-4 rounded-lg bg-indigo-700 px-6 py-3 font-semibold text-white hover:bg-indigo-800 disabled:opacity-60"
              >
                {t("practice.review.submit")}
              </button>
            </Form>
          </>
        )}
      </div>
    </>
  );
}
