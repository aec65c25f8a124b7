/** One step per server the benchmark measures: start it, measure it, stop it. */
import { randomBytes } from "node:crypto";
import os from "node:os";
import postgres from "postgres";
import { ensureBuild } from "../lib/build.ts";
import { type Cleanups, withServer } from "./cleanups.ts";
import type { BenchConfig } from "./config.ts";
import type { CapturedResponse } from "./http.ts";
import { log } from "./log.ts";
import { measureSideBySide, type ServerRun, skippedRun } from "./measure.ts";
import { findNginx, nginxVersion, startApp, startNginx, startNodeBaseline } from "./processes.ts";
import { benchSearch, type SearchBench, stallBench } from "./search.ts";
import { captureResponses, checkPageCache, type PreparedTargets, prepareTargets } from "./targets.ts";

export interface PgliteRun extends PreparedTargets {
  run: ServerRun;
  /** The Node baseline, measured right after the app on each target. */
  baseline: ServerRun;
  /** Each target's response from this server, which the baselines replay. */
  captured: CapturedResponse[];
  /** The search scenario on the same server (scripts/bench/search.ts). */
  search: SearchBench;
}

/**
 * PaperStation on PGlite, where the targets are prepared and their responses captured, side by side with
 * the Node baseline replaying those bytes (scripts/bench/baseline-server.ts).
 */
export async function benchPglite(config: BenchConfig, cleanups: Cleanups): Promise<PgliteRun> {
  log("\nPaperStation on PGlite, and the Node baseline with the same bytes");
  return withServer(cleanups, startApp, async (served) => {
    const { targets, pdfNote } = await prepareTargets(served.url);
    const captured = await captureResponses(served.url, targets);
    const cacheProblems = await checkPageCache(served.url, targets);
    const [run, baseline] = await withServer(
      cleanups,
      () => startNodeBaseline(captured),
      (base) =>
        measureSideBySide(
          [
            { name: "PGlite", served, output: "server log", warmupSec: config.warmupSec },
            // Serving bytes from memory needs no more than JIT warm-up.
            { name: "Node baseline", served: base, output: "stderr", warmupSec: Math.min(config.warmupSec, 2) },
          ],
          targets,
          config,
        ),
    );
    if (!run || !baseline) throw new Error("a run is missing");
    // Search (issue 16): its own scenario, many queries in turn, on the same server.
    const search = await benchSearch(served, "PGlite", config, stallOn(cleanups));
    run.failures.push(...search.failures);
    for (const problem of cacheProblems) {
      run.problems.push(`page cache: ${problem}`);
      run.failures.push(`page cache: ${problem}`);
    }
    return { targets, pdfNote, captured, run, baseline, search };
  });
}

/** BENCH_ONLY=search: the search scenario alone, on PGlite (about half a minute); its table is printed. */
export async function benchSearchOnly(config: BenchConfig, cleanups: Cleanups): Promise<string[]> {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ");
  log(`PaperStation benchmark, search scenario only (${config.command}); load average ${load()}`);
  ensureBuild();
  const result = await withServer(cleanups, startApp, (served) =>
    benchSearch(served, "PGlite", config, stallOn(cleanups)),
  );
  log(`load average after: ${load()}`);
  return result.failures;
}

/** Issue 23's stall scenario, on a server of its own with the search limits of a real deployment. */
function stallOn(cleanups: Cleanups, databaseUrl?: string) {
  const defaults = { SEARCH_LIMIT_PER_IP: undefined, SEARCH_MISS_LIMIT_PER_IP: undefined };
  return () =>
    withServer(
      cleanups,
      // The stall is about the search's limits under a burst, not throughput: no need to wait for the backfill.
      () => startApp(databaseUrl, defaults, { settled: false }),
      (served) => stallBench(served.url),
    );
}

export const NGINX_NOTE = "not on PATH, so not measured (it is deliberately not installed by the benchmark)";

/** The captured bytes served by nginx from files (GET targets only), when nginx is on PATH. */
export async function benchNginx(
  pglite: PgliteRun,
  config: BenchConfig,
  cleanups: Cleanups,
): Promise<{ run: ServerRun; version?: string }> {
  const nginx = findNginx();
  if (!nginx) {
    log(`\nnginx: ${NGINX_NOTE}`);
    return { run: skippedRun("nginx", `Skipped: nginx is ${NGINX_NOTE}.`) };
  }
  const version = nginxVersion(nginx);
  log(`\nnginx (${version})`);
  const gets = pglite.targets.filter((t) => t.method === "GET");
  const run = await withServer(
    cleanups,
    () => startNginx(nginx, pglite.captured),
    async (served) =>
      (await measureSideBySide([{ name: "nginx", served, output: "stderr", warmupSec: 2 }], gets, config))[0],
  );
  return { run: run ?? skippedRun("nginx", "no run"), version };
}

/** PaperStation on PostgreSQL, in a fresh database on the DATABASE_URL server, dropped afterwards. */
export async function benchPostgres(
  adminUrl: string,
  config: BenchConfig,
  cleanups: Cleanups,
): Promise<{ run: ServerRun; version: string; search: SearchBench }> {
  log("\nPaperStation on PostgreSQL");
  return withBenchDatabase(adminUrl, cleanups, (url, version) =>
    withServer(
      cleanups,
      () => startApp(url),
      async (served) => {
        // Fresh database, so a fresh account; the targets' paths and bodies stay comparable.
        const prepared = await prepareTargets(served.url);
        const [run] = await measureSideBySide(
          [{ name: "PostgreSQL", served, output: "server log", warmupSec: config.warmupSec }],
          prepared.targets,
          config,
        );
        const search = await benchSearch(served, "PostgreSQL", config, stallOn(cleanups, url));
        run?.failures.push(...search.failures);
        return { run: run ?? skippedRun("PostgreSQL", "no run"), version, search };
      },
    ),
  );
}

async function withBenchDatabase<T>(
  adminUrl: string,
  cleanups: Cleanups,
  use: (url: string, version: string) => Promise<T>,
): Promise<T> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  };
  let remove = () => {};
  try {
    const [row] = await admin<{ server_version: string }[]>`show server_version`;
    await admin.unsafe(`create database ${name}`);
    remove = cleanups.add(drop);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    log(`PostgreSQL ${row?.server_version}: created database ${name}`);
    return await use(url.toString(), row?.server_version ?? "unknown");
  } finally {
    remove();
    await drop().catch((error: unknown) => log(`could not drop ${name}: ${(error as Error).message}`));
    log(`dropped database ${name}`);
    await admin.end();
  }
}
