/**
 * npm run bench
 *
 * Load-tests the production build (`node server/main.ts`) with wrk (Debian's package; installed first
 * when missing and this user is root or has passwordless sudo) run as a separate process: on PGlite
 * always, and on PostgreSQL when DATABASE_URL is set (in a fresh `bench_<random>` database on that
 * server, dropped afterwards). For each target, right after PaperStation, a minimal node:http server
 * answers the same bytes (and nginx, when it is on PATH, afterwards) as a baseline. Prints a table with
 * req/s, p50, p99, share of bare Node and PASS/FAIL against issue 15's goals, and writes
 * docs/benchmarks.md (keeping its hand-written part). Any error, timeout, unexpected status or missed
 * goal fails the run (exit 1) after the report.
 *
 * Then the paper viewer on a phone (scripts/bench/viewer.ts): in Debian's Chromium with a 4× CPU
 * slowdown and CDP network throttling (slow 4G, 400 kbps, loopback), the time from the tap on 'Q Paper'
 * to the first page of a 1 MB scanned paper drawn, with the viewer's code prefetched and cold. A
 * prefetched time over its target (3 s, 6 s, 1 s) fails the run too.
 *
 *   BENCH_WARMUP=2 BENCH_DURATION=3 BENCH_OUT=/tmp/bench.md npm run bench   # a quick check
 *   npm run bench                                                          # the committed numbers
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench     # PostgreSQL too
 *   DATABASE_URL=… REDIS_URL=redis://127.0.0.1:6379 npm run bench         # PostgreSQL with Redis, as deployed
 *   BENCH_ONLY=http npm run bench         # only the load test: prints its tables, writes no file
 *   BENCH_ONLY=viewer npm run bench       # only the viewer step: prints its table, writes no file
 *   BENCH_ONLY=search npm run bench       # only the search scenario on PGlite: prints its table, writes no file
 *
 * The full run ends with the soak (`npm run soak`: 200 connections of mixed traffic for two minutes, with a memory
 * check), which is not part of `npm test`.
 *
 * The steps live in scripts/bench/: config, machine, wrk, runs (one per server: targets, then measure),
 * viewer (with its paper, viewer-fixture), report.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Cleanups, cleanUpOnInterrupt, createCleanups } from "./bench/cleanups.ts";
import { type BenchConfig, readConfig } from "./bench/config.ts";
import { log } from "./bench/log.ts";
import { machine } from "./bench/machine.ts";
import { goalFailures, keptPart, renderReport } from "./bench/report.ts";
import { benchNginx, benchPglite, benchPostgres, benchSearchOnly, NGINX_NOTE } from "./bench/runs.ts";
import { benchViewer, type ViewerResult } from "./bench/viewer.ts";
import { ensureWrk } from "./bench/wrk.ts";
import { ensureBuild } from "./lib/build.ts";

async function bench(config: BenchConfig, cleanups: Cleanups): Promise<void> {
  const started = new Date();
  const loadBefore = os.loadavg();
  const wrk = ensureWrk();
  const m = machine();
  log(
    `PaperStation benchmark: warm-up ${config.warmupSec} s, ${config.durationSec} s per run${config.only ? ` (BENCH_ONLY=${config.only})` : ""}`,
  );
  log(
    `${m.cores} cores, ${m.model}, ${m.memory}, Node ${m.node}, ${wrk}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
  );
  ensureBuild();

  const pglite = await benchPglite(config, cleanups);
  const nginx = await benchNginx(pglite, config, cleanups);
  const postgres = config.databaseUrl ? await benchPostgres(config.databaseUrl, config, cleanups) : undefined;
  const viewer: ViewerResult | undefined = config.only === "http" ? undefined : await benchViewer(cleanups);

  const apps = [pglite.run, ...(postgres ? [postgres.run] : [])];
  const failures = [
    ...[pglite.run, pglite.baseline, nginx.run, ...(postgres ? [postgres.run] : [])].flatMap((r) => r.failures),
    ...apps.flatMap((run) => goalFailures(run, pglite.baseline)),
    ...(viewer?.failures ?? []),
  ];
  const previous = existsSync(config.out) ? readFileSync(config.out, "utf8") : undefined;
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
    apps,
    baseline: pglite.baseline,
    nginx: nginx.run,
    captured: pglite.captured,
    targets: pglite.targets,
    pdfNote: pglite.pdfNote,
    failures,
    viewer: viewer?.section,
    searches: [pglite.search, ...(postgres ? [postgres.search] : [])],
    kept: keptPart(previous),
  });
  log(`\n${report}`);
  if (config.only) {
    log(`\n(BENCH_ONLY=${config.only}: ${path.relative(process.cwd(), config.out) || config.out} was not written.)`);
  } else {
    writeFileSync(config.out, report);
    log(`Wrote ${path.relative(process.cwd(), config.out) || config.out}`);
  }
  reportFailures(failures);
  // The soak (issue 24): a load test of its own, two and a half minutes of mixed traffic with a memory check.
  if (!config.only) {
    log("\nSoak: npm run soak");
    const soak = spawnSync("npm", ["run", "--silent", "soak"], { stdio: "inherit" });
    if (soak.status !== 0) reportFailures([`soak failed (exit ${soak.status ?? soak.signal})`]);
  }
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
    if (config.only === "search") reportFailures(await benchSearchOnly(config, cleanups));
    else await (config.only === "viewer" ? benchViewerOnly(config, cleanups) : bench(config, cleanups));
  } catch (error) {
    process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
    await cleanups.runAll();
    process.exitCode = 1;
  }
}

await main();
