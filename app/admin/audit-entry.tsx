import { Link } from "react-router";
import type { AuditRow } from "../../domain/admin.ts";
import { LINK, When, Who } from "./ui";

const ACTION_LABELS: Record<string, string> = {
  "paper.upload": "Uploaded a paper",
  "paper.replace": "Replaced files",
  "paper.retire": "Retired",
  "paper.restore": "Restored",
  "year-note.create": "Added a year note",
  "year-note.update": "Edited a year note",
  "year-note.delete": "Deleted a year note",
  "report.status": "Changed a report's status",
  "account.reset-link": "Made a password-reset link",
  "exam-date.set": "Set the SSC exam date",
};

function actionLabel(action: string): string {
  return ACTION_LABELS[action] ?? action;
}

export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

type Flat = Map<string, unknown>;

/** `{question: {sha256, pages}}` → `question.sha256`, `question.pages`: nested records read as fields. */
function flatten(value: unknown, prefix = "", into: Flat = new Map()): Flat {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) into.set(prefix, value);
    for (const [key, inner] of entries) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  } else if (prefix || value !== null) {
    into.set(prefix || "value", value);
  }
  return into;
}

export function showValue(value: unknown): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "string") return value === "" ? '""' : value;
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((v) => showValue(v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * The fields a change touched, before and after: the whole record for a creation (before is null) or a
 * deletion (after is null), only the differing fields otherwise.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  const was = flatten(before);
  const now = flatten(after);
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return (
    fields
      // A field that is null on one side and absent on the other did not change.
      .filter((field) => JSON.stringify(was.get(field) ?? null) !== JSON.stringify(now.get(field) ?? null))
      .map((field) => ({ field, before: showValue(was.get(field)), after: showValue(now.get(field)) }))
  );
}

/** One audit row: when, who, what, on which paper, and the fields it changed. */
export function AuditEntry({ row, showPaper = true }: { row: AuditRow; showPaper?: boolean }) {
  const changes = fieldChanges(row.before, row.after);
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm" data-audit={row.action}>
      <p className="flex flex-wrap gap-x-2 text-sm text-slate-700">
        <When iso={row.at} />
        <span aria-hidden="true">·</span>
        <Who who={row.admin} />
      </p>
      <p className="mt-1 font-semibold text-slate-900">
        {actionLabel(row.action)}
        {showPaper && row.paperId ? (
          <>
            {" "}
            <Link to={`/admin/papers/${row.paperId}`} className={`${LINK} break-all`}>
              {row.paperId}
            </Link>
          </>
        ) : null}
      </p>
      {changes.length > 0 ? (
        <ul className="mt-2 grid gap-1 text-sm">
          {changes.map((change) => (
            <li key={change.field} className="break-words">
              <code className="rounded bg-slate-100 px-1 text-slate-900">{change.field}</code>:{" "}
              <span className="rounded bg-red-50 px-1 text-red-900 [overflow-wrap:anywhere]">{change.before}</span>{" "}
              <span aria-hidden="true">→</span>
              <span className="sr-only">changed to</span>{" "}
              <span className="rounded bg-green-50 px-1 text-green-900 [overflow-wrap:anywhere]">{change.after}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-700">No field changed.</p>
      )}
    </li>
  );
}
