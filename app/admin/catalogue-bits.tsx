import type { CatalogueFile, CatalogueKind, CatalogueRow } from "../../domain/admin.ts";
import { MEDIUM_NAMES, type Medium } from "../../domain/catalog.ts";
import { SUBJECTS } from "../../domain/subjects.ts";
import { formatBytes, When, Who } from "./ui";

export const KIND_LABELS: Record<CatalogueKind, string> = { official: "Official", sample: "Sample", model: "Model" };

export function subjectLabel(key: string): string {
  return SUBJECTS.find((s) => s.key === key)?.name ?? key;
}

export function mediumsLabel(mediums: readonly string[]): string {
  return mediums.map((m) => MEDIUM_NAMES[m as Medium] ?? m).join(", ") || "—";
}

/** "1.2 MB · 4 pages"; a file the store has lost (size 0) says so, since students would get an error. */
export function FileSummary({ file }: { file: CatalogueFile | null }) {
  if (!file) return <span className="text-slate-600">—</span>;
  return (
    <span className="whitespace-nowrap">
      {file.size > 0 ? formatBytes(file.size) : <strong className="text-red-800">missing from the store</strong>}
      {" · "}
      {file.pages} {file.pages === 1 ? "page" : "pages"}
    </span>
  );
}

export function StatusBadge({ retired }: { retired: boolean }) {
  return retired ? (
    <span className="rounded-full bg-slate-200 px-2 py-0.5 text-xs font-bold text-slate-800">Retired</span>
  ) : (
    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-bold text-green-900">Live</span>
  );
}

/** When a paper last changed, and which admin changed it (none for a paper no admin has touched). */
export function LastChanged({ row }: { row: Pick<CatalogueRow, "updatedAt" | "updatedBy"> }) {
  return (
    <>
      <When iso={row.updatedAt} />
      <span className="block">
        <Who who={row.updatedBy} />
      </span>
    </>
  );
}
