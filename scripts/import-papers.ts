/**
 * npm run papers:import -- <folder> [--dry-run]
 *
 * Checks every PDF under <folder> (layout in README.md, "Importing real papers"), stores the good
 * ones by sha256 (in PostgreSQL with DATABASE_URL, else under DATA_DIR/papers) and updates the
 * catalogue in one transaction. Nothing is changed when any file is rejected; the exit code is then 1.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.server.ts";
import { openDatabase } from "../server/db/client.server.ts";
import { IMPORT_LAYOUT, type ImportReport, importPapers } from "../server/papers/import.server.ts";
import { paperStoreFor } from "../server/services.server.ts";

const USAGE = `Usage: npm run papers:import -- <folder> [--dry-run]\n\nLayout: <folder>/${IMPORT_LAYOUT}\n`;

function progressBar(done: number, total: number, file: string): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const label = file.length > 50 ? `…${file.slice(-49)}` : file;
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label}`;
}

function createProgress(stream: NodeJS.WriteStream) {
  let lastLine = "";
  let lastPercent = -1;
  return {
    update(done: number, total: number, file: string) {
      const line = progressBar(done, total, file);
      if (stream.isTTY) {
        stream.write(`\r${line.padEnd(lastLine.length)}`);
        lastLine = line;
        return;
      }
      // Logs and CI: one line per tenth, not a carriage-return smear.
      const percent = total === 0 ? 100 : Math.floor((done / total) * 10) * 10;
      if (percent !== lastPercent) {
        stream.write(`${line}\n`);
        lastPercent = percent;
      }
    },
    finish() {
      if (stream.isTTY && lastLine) stream.write("\n");
    },
  };
}

function formatReport(report: ImportReport, dryRun: boolean): string {
  const lines: string[] = [];
  for (const paper of report.papers) {
    const from = paper.replaced.length ? ` (was ${paper.replaced.join(", ")})` : "";
    lines.push(`  ${paper.outcome.padEnd(9)} ${paper.id}${from}`);
  }
  for (const { file, reason } of report.rejected) lines.push(`  rejected  ${file}: ${reason}`);
  for (const warning of report.warnings) lines.push(`  warning   ${warning}`);
  const rows: [string, number][] = [
    ["imported", report.counts.imported],
    ["replaced", report.counts.replaced],
    ["unchanged", report.counts.unchanged],
    ["rejected", report.counts.rejected],
  ];
  lines.push("", "  Result      Count", "  ---------   -----");
  for (const [name, count] of rows) lines.push(`  ${name.padEnd(9)}   ${String(count).padStart(5)}`);
  lines.push("");
  if (dryRun) lines.push("Dry run: nothing was stored and the catalogue is unchanged.");
  else if (!report.committed) {
    lines.push(`Nothing was changed: ${report.counts.rejected} file(s) rejected. Fix or remove them and run again.`);
  } else lines.push("The catalogue is up to date.");
  return `${lines.join("\n")}\n`;
}

function parseCommandLine(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      options: { "dry-run": { type: "boolean" }, help: { type: "boolean" } },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n`);
    return null;
  }
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCommandLine(argv);
  if (!parsed) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (parsed.values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const [folder, ...extra] = parsed.positionals;
  if (!folder || extra.length) {
    process.stderr.write(USAGE);
    return 2;
  }
  const dryRun = parsed.values["dry-run"] === true;

  const config = loadConfig();
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const paperStore = paperStoreFor(config, database);
    const progress = createProgress(process.stderr);
    const report = await importPapers({ database, paperStore }, folder, { dryRun, onProgress: progress.update });
    progress.finish();
    process.stdout.write(formatReport(report, dryRun));
    return report.counts.rejected > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`Import failed, the catalogue is unchanged: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
