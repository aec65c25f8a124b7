import { data } from "react-router";
import { formField } from "../../domain/form-data.ts";
import { isPaperId } from "../../domain/papers.ts";
import { REPORT_MESSAGE_MAX, REPORT_REASONS } from "../../domain/reports.ts";
import { subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { clientIp } from "../../server/http/guards.server.ts";
import { createReport, findReportablePaper } from "../../server/reports/reports.server.ts";
import { expressRequestContext, servicesContext } from "../context";
import { ReportForm, type ReportFormResult, type ReportPaper, ReportThanks } from "../reports/report-form";
import { formRefusal, withRetryAfter } from "../requests/refusal.server";
import { getUser } from "../requests/session.server";
import { orUnavailable } from "../requests/unavailable.server";
import { Breadcrumbs } from "../site/breadcrumbs";
import { i18nFrom, useLocale, useT } from "../site/i18n";
import { pageMeta } from "../site/meta";
import { useSubjectName } from "../site/subject-name";
import type { Route } from "./+types/report";

/**
 * "Report a problem" (issue 15): `/report?paper=<id>[&question=<item id or label>]`. Anyone may report; a
 * signed-in student's account is recorded. The form posts to this page's action, which calls the API's own
 * createReport, so it works the same without JavaScript.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const id = url.searchParams.get("paper") ?? "";
  const found = isPaperId(id) ? await orUnavailable(() => findReportablePaper(services, id)) : null;
  const signedIn = (await getUser(context)) !== null;
  const page = { signedIn, reasons: REPORT_REASONS, max: REPORT_MESSAGE_MAX };
  // The page says so (a 404 for robots and tests), rather than the site's not-found page: the student came
  // from a link to report something and should hear what happened.
  if (!found) return data({ ...page, paper: null, question: "" }, { status: 404 });
  const subject = subjectByKey(found.subject);
  const asked = url.searchParams.get("question");
  // A link may name the question by the item's id (`q2a1`, as the paper page's items are named) or by its label.
  const question = found.questions?.find((q) => q.id === asked || q.label === asked)?.label ?? "";
  const paper: ReportPaper = {
    id: found.id,
    kind: found.kind,
    subject: { name: subject.name, nameMr: subject.nameMr, path: subjectPath(subject) },
    year: found.year,
    session: found.session,
    title: found.title,
    language: found.language,
    url: found.publicUrl,
    questions:
      found.questions?.map(({ label, question, section, item }) => ({ label, question, section, item })) ?? null,
  };
  return { ...page, paper, question };
}

/** The form without JavaScript (and with it: React Router posts here too). */
export async function action({ context, request }: Route.ActionArgs) {
  // Form posts from other sites never get here (server/app.server.ts refuses them with a 403).
  const req = context.get(expressRequestContext);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const values = {
    paper_id: formField(form, "paper_id"),
    reason: formField(form, "reason"),
    question: formField(form, "question"),
    message: formField(form, "message"),
  };
  const user = await getUser(context);
  try {
    await orUnavailable(() => createReport(services, { input: values, userId: user?.id ?? null, ip: clientIp(req) }));
    return data<ReportFormResult>({ sent: true });
  } catch (error) {
    const { paper_id: _paper, ...kept } = values;
    return formRefusal<ReportFormResult>(error, (refusal) => ({
      sent: false,
      message: refusal.message,
      errors: refusal.errors ?? {},
      values: kept,
    }));
  }
}

/** What a student typed is theirs: never kept by a cache. A 429's Retry-After goes out with the page. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withRetryAfter({ "Cache-Control": "private, no-store" }, actionHeaders);
}

export function meta({ matches }: Route.MetaArgs) {
  const { _: t } = i18nFrom(matches);
  return pageMeta({
    title: t("report.metaTitle"),
    description: t("report.metaDescription"),
    path: "/report",
    matches,
    noindex: true,
  });
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, question, signedIn, reasons, max } = loaderData;
  const t = useT();
  const { path } = useLocale();
  const subjectName = useSubjectName();
  const sent = actionData?.sent === true;
  return (
    <>
      <Breadcrumbs
        {...(paper ? { parent: { label: subjectName(paper.subject), path: paper.subject.path } } : {})}
        label={t("report.title")}
        path="/report"
      />
      <div className="mx-auto max-w-2xl px-4 py-6">
        <h1 className="text-2xl font-bold text-indigo-900 sm:text-3xl">{t("report.title")}</h1>
        {!paper ? (
          <div className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
            <h2 className="font-semibold">{t("report.noPaperTitle")}</h2>
            <p className="mt-1">{t("report.noPaperText")}</p>
            <a href={path("/")} className="mt-3 inline-block py-1 font-semibold text-indigo-800 underline">
              {t("common.error.home")}
            </a>
          </div>
        ) : sent ? (
          <ReportThanks paper={paper} />
        ) : (
          <ReportForm
            paper={paper}
            question={question}
            reasons={reasons}
            max={max}
            signedIn={signedIn}
            result={actionData?.sent === false ? actionData : null}
          />
        )}
      </div>
    </>
  );
}
