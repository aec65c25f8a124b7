/** Load on one running server: a warm-up and the measured runs for every target, each checked. */
import os from "node:os";
import type { BenchConfig } from "./config.ts";
import { log } from "./log.ts";
import { type LoadResult, type MemorySample, runWrk, type Served, sampleMemory, sampleOtherCpu } from "./processes.ts";
import type { Target } from "./targets.ts";

export interface Row {
  server: string;
  target: Target;
  connections: number;
  result: LoadResult;
  memory: MemorySample | undefined;
  /** Cores used by processes outside the benchmark during the run (see sampleOtherCpu). */
  otherCpu: number;
  /** The 1-minute load average when the run started. */
  load: number;
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

function checkResult(result: LoadResult): string[] {
  const problems: string[] = [];
  if (result.totalRequests === 0) problems.push("no request completed");
  if (result.errors) problems.push(`${result.errors} socket errors`);
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`);
  if (result.non2xx) problems.push(`${result.non2xx} responses outside 2xx/3xx`);
  return problems;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One server under load: the real one (its warn-and-above log is reported) or a baseline (its stderr). */
export interface Contender {
  name: string;
  served: Served;
  output: "server log" | "stderr";
  /** Warm-up before each target's measured run, s. */
  warmupSec: number;
}

/**
 * For each target, each contender in turn: its warm-up, then its measured run. The app and its baseline
 * are measured seconds apart, so that the ratio between them carries as little of a shared machine's
 * changing load as it can.
 */
export async function measureSideBySide(
  contenders: Contender[],
  targets: Target[],
  config: BenchConfig,
): Promise<ServerRun[]> {
  const runs = contenders.map((c): ServerRun => ({ name: c.name, rows: [], problems: [], failures: [] }));
  for (const target of targets) {
    for (const [i, contender] of contenders.entries()) {
      const run = runs[i] as ServerRun;
      const { name, served } = contender;
      const load = {
        url: `${served.url}${target.path}`,
        method: target.method,
        headers: target.headers,
        body: target.body,
        timeoutSec: target.timeoutSec,
        connections: target.connections,
      };
      const warm = await runWrk({ ...load, durationSec: contender.warmupSec });
      const warmProblems = checkResult(warm);
      if (warmProblems.length) {
        const message = `${name}, ${target.label}, warm-up: ${warmProblems.join(", ")}`;
        run.failures.push(message);
        run.problems.push(message);
      }
      if (run.rssAfterWarmup === undefined) run.rssAfterWarmup = sampleMemory(served.pid).stop()?.lastRss;
      const loadAverage = os.loadavg()[0] ?? 0;
      const others = sampleOtherCpu();
      const sampler = sampleMemory(served.pid);
      const result = await runWrk({ ...load, durationSec: config.durationSec });
      const memory = sampler.stop();
      const otherCpu = others.stop();
      const failures = checkResult(result);
      run.rows.push({
        server: name,
        target,
        connections: target.connections,
        result,
        memory,
        otherCpu,
        load: loadAverage,
        failures,
      });
      for (const problem of failures)
        run.failures.push(`${name}, ${target.label}, ${target.connections} connections: ${problem}`);
      log(
        `  ${name}: ${target.key} c=${target.connections} ${result.requestsPerSec.toFixed(0)} req/s p50 ${result.latencyP50.toFixed(2)} ms p99 ${result.latencyP99.toFixed(2)} ms (load ${loadAverage.toFixed(2)})${failures.length ? ` FAILED: ${failures.join(", ")}` : ""}`,
      );
      // Let sockets close and queued work drain before the next run.
      await pause(1_000);
    }
  }
  contenders.forEach((contender, i) => {
    const run = runs[i] as ServerRun;
    const end = sampleMemory(contender.served.pid).stop();
    run.rssAtEnd = end?.lastRss;
    run.hwm = end?.hwm;
    if (contender.output === "server log") addServerLog(run, contender.served.problems());
    else run.problems.push(...contender.served.problems());
  });
  return runs;
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
