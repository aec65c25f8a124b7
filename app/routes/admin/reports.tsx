import { Form, Link } from "react-router";
import { formField } from "../../../domain/form-data.ts";
import { REPORT_STATUSES, type ReportStatus } from "../../../domain/reports.ts";
import { listReports, setReportStatus } from "../../../server/reports/reports.server.ts";
import { adminAction, adminPage, NO_STORE } from "../../admin/admin.server";
import { reasonLabel, STATUS_LABELS } from "../../admin/report-bits";
import { AdminNotice, AdminTitle, adminMeta, BUTTON, BUTTON_SECONDARY, LINK, When } from "../../admin/ui";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/reports";

const isStatus = (value: unknown): value is ReportStatus =>
  typeof value === "string" && (REPORT_STATUSES as readonly string[]).includes(value);

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const asked = url.searchParams.get("status");
  const status: ReportStatus = isStatus(asked) ? asked : "open";
  const lists = await orUnavailable(() =>
    Promise.all(REPORT_STATUSES.map((s) => listReports(services, { status: s }))),
  );
  const counts = Object.fromEntries(REPORT_STATUSES.map((s, i) => [s, lists[i]?.length ?? 0])) as Record<
    ReportStatus,
    number
  >;
  // The statuses travel with the data: the page's script then does not import domain/reports.ts, which the
  // students' report page also uses (a module two pages share would go into every page's shared chunk).
  return { status, statuses: REPORT_STATUSES, counts, reports: lists[REPORT_STATUSES.indexOf(status)] ?? [] };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const status = formField(form, "status");
  return adminAction(context, "status", async ({ admin, services }) => {
    if (!isStatus(status)) return { ok: false, intent: "status", message: "Choose open, fixed or won't fix." };
    const report = await setReportStatus(services, admin, formField(form, "id"), status);
    return {
      ok: true,
      intent: "status",
      message: `The report on ${report.paperTitle} is now marked ${STATUS_LABELS[status]?.toLowerCase()}.`,
    };
  });
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Problem reports");
}

/** What each status button says, by the status it sets. */
const MOVE_LABELS: Record<ReportStatus, string> = { open: "Reopen", fixed: "Mark fixed", "wont-fix": "Won't fix" };

/** The students' problem reports, by status; each can be marked fixed, won't fix, or reopened. */
export default function Reports({ loaderData, actionData }: Route.ComponentProps) {
  const { status, statuses, counts, reports } = loaderData;
  return (
    <>
      <AdminTitle title="Problem reports" />
      <AdminNotice result={actionData} />
      <nav aria-label="Report status" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {statuses.map((s) => (
            <li key={s}>
              <Link
                to={`/admin/reports?status=${s}`}
                aria-current={s === status ? "page" : undefined}
                className={s === status ? BUTTON : BUTTON_SECONDARY}
              >
                {STATUS_LABELS[s]} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reports.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          No {STATUS_LABELS[status]?.toLowerCase()} reports.
        </p>
      ) : (
        <ul className="grid gap-3">
          {reports.map((report) => (
            <li
              key={report.id}
              data-report={report.id}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <h2 className="font-bold text-slate-900">
                <Link to={report.adminUrl} className={LINK}>
                  {report.paperTitle}
                </Link>
              </h2>
              <p className="text-sm text-slate-700">
                <When iso={report.createdAt} /> · from{" "}
                {report.reporter === "anonymous" ? "a visitor" : "a signed-in user"} ·{" "}
                <Link to={report.publicUrl} className={LINK}>
                  students' page
                </Link>
              </p>
              <p className="mt-2 font-semibold">
                {reasonLabel(report.reason)}
                {report.question ? ` · question ${report.question}` : ""}
              </p>
              {report.message ? (
                <blockquote className="mt-2 border-l-4 border-slate-300 pl-3 whitespace-pre-wrap break-words text-slate-900">
                  {report.message}
                </blockquote>
              ) : (
                <p className="mt-2 text-sm text-slate-600">No message.</p>
              )}
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
                <input type="hidden" name="id" value={report.id} />
                <span className="text-sm text-slate-700">
                  Status: <strong>{STATUS_LABELS[report.status] ?? report.status}</strong>. Change to:
                </span>
                {statuses
                  .filter((s) => s !== report.status)
                  .map((s) => (
                    <button
                      key={s}
                      type="submit"
                      name="status"
                      value={s}
                      className={BUTTON_SECONDARY}
                      aria-label={`${MOVE_LABELS[s]}: ${report.paperTitle}, ${reasonLabel(report.reason)}`}
                    >
                      {MOVE_LABELS[s]}
                    </button>
                  ))}
              </Form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
