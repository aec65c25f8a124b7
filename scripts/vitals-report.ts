/**
 * `npm run vitals:report -- [--days N]`: p75 and count of each web-vitals metric per route for the
 * last N days (default 7), from the database the server uses (DATABASE_URL, else PGlite in DATA_DIR).
 * With PGlite, stop the server first: the embedded database takes one process at a time.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.server.ts";
import { formatVitalsReport, vitalsReport } from "../server/content/vitals-report.server.ts";
import { openDatabase } from "../server/db/client.server.ts";

const USAGE = "Usage: npm run vitals:report -- [--days N]";

/** `--days N` or `--days=N`, 1 to 3650; 7 when absent. Throws with the usage on anything else. */
export function parseReportArgs(args: string[]): { days: number } {
  let values: { days?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { days: { type: "string" } }, strict: true, allowPositionals: false }));
  } catch (error) {
    throw new Error(`${(error as Error).message}. ${USAGE}`);
  }
  if (values.days === undefined) return { days: 7 };
  const days = Number(values.days);
  if (!/^\d{1,4}$/.test(values.days) || days < 1 || days > 3650) {
    throw new Error(`--days must be a whole number from 1 to 3650. ${USAGE}`);
  }
  return { days };
}

async function main(): Promise<number> {
  let days: number;
  try {
    ({ days } = parseReportArgs(process.argv.slice(2)));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const rows = await vitalsReport(database.db, { days });
    process.stdout.write(formatVitalsReport(rows, days));
    return 0;
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
