import { UPLOAD_MEDIUMS } from "../../../domain/admin.ts";
import {
  EXAM_SESSIONS,
  FIRST_CATALOGUE_YEAR,
  MEDIUM_NAMES,
  type Medium,
  SESSION_LABELS,
} from "../../../domain/catalog.ts";
import { SUBJECTS } from "../../../domain/subjects.ts";
import { NO_STORE } from "../../admin/admin.server";
import { AdminTitle, adminMeta, SelectField } from "../../admin/ui";
import { UploadForm } from "../../admin/upload-form";
import type { Route } from "./+types/upload";

export function loader() {
  return { thisYear: new Date().getFullYear() };
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Upload a paper");
}

const SLOT_FIELDS = ["subject", "year", "session", "medium"] as const;

/** A new paper (or new files) for a slot: subject, year, session and medium, then its PDFs. */
export default function Upload({ loaderData }: Route.ComponentProps) {
  const years = Array.from(
    { length: loaderData.thisYear - FIRST_CATALOGUE_YEAR + 1 },
    (_, i) => loaderData.thisYear - i,
  );
  const choices: Record<(typeof SLOT_FIELDS)[number], { label: string; options: [string, string][] }> = {
    subject: { label: "Subject", options: SUBJECTS.map((s) => [s.key, s.name]) },
    year: { label: "Year", options: years.map((y) => [String(y), String(y)]) },
    session: { label: "Session", options: EXAM_SESSIONS.map((s) => [s, SESSION_LABELS[s]]) },
    medium: {
      label: "Medium",
      options: UPLOAD_MEDIUMS.map((m) => [m, m === "all" ? "All mediums (one paper)" : MEDIUM_NAMES[m as Medium]]),
    },
  };
  return (
    <>
      <AdminTitle title="Upload a paper" />
      <p className="mb-4 max-w-3xl text-slate-800">
        The files take the slot's place: a sample paper or an earlier upload for the same subject, year, session and
        mediums is replaced, and students see the new paper within seconds. Language papers are usually one paper for
        all mediums.
      </p>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <UploadForm
          action="/api/v1/admin/papers"
          fieldNames={SLOT_FIELDS}
          submitLabel="Upload"
          fields={(errors) => (
            <fieldset>
              <legend className="mb-2 font-semibold text-slate-900">Slot</legend>
              <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {SLOT_FIELDS.map((name) => (
                  <SelectField
                    key={name}
                    id={`slot-${name}`}
                    name={name}
                    label={choices[name].label}
                    options={choices[name].options}
                    blank={{ label: "Choose…", disabled: true }}
                    defaultValue=""
                    error={errors[name]}
                    required
                  />
                ))}
              </div>
            </fieldset>
          )}
        />
      </div>
    </>
  );
}
