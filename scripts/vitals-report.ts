/**
 * `npm run vitals:report -- [--days N]`: p75 and count of each web-vitals metric per route for the
 * last N days (default 7), from the database the server uses (DATABASE_URL, else PGlite in DATA_DIR).
 * With PGlite, stop the server first: the embedded database takes one process at a time.
 */
import { loadConfig } from "../server/config.server.ts";
import { formatVitalsReport, parseReportArgs, vitalsReport } from "../server/content/vitals-report.server.ts";
import { openDatabase } from "../server/db/client.server.ts";

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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
