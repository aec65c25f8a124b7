/** The processes a benchmark run starts: the real server, the baselines, wrk; and an RSS sampler. */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  accessSync,
  constants,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eachLine, startAppProcess } from "../lib/app-process.ts";
import { type CapturedResponse, getFreePort, waitForOk } from "./http.ts";

export const ROOT = path.join(import.meta.dirname, "../..");

export interface Served {
  /** Base URL for load, on a loopback address. */
  url: string;
  /** The process whose memory is sampled (undefined when it cannot be measured as one process). */
  pid: number | undefined;
  /** Warn-and-above log lines (app) or stderr (baselines) seen so far. */
  problems(): string[];
  stop(): Promise<void>;
}

/** Keeps the last lines of a process's output that look like problems. */
function problemLines(keep: (line: string) => boolean) {
  const lines: string[] = [];
  const add = (line: string) => {
    if (!line.trim() || !keep(line)) return;
    lines.push(line.length > 600 ? `${line.slice(0, 600)}…` : line);
    if (lines.length > 200) lines.shift();
  };
  return { lines, add };
}

function collectProblems(child: ChildProcess, keep: (line: string) => boolean) {
  const problems = problemLines(keep);
  eachLine(child, problems.add);
  return problems.lines;
}

function exitWatcher(child: ChildProcess, name: string) {
  let exit: string | null = null;
  child.once("exit", (code, signal) => {
    exit = `${name} exited (${signal ?? code})`;
  });
  return () => exit;
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = "SIGTERM", graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  await exited;
  clearTimeout(timer);
}

/**
 * The production server as every script and test starts it (scripts/lib/app-process.ts), on PGlite or
 * `databaseUrl`, with the generated sample papers; Redis only on PostgreSQL, and only when REDIS_URL is set. LOG_LEVEL=warn: every line it logs is
 * a problem to report. Ready once /healthz and then /readyz (its database) answer.
 */
export async function startApp(
  databaseUrl?: string,
  env: Record<string, string | undefined> = {},
  { settled = true }: { settled?: boolean } = {},
): Promise<Served> {
  const problems = problemLines(() => true);
  const app = await startAppProcess(
    {
      // Nothing shared with other processes on this machine unless asked: PostgreSQL with DATABASE_URL, and with it
      // Redis when REDIS_URL is set, as a deployment on PostgreSQL has it (it carries the ends of sessions between
      // instances, so that they may keep sessions in memory: decision 032).
      DATABASE_URL: databaseUrl,
      REDIS_URL: databaseUrl ? process.env.REDIS_URL || undefined : undefined,
      LOG_LEVEL: "warn",
      SAMPLE_PAPERS: "1",
      // The load sends no X-Forwarded-For: the server trusts no proxy unless this environment says so.
      TRUST_PROXY: process.env.TRUST_PROXY,
      // The login target signs one account in from one address at 200 connections: it measures argon2
      // and sessions, not the abuse limits, whose reservations would refuse most of the burst.
      LOGIN_LIMIT_PER_ACCOUNT: "1000000",
      LOGIN_LIMIT_PER_IP: "1000000",
      // The search target asks from one address at 20 connections: it measures the search, not its limit.
      SEARCH_LIMIT_PER_IP: "10000000",
      SEARCH_MISS_LIMIT_PER_IP: "10000000",
      ...env,
    },
    {
      readiness: [
        { path: "/healthz", timeoutMs: 180_000 },
        { path: "/readyz", timeoutMs: 60_000 },
      ],
      onLine: problems.add,
      // Measured once the first-page images' backfill has ended (decision 033): drawing the ~500 sample files
      // takes part of a core for two minutes, which would otherwise come off the first targets' figures.
      settled,
    },
  );
  const exited = (): string[] => {
    const { exitCode, signalCode } = app.child;
    return exitCode === null && signalCode === null ? [] : [`server exited (${signalCode ?? exitCode})`];
  };
  return {
    url: `http://127.0.0.1:${app.port}`,
    pid: app.child.pid,
    problems: () => [...problems.lines, ...exited()],
    stop: () => app.stop(),
  };
}

/** scripts/bench/baseline-server.ts replaying `responses` from memory. */
export async function startNodeBaseline(responses: CapturedResponse[]): Promise<Served> {
  const dir = mkdtempSync(path.join(tmpdir(), "ps-bench-baseline-"));
  const manifest = path.join(dir, "responses.json");
  writeFileSync(manifest, JSON.stringify(responses));
  const child = spawn(process.execPath, [path.join(import.meta.dirname, "baseline-server.ts"), manifest], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const problems = collectProblems(child, (line) => !line.startsWith('{"port"'));
  const port = await new Promise<number>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`baseline server exited with ${code}: ${problems.join("\n")}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    problems: () => problems,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The nginx binary on PATH, if any (it is detected, never installed). */
export function findNginx(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, "nginx");
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** `nginx -v` and where it is, for the report. */
export function nginxVersion(binary: string): string {
  const v = spawnSync(binary, ["-v"], { encoding: "utf8" });
  return `${(v.stderr || v.stdout).trim()} (${binary})`;
}

const NGINX_TYPES: Record<string, string> = { html: "text/html", json: "application/json", pdf: "application/pdf" };

function extensionFor(contentType: string | undefined): string {
  if (contentType?.startsWith("text/html")) return "html";
  if (contentType?.startsWith("application/json")) return "json";
  return "pdf";
}

/**
 * nginx serving the GET targets' bytes from files (range requests are answered by nginx itself).
 * POST targets are left out: nginx's static module does not answer POST.
 */
export async function startNginx(binary: string, responses: CapturedResponse[]): Promise<Served> {
  const dir = mkdtempSync(path.join(tmpdir(), "ps-bench-nginx-"));
  const files = path.join(dir, "files");
  mkdirSync(files);
  const port = await getFreePort();
  const locations: string[] = [];
  responses.forEach((response, i) => {
    if (response.method !== "GET") return;
    const body = Buffer.from(response.bodyBase64, "base64");
    const name = `t${i}.${extensionFor(response.headers["content-type"])}`;
    // A 206 capture is a slice of the whole file; nginx gets the slice as the file and slices it itself.
    writeFileSync(path.join(files, name), body);
    const pathname = response.path.split("?")[0];
    locations.push(`    location = ${pathname} { rewrite ^ /__bench/${name} last; }`);
  });
  const config = `worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  types { ${Object.entries(NGINX_TYPES)
    .map(([ext, type]) => `${type} ${ext};`)
    .join(" ")} }
  charset utf-8;
  charset_types text/html application/json;
  server {
    listen 127.0.0.1:${port};
${locations.join("\n")}
    location /__bench/ { internal; alias ${files}/; }
  }
}
`;
  writeFileSync(path.join(dir, "nginx.conf"), config);
  const child = spawn(binary, ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const problems = collectProblems(child, () => true);
  const dead = exitWatcher(child, "nginx");
  const url = `http://127.0.0.1:${port}`;
  const probe = responses.find((r) => r.method === "GET");
  try {
    await waitForOk(`${url}${probe?.path ?? "/"}`, 20_000, dead);
  } catch (error) {
    await stopChild(child, "SIGQUIT");
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url,
    // Master plus workers: one process's RSS would not mean anything, so nginx memory is not reported.
    pid: undefined,
    problems: () => problems,
    async stop() {
      await stopChild(child, "SIGQUIT");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface MemorySample {
  /** Highest VmRSS seen while sampling, bytes. */
  peakRss: number;
  /** VmRSS at the last sample, bytes. */
  lastRss: number;
  /** The kernel's high-water mark at the last sample, bytes. */
  hwm: number;
}

function readStatus(pid: number): { rss: number; hwm: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), hwm: kb("VmHWM") };
  } catch {
    return undefined;
  }
}

/** Samples /proc/<pid>/status every 200 ms until stopped. */
export function sampleMemory(pid: number | undefined): { stop(): MemorySample | undefined } {
  if (pid === undefined) return { stop: () => undefined };
  let peakRss = 0;
  let last: { rss: number; hwm: number } | undefined;
  const take = () => {
    const now = readStatus(pid);
    if (!now) return;
    last = now;
    peakRss = Math.max(peakRss, now.rss);
  };
  take();
  const timer = setInterval(take, 200);
  return {
    stop() {
      clearInterval(timer);
      take();
      return last ? { peakRss, lastRss: last.rss, hwm: last.hwm } : undefined;
    },
  };
}

/** Linux reports process CPU times in USER_HZ ticks, which is 100 a second on every Linux ABI. */
const TICKS_PER_SECOND = 100;

interface ProcessTimes {
  ppid: number;
  comm: string;
  ticks: number;
}

function processTimes(): Map<number, ProcessTimes> {
  const all = new Map<number, ProcessTimes>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid ..."; comm may contain spaces and parentheses, so split at the last ")".
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const fields = stat.slice(close + 2).split(" ");
      // After comm: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime.
      all.set(Number(name), { ppid: Number(fields[1]), comm, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process exited between readdir and read.
    }
  }
  return all;
}

/**
 * CPU used by processes that are not part of the benchmark while it runs, in cores (1 = one core
 * busy all the time). The benchmark's own processes (this script's descendants: the server, the
 * baseline and wrk), PostgreSQL's and kernel threads (loopback traffic is handled there) are
 * left out. The load average cannot tell this: the benchmark alone keeps both cores busy.
 */
export function sampleOtherCpu(): { stop(): number } {
  const startedAt = performance.now();
  const before = processTimes();
  return {
    stop() {
      const after = processTimes();
      const seconds = (performance.now() - startedAt) / 1000;
      const ours = (pid: number): boolean => {
        for (let at = pid, hops = 0; at > 2 && hops < 64; hops++) {
          if (at === process.pid) return true;
          const info = after.get(at) ?? before.get(at);
          if (!info) return false;
          at = info.ppid;
        }
        return false;
      };
      let ticks = 0;
      for (const [pid, info] of after) {
        if (pid === 2 || info.ppid === 2 || info.comm === "postgres" || ours(pid)) continue;
        ticks += info.ticks - (before.get(pid)?.ticks ?? 0);
      }
      return seconds > 0 ? ticks / TICKS_PER_SECOND / seconds : 0;
    },
  };
}

export interface LoadSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  durationSec: number;
  timeoutSec: number;
}

export interface LoadResult {
  requestsPerSec: number;
  totalRequests: number;
  /** Latency percentiles and maximum, ms (wrk measures them in µs). */
  latencyP50: number;
  latencyP99: number;
  latencyMax: number;
  /** Socket errors: connect, read and write. */
  errors: number;
  timeouts: number;
  /** Responses with a status outside 2xx and 3xx (wrk does not tell which). */
  non2xx: number;
  bytesPerSec: number;
}

/** wrk's threads: one per core of this 2-core machine, as wrk's own default is two. */
const WRK_THREADS = 2;

/**
 * The request and the summary line, in wrk's Lua: the method, headers and body of the target, and a
 * `done` that prints the counts and latency percentiles as one JSON line.
 */
function wrkScript(spec: Pick<LoadSpec, "method" | "headers" | "body">): string {
  const lua = (value: string) => `"${value.replace(/[\\"]/g, "\\$&").replace(/\n/g, "\\n").replace(/\r/g, "\\r")}"`;
  return [
    `wrk.method = ${lua(spec.method)}`,
    ...Object.entries(spec.headers).map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`),
    ...(spec.body === undefined ? [] : [`wrk.body = ${lua(spec.body)}`]),
    "done = function(summary, latency, requests)",
    "  local e = summary.errors",
    '  io.write(string.format(\'{"requests":%d,"durationUs":%d,"bytes":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p99":%d,"max":%d}\\n\',',
    "    summary.requests, summary.duration, summary.bytes, e.connect, e.read, e.write, e.status, e.timeout,",
    "    latency:percentile(50), latency:percentile(99), latency.max))",
    "end",
    "",
  ].join("\n");
}

/** Runs wrk (Debian's package; see scripts/bench/wrk.ts) in its own process and parses its summary line. */
export function runWrk(spec: LoadSpec): Promise<LoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), "ps-bench-wrk-"));
  const script = path.join(dir, "request.lua");
  writeFileSync(script, wrkScript(spec));
  const args = [
    `-t${Math.min(WRK_THREADS, spec.connections)}`,
    `-c${spec.connections}`,
    `-d${spec.durationSec}s`,
    `--timeout`,
    `${spec.timeoutSec}s`,
    "-s",
    script,
    spec.url,
  ];
  const child = spawn("wrk", args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => {
      rmSync(dir, { recursive: true, force: true });
      const line = stdout
        .split("\n")
        .reverse()
        .find((l) => l.startsWith("{"));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited with ${code}: ${(stderr || stdout).slice(-2000)}`));
        return;
      }
      const r = JSON.parse(line) as {
        requests: number;
        durationUs: number;
        bytes: number;
        connect: number;
        read: number;
        write: number;
        status: number;
        timeout: number;
        p50: number;
        p99: number;
        max: number;
      };
      const seconds = r.durationUs / 1e6;
      resolve({
        requestsPerSec: seconds > 0 ? r.requests / seconds : 0,
        totalRequests: r.requests,
        latencyP50: r.p50 / 1000,
        latencyP99: r.p99 / 1000,
        latencyMax: r.max / 1000,
        errors: r.connect + r.read + r.write,
        timeouts: r.timeout,
        non2xx: r.status,
        bytesPerSec: seconds > 0 ? r.bytes / seconds : 0,
      });
    });
  });
}
