import { Link } from "react-router";
import { AUDIT_PAGE_SIZE, auditQuerySchema } from "../../../domain/admin.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import { listAudit, listAuditAdmins } from "../../../server/admin/audit-log.server.ts";
import { adminPage, NO_STORE } from "../../admin/admin.server";
import { AuditEntry } from "../../admin/audit-entry";
import {
  AdminNotice,
  AdminTitle,
  adminMeta,
  BUTTON_SECONDARY,
  FilterForm,
  INPUT,
  LABEL,
  SelectField,
} from "../../admin/ui";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/audit";

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const asked = {
    paper: url.searchParams.get("paper") ?? "",
    admin: url.searchParams.get("admin") ?? "",
    before: url.searchParams.get("before") ?? "",
  };
  const parsed = auditQuerySchema.safeParse(asked);
  const query = parsed.success ? parsed.data : {};
  const [rows, admins] = await orUnavailable(() =>
    Promise.all([
      listAudit(services, {
        paperId: query.paper?.trim() || undefined,
        adminId: query.admin,
        before: query.before,
        limit: AUDIT_PAGE_SIZE,
      }),
      listAuditAdmins(services),
    ]),
  );
  return { rows, admins, asked, errors: parsed.success ? null : fieldErrors(parsed.error) };
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Audit log");
}

/** Every change an admin made, newest first, by paper and by admin, a page of entries at a time. */
export default function Audit({ loaderData }: Route.ComponentProps) {
  const { rows, admins, asked, errors } = loaderData;
  const filters = new URLSearchParams();
  if (asked.paper) filters.set("paper", asked.paper);
  if (asked.admin) filters.set("admin", asked.admin);
  const last = rows.at(-1);
  const older = new URLSearchParams(filters);
  if (last) older.set("before", String(last.id));
  return (
    <>
      <AdminTitle title="Audit log" />
      <AdminNotice
        result={
          errors ? { ok: false, message: `The filters were not understood: ${Object.values(errors).join("; ")}` } : null
        }
      />
      <FilterForm
        legend="Filter the log"
        submitLabel="Show entries"
        clearTo={asked.paper || asked.admin ? "/admin/audit" : null}
      >
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor="audit-paper" className={LABEL}>
              Paper id
            </label>
            <input
              id="audit-paper"
              name="paper"
              type="text"
              defaultValue={asked.paper}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              className={INPUT}
            />
          </div>
          <SelectField
            id="audit-admin"
            name="admin"
            label="Admin"
            options={admins.map((admin) => [admin.id, admin.name ? `${admin.name} (${admin.email})` : admin.email])}
            blank={{ label: "Any admin" }}
            defaultValue={asked.admin}
          />
        </div>
      </FilterForm>
      {rows.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          {asked.before ? "No older entries." : "No entries match."}
        </p>
      ) : (
        <ol className="grid gap-2" aria-label="Audit entries, newest first">
          {rows.map((row) => (
            <AuditEntry key={row.id} row={row} />
          ))}
        </ol>
      )}
      <p className="mt-4 flex flex-wrap gap-3">
        {asked.before ? (
          <Link to={`/admin/audit${filters.size ? `?${filters}` : ""}`} className={BUTTON_SECONDARY}>
            Newest entries
          </Link>
        ) : null}
        {rows.length === AUDIT_PAGE_SIZE ? (
          <Link to={`/admin/audit?${older}`} className={BUTTON_SECONDARY}>
            Older entries
          </Link>
        ) : null}
      </p>
    </>
  );
}
