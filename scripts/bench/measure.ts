/** Load on one running server: a warm-up and the measured runs for every target, each checked. */
import type { BenchConfig } from "./config.ts";
import { log } from "./log.ts";
import {
  type LoadResult,
  type MemorySample,
  runAutocannon,
  type Served,
  sampleMemory,
  sampleOtherCpu,
} from "./processes.ts";
import type { Target } from "./targets.ts";

export interface Row {
  server: string;
  target: Target;
  connections: number;
  result: LoadResult;
  memory: MemorySample | undefined;
  /** Cores used by processes outside the benchmark during the run (see sampleOtherCpu). */
  otherCpu: number;
  failures: string[];
}

export interface ServerRun {
  name: string;
  rows: Row[];
  /** RSS after the first warm-up, and at the end, bytes. */
  rssAfterWarmup?: number;
  rssAtEnd?: number;
  hwm?: number;
  /** Shown in the report's notes. */
  problems: string[];
  /** What fails the whole run, in the order it was found. */
  failures: string[];
  skipped?: string;
}

/** A run that did not happen, with the reason the report gives. */
export function skippedRun(name: string, reason: string): ServerRun {
  return { name, rows: [], problems: [], failures: [], skipped: reason };
}

function checkResult(result: LoadResult, expectedStatus: number): string[] {
  const problems: string[] = [];
  if (result.totalRequests === 0) problems.push("no request completed");
  if (result.errors) problems.push(`${result.errors} errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} non-2xx responses`);
  for (const [status, count] of Object.entries(result.statusCounts)) {
    if (Number(status) !== expectedStatus) problems.push(`${count} × status ${status} (expected ${expectedStatus})`);
  }
  return problems;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Measures `served`, then adds what it wrote: the real server's warn-and-above log lines (see
 * addServerLog), or a baseline's stderr as it is.
 */
export async function measure(
  name: string,
  served: Served,
  targets: Target[],
  config: BenchConfig,
  output: "server log" | "stderr",
): Promise<ServerRun> {
  const run: ServerRun = { name, rows: [], problems: [], failures: [] };
  for (const target of targets) {
    const load = {
      url: `${served.url}${target.path}`,
      method: target.method,
      headers: target.headers,
      body: target.body,
      timeoutSec: target.timeoutSec,
    };
    log(`  ${name}: warm-up ${config.warmupSec} s, ${target.label}`);
    const warm = await runAutocannon({ ...load, connections: 50, durationSec: config.warmupSec });
    const warmProblems = checkResult(warm, target.expectedStatus);
    if (warmProblems.length) {
      const message = `${name}, ${target.label}, warm-up: ${warmProblems.join(", ")}`;
      run.failures.push(message);
      run.problems.push(message);
    }
    if (run.rssAfterWarmup === undefined) run.rssAfterWarmup = sampleMemory(served.pid).stop()?.lastRss;
    for (const connections of config.connections) {
      const others = sampleOtherCpu();
      const sampler = sampleMemory(served.pid);
      const result = await runAutocannon({ ...load, connections, durationSec: config.durationSec });
      const memory = sampler.stop();
      const otherCpu = others.stop();
      const failures = checkResult(result, target.expectedStatus);
      run.rows.push({ server: name, target, connections, result, memory, otherCpu, failures });
      for (const problem of failures)
        run.failures.push(`${name}, ${target.label}, ${connections} connections: ${problem}`);
      log(
        `  ${name}: ${target.key} c=${connections} ${result.requestsPerSec.toFixed(1)} req/s p50 ${result.latencyP50} ms p99 ${result.latencyP99} ms${failures.length ? ` FAILED: ${failures.join(", ")}` : ""}`,
      );
      // Let sockets close and queued work drain before the next run.
      await pause(2_000);
    }
  }
  const end = sampleMemory(served.pid).stop();
  run.rssAtEnd = end?.lastRss;
  run.hwm = end?.hwm;
  if (output === "server log") addServerLog(run, served.problems());
  else run.problems.push(...served.problems());
  return run;
}

const LEVELS: Record<number, string> = { 40: "warn", 50: "error", 60: "fatal" };

/**
 * The server's warn-and-above log lines go in the report, grouped by message; error and fatal ones (or
 * anything that is not a pino line, such as a crash) fail the run.
 */
function addServerLog(run: ServerRun, lines: string[]): void {
  const groups = new Map<string, number>();
  let serious = 0;
  for (const line of lines) {
    let key: string;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { code?: string; message?: string } };
      const level = entry.level ?? 60;
      if (level >= 50) serious++;
      const err = entry.err ? ` (${[entry.err.code, entry.err.message].filter(Boolean).join(": ")})` : "";
      key = `${LEVELS[level] ?? `level ${level}`}: ${entry.msg ?? ""}${err}`;
    } catch {
      serious++;
      key = `output: ${line}`;
    }
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  for (const [key, count] of groups) run.problems.push(`${count} × server log ${key}`);
  if (serious) run.failures.push(`${run.name}: the server logged ${serious} error line(s) (see the notes)`);
}
