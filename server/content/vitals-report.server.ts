import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../db/client.server.ts";

export interface VitalsRow {
  route: string;
  name: string;
  count: number;
  /** 75th percentile, interpolated between neighbouring values (PostgreSQL's percentile_cont). */
  p75: number;
}

/** p75 and count per route and metric for the reports of the last `days` days. */
export async function vitalsReport(db: Db, options: { days: number; now?: Date }): Promise<VitalsRow[]> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - options.days * 86_400_000);
  const result = await db.execute(sql`
    select route, name, count(*)::int as count,
           percentile_cont(0.75) within group (order by value) as p75
    from vitals
    where created_at >= ${since.toISOString()}::timestamptz and created_at <= ${now.toISOString()}::timestamptz
    group by route, name
    order by route, name`);
  return rowsOf<{ route: string; name: string; count: number | string; p75: number | string }>(result).map((row) => ({
    route: row.route,
    name: row.name,
    count: Number(row.count),
    p75: Number(row.p75),
  }));
}

/** CLS is a score (3 decimals); the others are milliseconds (whole numbers). */
function formatValue(name: string, value: number): string {
  return name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
}

export function formatVitalsReport(rows: readonly VitalsRow[], days: number): string {
  const heading = `Web vitals, last ${days} day${days === 1 ? "" : "s"}: p75 and count per route and metric`;
  if (rows.length === 0) return `${heading}\n\nNo reports in this period.\n`;
  const table = [
    ["Route", "Metric", "p75", "Count"],
    ...rows.map((row) => [row.route, row.name, formatValue(row.name, row.p75), String(row.count)]),
  ];
  const widths = [0, 1, 2, 3].map((column) => Math.max(...table.map((line) => (line[column] ?? "").length)));
  const lines = table.map((line) =>
    line
      .map((cell, column) => (column >= 2 ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
  return `${heading}\n\n${lines.join("\n")}\n`;
}
