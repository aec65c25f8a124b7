/**
 * npm run papers:migrate-store [-- --from <folder>]
 *
 * Moving from the embedded database to PostgreSQL (decision 013): copies the paper files of the local
 * folder store (DATA_DIR/papers, or --from) into PostgreSQL, where every instance serves them. Needs
 * DATABASE_URL. Safe to re-run and to run while instances serve: files are content-addressed, a copy
 * is one transaction per file, and files already there are skipped. Exits 1 when a file was damaged
 * or a catalogued paper's file is still missing, 2 on a usage or database error.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../server/config.server.ts";
import { openDatabase } from "../server/db/client.server.ts";
import { copyFolderToStore } from "../server/papers/store-migration.server.ts";
import { paperStoreFor } from "../server/services.server.ts";

const USAGE = "Usage: DATABASE_URL=postgres://… npm run papers:migrate-store [-- --from <folder>]\n";

async function main(argv: string[]): Promise<number> {
  let values: { from?: string; help?: boolean };
  try {
    ({ values } = parseArgs({ args: argv, options: { from: { type: "string" }, help: { type: "boolean" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write(`Set DATABASE_URL: without it the paper files already live in the folder.\n\n${USAGE}`);
    return 2;
  }
  const from = path.resolve(values.from ?? path.join(config.dataDir, "papers"));
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
    const report = await copyFolderToStore(from, paperStoreFor(config, database), database, {
      onProgress: (done, total) => {
        if (done % 50 === 0 || done === total) process.stderr.write(`${done}/${total} files\n`);
      },
    });
    const lines = [
      `Copied ${report.copied} file(s), ${(report.bytes / 1024 / 1024).toFixed(1)} MB, from ${from}.`,
      `Already in PostgreSQL: ${report.present}.`,
      ...report.rejected.map(({ file, reason }) => `  rejected  ${file}: ${reason}`),
      ...report.missing.map(
        (sha256) => `  missing   ${sha256}: a catalogued paper names it and PostgreSQL still lacks it`,
      ),
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    return report.rejected.length > 0 || report.missing.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`Copy failed: ${(error as Error).message}\n`);
  process.exitCode = 2;
}
