/** What a benchmark run measures and where it writes it, from the environment. */
import path from "node:path";
import { ROOT } from "./processes.ts";

export interface BenchConfig {
  warmupSec: number;
  durationSec: number;
  /** The committed method (10 s warm-up, 30 s runs); any other timing is reported as a quick check. */
  fullRun: boolean;
  connections: readonly number[];
  /** Where the Markdown report is written. */
  out: string;
  /** PostgreSQL server (admin URL) to measure on as well, in a database of the benchmark's own. */
  databaseUrl: string | undefined;
  /** The command the report shows: the variables that were set (password hidden), then `npm run bench`. */
  command: string;
}

/** BENCH_WARMUP, BENCH_DURATION (seconds), BENCH_OUT and DATABASE_URL; exits 2 on a bad number. */
export function readConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const warmupSec = envSeconds(env, "BENCH_WARMUP", 10);
  const durationSec = envSeconds(env, "BENCH_DURATION", 30);
  const databaseUrl = env.DATABASE_URL || undefined;
  const command = [
    databaseUrl ? `DATABASE_URL=${redact(databaseUrl)}` : "",
    env.BENCH_WARMUP ? `BENCH_WARMUP=${warmupSec}` : "",
    env.BENCH_DURATION ? `BENCH_DURATION=${durationSec}` : "",
    "npm run bench",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    warmupSec,
    durationSec,
    fullRun: warmupSec === 10 && durationSec === 30,
    connections: [50, 200],
    out: path.resolve(env.BENCH_OUT ?? path.join(ROOT, "docs/benchmarks.md")),
    databaseUrl,
    command,
  };
}

function envSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`${name} must be a positive number of seconds, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparsable URL)";
  }
}
