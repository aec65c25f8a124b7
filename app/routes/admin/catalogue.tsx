import { Link } from "react-router";
import {
  CATALOGUE_KINDS,
  CATALOGUE_STATUSES,
  type CatalogueFilter,
  catalogueFilterSchema,
} from "../../../domain/admin.ts";
import { FIRST_CATALOGUE_YEAR, MEDIUM_NAMES, MEDIUMS } from "../../../domain/catalog.ts";
import { SUBJECTS } from "../../../domain/subjects.ts";
import { fieldErrors } from "../../../domain/validation.ts";
import { listCatalogue } from "../../../server/admin/catalogue.server.ts";
import { slotTable } from "../../../server/papers/requests.server.ts";
import { adminPage, NO_STORE } from "../../admin/admin.server";
import {
  FileSummary,
  KIND_LABELS,
  LastChanged,
  mediumsLabel,
  StatusBadge,
  subjectLabel,
} from "../../admin/catalogue-bits";
import {
  AdminTitle,
  adminMeta,
  BUTTON,
  FilterForm,
  LINK,
  SelectField,
  TableHead,
  TableRegion,
  TD,
} from "../../admin/ui";
import { orUnavailable } from "../../requests/unavailable.server";
import type { Route } from "./+types/catalogue";

const FILTERS = ["subject", "medium", "year", "kind", "status"] as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  const { services } = adminPage(context);
  const query = Object.fromEntries(FILTERS.map((name) => [name, url.searchParams.get(name) ?? undefined]));
  const parsed = catalogueFilterSchema.safeParse(query);
  // A bad filter (a hand-edited URL) is named beside its field; the others still apply.
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  const filter: CatalogueFilter = parsed.success
    ? parsed.data
    : (catalogueFilterSchema.safeParse(Object.fromEntries(Object.entries(query).filter(([name]) => !(name in errors))))
        .data ?? {});
  const [rows, slots] = await orUnavailable(() => Promise.all([listCatalogue(services, filter), slotTable(services)]));
  return { rows, slots, filter: query as Record<(typeof FILTERS)[number], string | undefined>, errors };
}

export function headers() {
  return NO_STORE;
}

export function meta() {
  return adminMeta("Catalogue");
}

const YEARS = Array.from(
  { length: new Date().getFullYear() - FIRST_CATALOGUE_YEAR + 1 },
  (_, i) => new Date().getFullYear() - i,
);

const OPTIONS: Record<(typeof FILTERS)[number], { label: string; options: [string, string][] }> = {
  subject: { label: "Subject", options: SUBJECTS.map((s) => [s.key, s.name]) },
  medium: { label: "Medium", options: MEDIUMS.map((m) => [m, MEDIUM_NAMES[m]]) },
  year: { label: "Year", options: YEARS.map((y) => [String(y), String(y)]) },
  kind: { label: "Kind", options: CATALOGUE_KINDS.map((k) => [k, KIND_LABELS[k]]) },
  status: { label: "Status", options: CATALOGUE_STATUSES.map((s) => [s, s === "live" ? "Live" : "Retired"]) },
};

const COLUMNS = ["Paper", "Kind", "Mediums", "Question", "Solution", "Status", "Last changed"];

/** Every paper students can see or could see: official, sample and model papers, with their files. */
export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { rows, filter, errors } = loaderData;
  const filtered = FILTERS.some((name) => filter[name]);
  return (
    <>
      <AdminTitle title="Catalogue">
        <Link to="/admin/upload" className={BUTTON}>
          Upload a paper
        </Link>
      </AdminTitle>
      <FilterForm legend="Filter the catalogue" submitLabel="Show papers" clearTo={filtered ? "/admin" : null}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {FILTERS.map((name) => (
            <SelectField
              key={name}
              id={`filter-${name}`}
              name={name}
              label={OPTIONS[name].label}
              options={OPTIONS[name].options}
              blank={{ label: "Any" }}
              defaultValue={filter[name] ?? ""}
              error={errors[name]}
            />
          ))}
        </div>
      </FilterForm>
      <p className="mb-2 text-sm text-slate-700" role="status">
        {rows.length} {rows.length === 1 ? "paper" : "papers"}
        {filtered ? (rows.length === 1 ? " matches the filters" : " match the filters") : " in the catalogue"}
      </p>
      {rows.length > 0 ? (
        <>
          {/* A phone gets one card per paper; wider screens the table. */}
          <ul className="grid gap-3 sm:hidden">
            {rows.map((row) => (
              <li
                key={row.id}
                data-paper-card={row.id}
                className="rounded-xl border border-slate-200 bg-white p-3 text-sm shadow-sm"
              >
                <p className="flex items-start justify-between gap-2">
                  <Link to={`/admin/papers/${row.id}`} className={`${LINK} text-base font-semibold`}>
                    {row.title}
                  </Link>
                  <StatusBadge retired={row.retired} />
                </p>
                <p className="text-slate-700">
                  {KIND_LABELS[row.kind]} · {mediumsLabel(row.mediums)}
                </p>
                <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
                  <dt className="font-semibold">Question</dt>
                  <dd>
                    <FileSummary file={row.question} />
                  </dd>
                  <dt className="font-semibold">Solution</dt>
                  <dd>
                    <FileSummary file={row.solution} />
                  </dd>
                  <dt className="font-semibold">Changed</dt>
                  <dd className="min-w-0">
                    <LastChanged row={row} />
                  </dd>
                </dl>
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <TableRegion label="Papers">
              <table className="w-full min-w-[56rem] border-collapse text-sm">
                <TableHead columns={COLUMNS} />
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.id} data-paper={row.id}>
                      <th scope="row" className={`${TD} text-left font-normal`}>
                        <Link to={`/admin/papers/${row.id}`} className={`${LINK} font-semibold`}>
                          {row.title}
                        </Link>
                        <span className="block text-xs text-slate-600">
                          {subjectLabel(row.subject)} · <span className="break-all">{row.id}</span>
                        </span>
                      </th>
                      <td className={TD}>{KIND_LABELS[row.kind]}</td>
                      <td className={TD}>{mediumsLabel(row.mediums)}</td>
                      <td className={TD}>
                        <FileSummary file={row.question} />
                      </td>
                      <td className={TD}>
                        <FileSummary file={row.solution} />
                      </td>
                      <td className={TD}>
                        <StatusBadge retired={row.retired} />
                      </td>
                      <td className={TD}>
                        <LastChanged row={row} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </div>
        </>
      ) : (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-800">
          No papers match. Try fewer filters.
        </p>
      )}
      <SlotTable slots={loaderData.slots} />
    </>
  );
}

/**
 * Every March board-paper slot from 2018 to the latest exam, per subject and medium, whether it holds an official
 * paper, and how many times students asked for it from the subject page (issue 25 §5): most asked first.
 */
function SlotTable({ slots }: { slots: Awaited<ReturnType<typeof slotTable>> }) {
  const missing = slots.filter((slot) => !slot.official).length;
  return (
    <section aria-labelledby="slots" className="mt-10">
      <h2 id="slots" className="text-xl font-bold text-slate-900">
        Board papers asked for
      </h2>
      <p className="mt-1 mb-2 text-sm text-slate-700" role="status">
        {missing} of {slots.length} slots have no official paper yet. Students ask for them with "Ask for this paper" on
        the subject page; the most asked for come first.
      </p>
      <TableRegion label="Board papers asked for">
        <table className="w-full min-w-[32rem] border-collapse text-sm">
          <TableHead columns={["Subject", "Medium", "Year", "On the site", "Asked for"]} />
          <tbody>
            {slots.map((slot) => (
              <tr
                key={`${slot.subject}/${slot.medium}/${slot.year}`}
                data-slot={`${slot.subject}/${slot.medium}/${slot.year}`}
              >
                <th scope="row" className={`${TD} text-left font-normal`}>
                  {subjectLabel(slot.subject)}
                </th>
                <td className={TD}>{MEDIUM_NAMES[slot.medium]}</td>
                <td className={TD}>March {slot.year}</td>
                <td className={TD}>{slot.official ? "Official paper" : "Not added yet"}</td>
                <td className={TD}>{slot.requests}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </section>
  );
}
