/**
 * npm run bench
 *
 * Load-tests the production build (`node server/main.ts`) with autocannon run as a separate process:
 * against PGlite always, and against PostgreSQL when DATABASE_URL is set (in a fresh `bench_<random>`
 * database on that server, dropped afterwards). The same response bytes are also served by a minimal
 * node:http server (and by nginx when it is on PATH) as a baseline. Prints a table and writes
 * docs/benchmarks.md. Any error, timeout or unexpected status fails the run (exit 1) after the report.
 *
 * Then the paper viewer on a phone (scripts/bench/viewer.ts): in Debian's Chromium with a 4× CPU
 * slowdown and CDP network throttling (slow 4G, 400 kbps, loopback), the time from the tap on 'Q Paper'
 * to the first page of a 1 MB scanned paper drawn, with the viewer's code prefetched and cold. A
 * prefetched time over its target (3 s, 6 s, 1 s) fails the run too.
 *
 *   BENCH_WARMUP=2 BENCH_DURATION=3 BENCH_OUT=/tmp/bench.md npm run bench   # a quick check
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench     # the committed numbers
 *   BENCH_ONLY=viewer npm run bench       # only the viewer step: prints its table, writes no file
 *
 * The steps live in scripts/bench/: config, machine, runs (one per server: targets, then measure),
 * viewer (with its paper, viewer-fixture), report.
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
import { benchViewer } from "./bench/viewer.ts";
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
  const viewer = await benchViewer(cleanups);

  // The report lists the app's runs before the baselines; the failures keep the order they happened in.
  const runs = [pglite.run, ...(postgres ? [postgres.run] : []), baseline, nginx.run];
  const failures = [
    ...[pglite.run, baseline, nginx.run, ...(postgres ? [postgres.run] : [])].flatMap((r) => r.failures),
    ...viewer.failures,
  ];
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
    viewer: viewer.section,
  });
  writeFileSync(config.out, report);
  log(`\n${report}`);
  log(`Wrote ${path.relative(process.cwd(), config.out) || config.out}`);
  reportFailures(failures);
}

/** BENCH_ONLY=viewer: the viewer step alone, its table printed; the committed report is left as it is. */
async function benchViewerOnly(config: BenchConfig, cleanups: Cleanups): Promise<void> {
  const m = machine();
  log(`PaperStation benchmark, viewer step only (${config.command})`);
  log(
    `${m.cores} cores, ${m.model}, ${m.memory}, Node ${m.node}; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}`,
  );
  ensureBuild();
  const viewer = await benchViewer(cleanups);
  log(viewer.section.join("\n"));
  log(`\n(BENCH_ONLY=viewer: ${path.relative(process.cwd(), config.out) || config.out} was not written.)`);
  reportFailures(viewer.failures);
}

function reportFailures(failures: string[]): void {
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
    await (config.only === "viewer" ? benchViewerOnly(config, cleanups) : bench(config, cleanups));
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
    await cleanups.runAll();
    process.exitCode = 1;
  }
}

await main();
