/**
 * npm run bench
 *
 * Load-tests the production build (`node server/main.ts`) with autocannon run as a separate process:
 * against PGlite always, and against PostgreSQL when DATABASE_URL is set (in a fresh `bench_<random>`
 * database on that server, dropped afterwards). The same response bytes are also served by a minimal
 * node:http server (and by nginx when it is on PATH) as a baseline. Prints a table and writes
 * docs/benchmarks.md. Any error, timeout or unexpected status fails the run (exit 1) after the report.
 *
 *   BENCH_WARMUP=2 BENCH_DURATION=3 BENCH_OUT=/tmp/bench.md npm run bench   # a quick check
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench     # the committed numbers
 *
 * The steps live in scripts/bench/: config, machine, runs (one per server: targets, then measure), report.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Cleanups, cleanUpOnInterrupt, createCleanups } from "./bench/cleanups.ts";
import { type BenchConfig, readConfig } from "./bench/config.ts";
import { log } from "./bench/log.ts";
import { machine } from "./bench/machine.ts";
import { renderReport } from "./bench/report.ts";
import { benchNginx, benchNodeBaseline, benchPglite, benchPostgres, NGINX_NOTE } from "./bench/runs.ts";
import { ensureBuild } from "./lib/build.ts";

async function bench(config: BenchConfig, cleanups: Cleanups): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg();
  const m = machine();
  log(
    `PaperStation benchmark: warm-up ${config.warmupSec} s, ${config.durationSec} s per run, connections ${config.connections.join(" and ")}`,
  );
  log(
    `${m.cores} cores, ${m.model}, ${m.memory}, Node ${m.node}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
  );
  ensureBuild();

  const pglite = await benchPglite(config, cleanups);
  const baseline = await benchNodeBaseline(pglite, config, cleanups);
  const nginx = await benchNginx(pglite, config, cleanups);
  const postgres = config.databaseUrl ? await benchPostgres(config.databaseUrl, config, cleanups) : undefined;

  // The report lists the app's runs before the baselines; the failures keep the order they happened in.
  const runs = [pglite.run, ...(postgres ? [postgres.run] : []), baseline, nginx.run];
  const failures = [pglite.run, baseline, nginx.run, ...(postgres ? [postgres.run] : [])].flatMap((r) => r.failures);
  const report = renderReport({
    config,
    started,
    finishedMs: Date.now() - started.getTime(),
    machine: m,
    pgVersion: postgres?.version,
    nginxVersion: nginx.version,
    nginxNote: NGINX_NOTE,
    loadBefore,
    loadAfter: os.loadavg(),
    runs,
    captured: pglite.captured,
    targets: pglite.targets,
    pdfNote: pglite.pdfNote,
    failures,
  });
  writeFileSync(config.out, report);
  log(`\n${report}`);
  log(`Wrote ${path.relative(process.cwd(), config.out) || config.out}`);
  if (failures.length) {
    log(`\nFAILED: ${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
}

async function main(): Promise<void> {
  const config = readConfig(process.env);
  const cleanups = createCleanups();
  cleanUpOnInterrupt(cleanups);
  try {
    await bench(config, cleanups);
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
    await cleanups.runAll();
    process.exitCode = 1;
  }
}

await main();
