/** What a benchmark run measures and where it writes it, from the environment. */
import path from "node:path";
import { ROOT } from "./processes.ts";

export interface BenchConfig {
  warmupSec: number;
  durationSec: number;
  /** The committed method (5 s warm-up, 15 s runs); any other timing is reported as a quick check. */
  fullRun: boolean;
  /** Where the Markdown report is written. */
  out: string;
  /** PostgreSQL server (admin URL) to measure on as well, in a database of the benchmark's own. */
  databaseUrl: string | undefined;
  /** The command the report shows: the variables that were set (password hidden), then `npm run bench`. */
  command: string;
  /**
   * BENCH_ONLY=viewer: only the paper viewer step (no load test); BENCH_ONLY=http: only the load test (no
   * viewer); BENCH_ONLY=search: only the search scenario, on PGlite. Each prints its tables and writes no file.
   */
  only: BenchStep | undefined;
}

/** The steps BENCH_ONLY can pick. */
const BENCH_STEPS = ["viewer", "http", "search"] as const;
export type BenchStep = (typeof BENCH_STEPS)[number];

/**
 * The committed timing: per target, 5 s of warm-up and 15 s measured on the app, then the same on the
 * baseline right after it (about five minutes for the load test on PGlite).
 */
const WARMUP_SEC = 5;
const DURATION_SEC = 15;

/** BENCH_WARMUP, BENCH_DURATION (seconds), BENCH_OUT, BENCH_ONLY and DATABASE_URL; exits 2 on a bad value. */
export function readConfig(env: NodeJS.ProcessEnv): BenchConfig {
  const only = envStep(env);
  const warmupSec = envSeconds(env, "BENCH_WARMUP", WARMUP_SEC);
  const durationSec = envSeconds(env, "BENCH_DURATION", DURATION_SEC);
  const databaseUrl = env.DATABASE_URL || undefined;
  const command = [
    only ? `BENCH_ONLY=${only}` : "",
    databaseUrl ? `DATABASE_URL=${redact(databaseUrl)}` : "",
    databaseUrl && env.REDIS_URL ? `REDIS_URL=${redact(env.REDIS_URL)}` : "",
    env.BENCH_WARMUP ? `BENCH_WARMUP=${warmupSec}` : "",
    env.BENCH_DURATION ? `BENCH_DURATION=${durationSec}` : "",
    "npm run bench",
  ]
    .filter(Boolean)
    .join(" ");
  return {
    warmupSec,
    durationSec,
    fullRun: warmupSec === WARMUP_SEC && durationSec === DURATION_SEC,
    out: path.resolve(env.BENCH_OUT ?? path.join(ROOT, "docs/benchmarks.md")),
    databaseUrl,
    command,
    only,
  };
}

function envStep(env: NodeJS.ProcessEnv): BenchStep | undefined {
  const raw = env.BENCH_ONLY;
  if (raw === undefined || raw === "") return undefined;
  const step = BENCH_STEPS.find((s) => s === raw);
  if (!step) {
    process.stderr.write(`BENCH_ONLY must be one of ${BENCH_STEPS.join(", ")}, got "${raw}"\n`);
    process.exit(2);
  }
  return step;
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
