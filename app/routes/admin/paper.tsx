import type { ReactNode } from "react";
import { data, isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { SESSION_LABELS } from "../../../domain/catalog.ts";
import { formField } from "../../../domain/form-data.ts";
import { paperFileUrl } from "../../../domain/papers.ts";
import { listAudit } from "../../../server/admin/audit-log.server.ts";
import { getCataloguePaper, restorePaper, retirePaper } from "../../../server/admin/catalogue.server.ts";
import { listReports } from "../../../server/reports/reports.server.ts";
import { adminAction, adminPage, NO_STORE } from "../../admin/admin.server";
import { AuditEntry } from "../../admin/audit-entry";
import {
  FileSummary,
  KIND_LABELS,
  LastChanged,
  mediumsLabel,
  StatusBadge,
  subjectLabel,
} from "../../admin/catalogue-bits";
import { reasonLabel } from "../../admin/report-bits";
import { AdminNotice, AdminTitle, adminMeta, BUTTON, BUTTON_DANGER, ConfirmPanel, LINK, When } from "../../admin/ui";
import { UploadForm } from "../../admin/upload-form";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/paper";

const HISTORY_SHOWN = 20;

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const id = params.paperId;
  const [paper, history, reports] = await orUnavailable(() =>
    Promise.all([
      getCataloguePaper(services, id),
      listAudit(services, { paperId: id, limit: HISTORY_SHOWN }),
      listReports(services, { status: "open" }),
    ]),
  );
  if (!paper) throw data(null, { status: 404 });
  const confirm = url.searchParams.get("confirm");
  return {
    paper,
    history,
    reports: reports.filter((report) => report.paperId === id),
    confirm: confirm === "retire" || confirm === "restore" ? confirm : null,
    // From the loader, so that the page's script does not import domain/papers.ts (and zod with it).
    pdfUrls: { question: paperFileUrl(id, "question"), solution: paperFileUrl(id, "solution") },
  };
}

export async function action({ context, params, request }: Route.ActionArgs) {
  const intent = formField(await request.formData(), "intent");
  return adminAction(context, intent, async ({ admin, services }) => {
    if (intent === "retire") {
      const paper = await retirePaper(services, admin, params.paperId);
      return { ok: true, intent, message: `${paper.title} is retired: students no longer see it.` };
    }
    if (intent === "restore") {
      const paper = await restorePaper(services, admin, params.paperId);
      return { ok: true, intent, message: `${paper.title} is restored: students see it again.` };
    }
    return { ok: false, intent, message: "Unknown action." };
  });
}

export function headers() {
  return NO_STORE;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return adminMeta(loaderData?.paper.title ?? "Paper");
}

/** An admin asking for a paper that does not exist stays in the console. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return (
    <>
      <AdminTitle title="No such paper" />
      <p className="text-slate-800">
        There is no paper with this id.{" "}
        <Link to="/admin" className={LINK}>
          Back to the catalogue
        </Link>
      </p>
    </>
  );
}

export default function Paper({ loaderData, actionData }: Route.ComponentProps) {
  const { paper, history, reports, confirm, pdfUrls } = loaderData;
  const revalidator = useRevalidator();
  const here = `/admin/papers/${paper.id}`;
  // Shown until the action's outcome makes it moot (a retired paper cannot be retired again).
  const asking = confirm === "retire" ? !paper.retired : confirm === "restore" ? paper.retired : false;
  // Issue 23: retiring an official paper empties its year slot; the admin is told before, not after.
  const retireDetail =
    paper.kind === "official"
      ? `Its slot (${paper.year ?? ""} ${paper.session ?? ""}, ${paper.mediums.join(", ")}) will then show no paper at all: no sample comes back. To put a corrected file in its place, replace the file instead.`
      : "";
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin" className={LINK}>
          ← Catalogue
        </Link>
      </p>
      <AdminTitle title={paper.title}>
        <StatusBadge retired={paper.retired} />
      </AdminTitle>
      <AdminNotice result={actionData} />

      {asking ? (
        <ConfirmPanel
          question={confirm === "retire" ? `Retire ${paper.title}?` : `Restore ${paper.title}?`}
          detail={
            confirm === "retire"
              ? `${retireDetail} Students will no longer see it in the listings, and its PDFs will answer 404. Its files and history are kept, and you can restore it.`
              : "Students will see it in the listings again, and its PDFs will open."
          }
          intent={confirm ?? ""}
          confirmLabel={confirm === "retire" ? "Yes, retire it" : "Yes, restore it"}
          cancelTo={here}
          danger={confirm === "retire"}
        />
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Details">
          <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <Row term="Id">
              <code className="break-all">{paper.id}</code>
            </Row>
            <Row term="Kind">{KIND_LABELS[paper.kind]}</Row>
            <Row term="Subject">{subjectLabel(paper.subject)}</Row>
            <Row term="Year">{paper.year ?? "—"}</Row>
            <Row term="Session">{paper.session ? SESSION_LABELS[paper.session] : "—"}</Row>
            <Row term="Mediums">{mediumsLabel(paper.mediums)}</Row>
            <Row term="Last changed">
              <LastChanged row={paper} />
            </Row>
          </dl>
          <p className="mt-3 text-sm">
            {paper.retired ? (
              <span className="text-slate-700">Students cannot see this paper while it is retired.</span>
            ) : (
              <Link to={paper.publicUrl} className={LINK}>
                Open the students' page
              </Link>
            )}
          </p>
          <div className="mt-4">
            {paper.retired ? (
              <Link to={`${here}?confirm=restore`} className={BUTTON}>
                Restore this paper…
              </Link>
            ) : (
              <Link to={`${here}?confirm=retire`} className={BUTTON_DANGER}>
                Retire this paper…
              </Link>
            )}
          </div>
        </Section>

        <Section title="Files">
          <ul className="grid gap-3 text-sm">
            {(["question", "solution"] as const).map((kind) => {
              const file = paper[kind];
              return (
                <li key={kind} data-file={kind}>
                  <span className="font-semibold capitalize">{kind}: </span>
                  <FileSummary file={file} />
                  {file ? (
                    <>
                      <span className="block text-xs text-slate-600">
                        sha256 <code className="break-all">{file.sha256}</code>
                      </span>
                      {paper.retired ? null : (
                        <a href={pdfUrls[kind]} className={`${LINK} text-sm`}>
                          Open the {kind} PDF
                        </a>
                      )}
                    </>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </Section>
      </div>

      <Section title="Replace a file" className="mt-6">
        {paper.kind === "model" ? (
          <p className="text-slate-800">
            Model papers are typeset from content/papers: change the source file instead.
          </p>
        ) : (
          <UploadForm
            action={`/api/v1/admin/papers/${paper.id}/files`}
            submitLabel="Upload the new file"
            onUploaded={() => void revalidator.revalidate()}
          />
        )}
      </Section>

      <Section title={`Open problem reports (${reports.length})`} className="mt-6">
        {reports.length === 0 ? (
          <p className="text-slate-800">No open reports about this paper.</p>
        ) : (
          <ul className="grid gap-2">
            {reports.map((report) => (
              <li key={report.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <p className="font-semibold">
                  {reasonLabel(report.reason)}
                  {report.question ? ` · question ${report.question}` : ""}
                </p>
                {report.message ? <p className="mt-1 whitespace-pre-wrap break-words">{report.message}</p> : null}
                <p className="mt-1 text-slate-600">
                  <When iso={report.createdAt} /> · {report.reporter}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-2 text-sm">
          <Link to="/admin/reports" className={LINK}>
            All reports
          </Link>
        </p>
      </Section>

      <Section title="History" className="mt-6">
        {history.length === 0 ? (
          <p className="text-slate-800">No admin has changed this paper yet.</p>
        ) : (
          <ol className="grid gap-2">
            {history.map((row) => (
              <AuditEntry key={row.id} row={row} showPaper={false} />
            ))}
          </ol>
        )}
        {history.length >= HISTORY_SHOWN ? (
          <p className="mt-2 text-sm">
            <Link to={`/admin/audit?paper=${encodeURIComponent(paper.id)}`} className={LINK}>
              The whole history in the audit log
            </Link>
          </p>
        ) : null}
      </Section>
    </>
  );
}

function Section({ title, className = "", children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-4 shadow-sm ${className}`}>
      <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-700">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
