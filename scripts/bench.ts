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
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { type CapturedResponse, httpRequest } from "./bench/http.ts";
import {
  findNginx,
  type LoadResult,
  type MemorySample,
  ROOT,
  runAutocannon,
  type Served,
  sampleMemory,
  sampleOtherCpu,
  startApp,
  startNginx,
  startNodeBaseline,
} from "./bench/processes.ts";

function envSeconds(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`${name} must be a positive number of seconds, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

const WARMUP_SEC = envSeconds("BENCH_WARMUP", 10);
const DURATION_SEC = envSeconds("BENCH_DURATION", 30);
const FULL_RUN = WARMUP_SEC === 10 && DURATION_SEC === 30;
const CONNECTIONS = [50, 200] as const;
const OUT = path.resolve(process.env.BENCH_OUT ?? path.join(ROOT, "docs/benchmarks.md"));
const DATABASE_URL = process.env.DATABASE_URL || undefined;
/** argon2 makes a login take tens of ms of CPU; at 200 connections the queue is longer than autocannon's 10 s. */
const LOGIN_TIMEOUT_SEC = 60;
const DEFAULT_TIMEOUT_SEC = 10;

interface Target {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  expectedStatus: number;
  timeoutSec: number;
  /** Bounded by argon2: reported in its own table. */
  argon2: boolean;
}

interface Row {
  server: string;
  target: Target;
  connections: number;
  result: LoadResult;
  memory: MemorySample | undefined;
  /** Cores used by processes outside the benchmark during the run (see sampleOtherCpu). */
  otherCpu: number;
  failures: string[];
}

interface ServerRun {
  name: string;
  rows: Row[];
  /** RSS after the first warm-up, and at the end, bytes. */
  rssAfterWarmup?: number;
  rssAtEnd?: number;
  hwm?: number;
  problems: string[];
  skipped?: string;
}

const failures: string[] = [];
const cleanups: (() => Promise<void>)[] = [];

function log(message: string) {
  process.stdout.write(`${message}\n`);
}

// ---------------------------------------------------------------------------------------------- setup

function ensureBuild() {
  if (existsSync(path.join(ROOT, "build/server/index.js"))) return;
  log("build/server/index.js is missing: running `react-router build`…");
  const result = spawnSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error(`react-router build failed (${result.status})`);
}

function machine() {
  const cpuinfo = readFileSync("/proc/cpuinfo", "utf8");
  const meminfo = readFileSync("/proc/meminfo", "utf8");
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? "unknown";
  const memKb = Number(/^MemTotal:\s+(\d+) kB/m.exec(meminfo)?.[1] ?? 0);
  const autocannon = JSON.parse(readFileSync(path.join(ROOT, "node_modules/autocannon/package.json"), "utf8")) as {
    version: string;
  };
  return {
    cores: os.availableParallelism(),
    model,
    memory: `${(memKb / 1024 / 1024).toFixed(1)} GiB`,
    kernel: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    autocannon: autocannon.version,
  };
}

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const pair = header.split(";")[0] ?? "";
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

/** Signs up once, finds the largest sample PDF in the listing, and returns the five targets. */
async function prepareTargets(base: string): Promise<{ targets: Target[]; pdfNote: string }> {
  const listingPath = "/api/v1/get-question?subject=math_1&medium=marathi&standard=10";
  const suffix = randomBytes(4).toString("hex");
  const email = `bench-${suffix}@example.com`;
  const password = `bench-${randomBytes(8).toString("hex")}`;
  const phone = `919${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const json = { "Content-Type": "application/json" };
  const signup = await httpRequest(`${base}/api/v1/signup`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ name: "Bench Student", email, phone, password, role: 1 }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${signup.body.toString()}`);
  const cookie = cookieFrom(signup.headers["set-cookie"], "ps_session");
  if (!cookie) throw new Error("signup set no ps_session cookie");

  const listing = await httpRequest(`${base}${listingPath}`);
  if (listing.status !== 200) throw new Error(`get-question answered ${listing.status}`);
  const years = (JSON.parse(listing.body.toString()) as { data: { papers: { question_url: string }[] }[] }).data;
  const urls = years.flatMap((year) => year.papers.map((paper) => paper.question_url)).filter(Boolean);
  if (!urls.length) throw new Error("get-question listed no papers (are sample papers off?)");
  let pdf = { url: urls[0] as string, size: -1 };
  for (const url of urls) {
    const probe = await httpRequest(`${base}${url}`, { headers: { Cookie: cookie, Range: "bytes=0-0" } });
    const size = Number(/\/(\d+)$/.exec(String(probe.headers["content-range"] ?? ""))?.[1] ?? -1);
    if (probe.status === 206 && size > pdf.size) pdf = { url, size };
  }
  if (pdf.size < 0) throw new Error("no PDF answered a range request with 206");
  const servedBytes = Math.min(pdf.size, 65_536);
  const pdfNote =
    pdf.size < 65_536
      ? `The largest sample PDF in the listing is ${pdf.size} bytes, so \`Range: bytes=0-65535\` is answered 206 with the whole ${pdf.size}-byte file (\`Content-Range: bytes 0-${pdf.size - 1}/${pdf.size}\`), not 64 KB.`
      : `The PDF is ${pdf.size} bytes; each 206 carries ${servedBytes} bytes.`;

  const targets: Target[] = [
    {
      key: "api",
      label: "GET /api/v1/get-question (math_1, marathi)",
      method: "GET",
      path: listingPath,
      headers: {},
      expectedStatus: 200,
      timeoutSec: DEFAULT_TIMEOUT_SEC,
      argon2: false,
    },
    {
      key: "home",
      label: "GET / (SSR home)",
      method: "GET",
      path: "/",
      headers: {},
      expectedStatus: 200,
      timeoutSec: DEFAULT_TIMEOUT_SEC,
      argon2: false,
    },
    {
      key: "subject",
      label: "GET /maharashtra-board-math-1-question-papers (SSR)",
      method: "GET",
      path: "/maharashtra-board-math-1-question-papers",
      headers: {},
      expectedStatus: 200,
      timeoutSec: DEFAULT_TIMEOUT_SEC,
      argon2: false,
    },
    {
      key: "pdf",
      label: `GET ${pdf.url} (signed in, Range: bytes=0-65535)`,
      method: "GET",
      path: pdf.url,
      headers: { Cookie: cookie, Range: "bytes=0-65535" },
      expectedStatus: 206,
      timeoutSec: DEFAULT_TIMEOUT_SEC,
      argon2: false,
    },
    {
      key: "login",
      label: "POST /api/v1/login (valid account)",
      method: "POST",
      path: "/api/v1/login",
      headers: json,
      body: JSON.stringify({ email_or_phone: email, password }),
      expectedStatus: 200,
      timeoutSec: LOGIN_TIMEOUT_SEC,
      argon2: true,
    },
  ];
  return { targets, pdfNote };
}

/** Each target's real response, once, checked against the status the benchmark expects. */
async function captureResponses(base: string, targets: Target[]): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const target of targets) {
    const res = await httpRequest(`${base}${target.path}`, {
      method: target.method,
      headers: target.headers,
      body: target.body,
    });
    if (res.status !== target.expectedStatus) {
      throw new Error(`${target.label} answered ${res.status}, expected ${target.expectedStatus}`);
    }
    const headers: CapturedResponse["headers"] = {};
    if (typeof res.headers["content-type"] === "string") headers["content-type"] = res.headers["content-type"];
    if (typeof res.headers["content-range"] === "string") headers["content-range"] = res.headers["content-range"];
    captured.push({
      method: target.method,
      path: target.path,
      status: res.status,
      headers,
      bodyBase64: res.body.toString("base64"),
    });
  }
  return captured;
}

// ---------------------------------------------------------------------------------------------- load

function checkRow(row: Row): string[] {
  const problems: string[] = [];
  const r = row.result;
  if (r.totalRequests === 0) problems.push("no request completed");
  if (r.errors) problems.push(`${r.errors} errors`);
  if (r.timeouts) problems.push(`${r.timeouts} timeouts`);
  if (r.non2xx) problems.push(`${r.non2xx} non-2xx responses`);
  for (const [status, count] of Object.entries(r.statusCounts)) {
    if (Number(status) !== row.target.expectedStatus) {
      problems.push(`${count} × status ${status} (expected ${row.target.expectedStatus})`);
    }
  }
  return problems;
}

async function measure(name: string, served: Served, targets: Target[]): Promise<ServerRun> {
  const run: ServerRun = { name, rows: [], problems: [] };
  for (const target of targets) {
    const url = `${served.url}${target.path}`;
    const base = {
      url,
      method: target.method,
      headers: target.headers,
      body: target.body,
      timeoutSec: target.timeoutSec,
    };
    log(`  ${name}: warm-up ${WARMUP_SEC} s, ${target.label}`);
    const warm = await runAutocannon({ ...base, connections: 50, durationSec: WARMUP_SEC });
    const warmProblems = checkRow({
      server: name,
      target,
      connections: 50,
      result: warm,
      memory: undefined,
      otherCpu: 0,
      failures: [],
    });
    if (warmProblems.length) {
      const message = `${name}, ${target.label}, warm-up: ${warmProblems.join(", ")}`;
      failures.push(message);
      run.problems.push(message);
    }
    if (run.rssAfterWarmup === undefined) run.rssAfterWarmup = sampleMemory(served.pid).stop()?.lastRss;
    for (const connections of CONNECTIONS) {
      const others = sampleOtherCpu();
      const sampler = sampleMemory(served.pid);
      const result = await runAutocannon({ ...base, connections, durationSec: DURATION_SEC });
      const memory = sampler.stop();
      const otherCpu = others.stop();
      const row: Row = { server: name, target, connections, result, memory, otherCpu, failures: [] };
      row.failures = checkRow(row);
      for (const problem of row.failures)
        failures.push(`${name}, ${target.label}, ${connections} connections: ${problem}`);
      run.rows.push(row);
      log(
        `  ${name}: ${target.key} c=${connections} ${result.requestsPerSec.toFixed(1)} req/s p50 ${result.latencyP50} ms p99 ${result.latencyP99} ms${row.failures.length ? ` FAILED: ${row.failures.join(", ")}` : ""}`,
      );
      // Let sockets close and queued work drain before the next run.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  const end = sampleMemory(served.pid).stop();
  run.rssAtEnd = end?.lastRss;
  run.hwm = end?.hwm;
  return run;
}

async function withServer<T>(start: () => Promise<Served>, use: (served: Served) => Promise<T>): Promise<T> {
  const served = await start();
  const cleanup = () => served.stop();
  cleanups.push(cleanup);
  try {
    return await use(served);
  } finally {
    cleanups.splice(cleanups.indexOf(cleanup), 1);
    await served.stop();
  }
}

const LEVELS: Record<number, string> = { 40: "warn", 50: "error", 60: "fatal" };

/**
 * The server's warn-and-above log lines go in the report, grouped by message; error and fatal ones (or
 * anything that is not a pino line, such as a crash) fail the run.
 */
function appProblems(name: string, run: ServerRun, served: Served) {
  const groups = new Map<string, number>();
  let serious = 0;
  for (const line of served.problems()) {
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
  if (serious) failures.push(`${name}: the server logged ${serious} error line(s) (see the notes)`);
}

// ---------------------------------------------------------------------------------------------- report

const mb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

function baselineFor(runs: ServerRun[], name: string, row: Row): Row | undefined {
  return runs
    .find((r) => r.name === name)
    ?.rows.find((b) => b.target.key === row.target.key && b.connections === row.connections);
}

function ratio(row: Row, baseline: Row | undefined): string {
  if (!baseline || baseline.result.requestsPerSec === 0) return "n/a";
  const value = row.result.requestsPerSec / baseline.result.requestsPerSec;
  return `${value >= 0.1 ? value.toFixed(2) : value.toFixed(3)}×`;
}

function table(rows: Row[], runs: ServerRun[], withRatio: boolean, hasNginx: boolean): string {
  const header = ["Target", "Conns", "Req/s", "p50", "p99", "Errors", "Non-2xx", "Peak RSS"];
  if (withRatio) header.push("vs Node baseline");
  if (withRatio && hasNginx) header.push("vs nginx");
  const lines = [`| ${header.join(" | ")} |`, `|${header.map((_h, i) => (i < 2 ? "---" : "---:")).join("|")}|`];
  for (const row of rows) {
    const r = row.result;
    const cells = [
      row.target.label,
      String(row.connections),
      num(r.requestsPerSec),
      `${r.latencyP50} ms`,
      `${r.latencyP99} ms`,
      String(r.errors),
      String(r.non2xx),
      mb(row.memory?.peakRss),
    ];
    if (withRatio) cells.push(ratio(row, baselineFor(runs, "Node baseline", row)));
    if (withRatio && hasNginx) cells.push(ratio(row, baselineFor(runs, "nginx", row)));
    lines.push(`| ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}

function render(input: {
  started: Date;
  finishedMs: number;
  machine: ReturnType<typeof machine>;
  pgVersion?: string;
  nginxVersion?: string;
  nginxNote: string;
  loadBefore: number[];
  loadAfter: number[];
  runs: ServerRun[];
  captured: CapturedResponse[];
  targets: Target[];
  pdfNote: string;
}): string {
  const { machine: m, runs } = input;
  const hasNginx = runs.some((r) => r.name === "nginx" && !r.skipped);
  const apps = runs.filter((r) => r.name !== "Node baseline" && r.name !== "nginx");
  const allRows = runs.flatMap((r) => r.rows);
  const others = allRows.map((r) => r.otherCpu);
  const maxOther = Math.max(0, ...others);
  const meanOther = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const fmtLoad = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
  const command = [
    DATABASE_URL ? `DATABASE_URL=${redact(DATABASE_URL)}` : "",
    process.env.BENCH_WARMUP ? `BENCH_WARMUP=${WARMUP_SEC}` : "",
    process.env.BENCH_DURATION ? `BENCH_DURATION=${DURATION_SEC}` : "",
    "npm run bench",
  ]
    .filter(Boolean)
    .join(" ");

  const out: string[] = [];
  out.push("# Benchmarks", "");
  out.push(
    `Written by \`npm run bench\` (\`scripts/bench.ts\`) on ${input.started.toISOString().slice(0, 16).replace("T", " ")} UTC; the run took ${Math.round(input.finishedMs / 60_000)} minutes.`,
  );
  if (!FULL_RUN) {
    out.push(
      "",
      `> **Quick check** (warm-up ${WARMUP_SEC} s, ${DURATION_SEC} s per run), not the full 10 s + 30 s method: do not commit these numbers.`,
    );
  }
  out.push("", "```sh", command, "```", "");
  out.push("## Machine", "");
  out.push(`- CPU: ${m.cores} cores, ${m.model}`);
  out.push(`- Memory: ${m.memory}; ${m.kernel}`);
  out.push(`- Node ${m.node}, autocannon ${m.autocannon}`);
  if (input.pgVersion) out.push(`- PostgreSQL server ${input.pgVersion} (on the same machine, over loopback)`);
  out.push(`- nginx: ${input.nginxVersion ?? input.nginxNote}`);
  out.push(
    `- Load average (1/5/15 min) before the run ${fmtLoad(input.loadBefore)}, after ${fmtLoad(input.loadAfter)}. The benchmark alone keeps both cores busy, so these say little about other work; the next line measures it.`,
    `- Processes outside the benchmark (not its server, baseline, autocannon or PostgreSQL) used ${pct(meanOther)} of one core on average during the measured runs, ${pct(maxOther)} at most (CPU time from \`/proc\`).`,
  );
  if (maxOther > SHARED_CORE_SHARE) {
    out.push(
      `- **The machine was shared**: other work used more than ${pct(SHARED_CORE_SHARE)} of a core during at least one run, so those figures, the baseline's included, are lower and noisier than on an idle machine.${baselineSpread(runs)} The baseline ran minutes apart from the server runs, so the ratios carry that noise too: read them as orders of magnitude.`,
    );
  }
  out.push("", "## Method", "");
  out.push(
    `- The production build runs as \`node server/main.ts\` (NODE_ENV=production, LOG_LEVEL=warn, a fresh temp DATA_DIR with the generated sample papers, no Redis) on a free port${input.pgVersion ? "; once on PGlite, then on PostgreSQL in a fresh `bench_<random>` database, dropped afterwards" : " on PGlite (DATABASE_URL was not set, so PostgreSQL was not measured)"}.`,
    `- Load comes from the autocannon CLI in its own process (\`node node_modules/autocannon/autocannon.js --json\`), over 127.0.0.1, one request in flight per connection, no \`Accept-Encoding\` (so the responses are not compressed). On this ${m.cores}-core machine autocannon competes with the server for CPU.`,
    `- For every target: a ${WARMUP_SEC} s warm-up at 50 connections (not reported), then ${DURATION_SEC} s at 50 and ${DURATION_SEC} s at 200 connections, 2 s apart. Req/s is autocannon's mean of per-second samples; p50/p99 are its latency percentiles.`,
    "- Peak RSS is the highest `VmRSS` of the server process, read from `/proc/<pid>/status` every 200 ms during that run.",
    "- The Node baseline (`scripts/bench/baseline-server.ts`, a separate process) answers each target with the bytes the real server gave for it once before the load (status, `Content-Type`, `Content-Range`, body), from memory, with none of the real server's other headers." +
      (hasNginx
        ? " nginx serves the same bytes from files (it answers the range request itself); it has no POST target."
        : ""),
    "- A run fails on any socket error, timeout, non-2xx or status other than the expected one (200; 206 for the range read).",
    `- Sign-in: one account is created with \`POST /api/v1/signup\`; the range read sends its \`ps_session\` cookie; the login target posts its email and password. ${input.pdfNote}`,
    `- Login: autocannon's timeout is raised to ${LOGIN_TIMEOUT_SEC} s for it (10 s elsewhere), because argon2id (m=19 MiB, t=2) queues requests for longer than 10 s at 200 connections.`,
  );

  out.push("", "Response sizes (body bytes, identity encoding):", "");
  out.push("| Target | Status | Content-Type | Bytes |", "|---|---:|---|---:|");
  input.targets.forEach((target, i) => {
    const c = input.captured[i];
    if (!c) return;
    out.push(
      `| ${target.label} | ${c.status} | ${c.headers["content-type"] ?? ""} | ${Buffer.from(c.bodyBase64, "base64").length} |`,
    );
  });

  for (const run of apps) {
    out.push("", `## PaperStation on ${run.name}`, "");
    out.push(
      table(
        run.rows.filter((r) => !r.target.argon2),
        runs,
        true,
        hasNginx,
      ),
    );
    out.push(
      "",
      `Server RSS after the first warm-up ${mb(run.rssAfterWarmup)}, at the end ${mb(run.rssAtEnd)}, high-water mark (VmHWM) ${mb(run.hwm)}.`,
    );
  }

  out.push("", "## Login (bounded by argon2)", "");
  const loginRows = runs.flatMap((run) => run.rows.filter((r) => r.target.argon2));
  out.push("| Server | Conns | Req/s | p50 | p99 | Errors | Non-2xx | Peak RSS | vs Node baseline |");
  out.push("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const row of loginRows) {
    const r = row.result;
    out.push(
      `| ${row.server} | ${row.connections} | ${num(r.requestsPerSec)} | ${r.latencyP50} ms | ${r.latencyP99} ms | ${r.errors} | ${r.non2xx} | ${mb(row.memory?.peakRss)} | ${row.server === "Node baseline" ? "" : ratio(row, baselineFor(runs, "Node baseline", row))} |`,
    );
  }

  for (const run of runs.filter((r) => r.name === "Node baseline" || r.name === "nginx")) {
    out.push("", `## ${run.name} (same bytes)`, "");
    if (run.skipped) {
      out.push(run.skipped);
      continue;
    }
    out.push(
      table(
        run.rows.filter((r) => !r.target.argon2),
        runs,
        false,
        false,
      ),
    );
  }

  out.push("", "## Notes", "");
  const notes: string[] = [];
  if (failures.length) {
    notes.push(`**The run failed** (${failures.length} problem(s)):`);
    for (const f of failures.slice(0, 30)) notes.push(`  - ${f}`);
  } else {
    notes.push("Every measured request got the expected status: no socket errors, timeouts or non-2xx responses.");
  }
  for (const run of apps) {
    const pages = run.rows.filter((r) => !r.target.argon2);
    const ratios = pages
      .map((row) => {
        const b = baselineFor(runs, "Node baseline", row);
        return b?.result.requestsPerSec ? row.result.requestsPerSec / b.result.requestsPerSec : undefined;
      })
      .filter((v): v is number => v !== undefined);
    if (ratios.length) {
      notes.push(
        `On ${run.name}, the non-login targets reach ${(Math.min(...ratios) * 100).toFixed(1)}% to ${(Math.max(...ratios) * 100).toFixed(1)}% of the baseline's requests/s for the same bytes; the gap is the framework, middleware (helmet, CSP nonce, compression check, pino-http), database queries, React rendering and session lookup.`,
      );
    }
    if (run.rssAfterWarmup && run.rssAtEnd) {
      const growth = (run.rssAtEnd - run.rssAfterWarmup) / run.rssAfterWarmup;
      notes.push(
        `${run.name}: RSS went from ${mb(run.rssAfterWarmup)} after the first warm-up to ${mb(run.rssAtEnd)} at the end (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(0)}%), peak VmHWM ${mb(run.hwm)}. This includes the login runs, where up to 200 argon2 verifications (19 MiB each, run 4 at a time on libuv's pool) are queued.`,
      );
    }
    if (run.problems.length) {
      notes.push(`${run.name} reported:`);
      for (const p of run.problems.slice(0, 10)) notes.push(`  - ${p.replaceAll("`", "'")}`);
    }
  }
  if (runs.some((run) => run.problems.some((p) => p.includes("server log warn")))) {
    notes.push(
      "Warn-level server log lines are listed above but do not fail the run (no request failed); error-level lines would.",
    );
  }
  notes.push(
    "Login throughput is argon2's: each valid login verifies one argon2id hash, and at 200 connections most of the latency is queueing for that. It is not comparable with the other targets and its baseline ratio only shows how much of the budget the hash takes.",
    "Loopback numbers on a shared 2-core machine: they show the relative cost of each route and catch regressions, not what a phone on mobile data sees.",
  );
  for (const note of notes) out.push(note.startsWith("  ") ? note : `- ${note}`);
  out.push("");
  return out.join("\n");
}

/** Other work above this share of one core during any run makes the report say the machine was shared. */
const SHARED_CORE_SHARE = 0.1;

function pct(cores: number): string {
  return `${(cores * 100).toFixed(cores < 0.1 ? 1 : 0)}%`;
}

/** " The baseline's own req/s ranged from A to B …" over its non-login runs, or "" without a baseline. */
function baselineSpread(runs: ServerRun[]): string {
  const rates = (runs.find((r) => r.name === "Node baseline")?.rows ?? [])
    .filter((row) => !row.target.argon2)
    .map((row) => row.result.requestsPerSec);
  if (!rates.length) return "";
  return ` The baseline's own throughput ranged from ${num(Math.min(...rates))} to ${num(Math.max(...rates))} req/s across its runs.`;
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

// ---------------------------------------------------------------------------------------------- main

async function withBenchDatabase<T>(adminUrl: string, use: (url: string, version: string) => Promise<T>): Promise<T> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const name = `bench_${randomBytes(4).toString("hex")}`;
  const drop = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  };
  try {
    const [row] = await admin<{ server_version: string }[]>`show server_version`;
    await admin.unsafe(`create database ${name}`);
    cleanups.push(drop);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    log(`PostgreSQL ${row?.server_version}: created database ${name}`);
    return await use(url.toString(), row?.server_version ?? "unknown");
  } finally {
    const i = cleanups.indexOf(drop);
    if (i >= 0) cleanups.splice(i, 1);
    await drop().catch((error: unknown) => log(`could not drop ${name}: ${(error as Error).message}`));
    log(`dropped database ${name}`);
    await admin.end();
  }
}

async function main() {
  const started = new Date();
  const loadBefore = os.loadavg();
  const m = machine();
  log(
    `PaperStation benchmark: warm-up ${WARMUP_SEC} s, ${DURATION_SEC} s per run, connections ${CONNECTIONS.join(" and ")}`,
  );
  log(
    `${m.cores} cores, ${m.model}, ${m.memory}, Node ${m.node}; load average ${loadBefore.map((l) => l.toFixed(2)).join(" ")}`,
  );
  ensureBuild();

  const runs: ServerRun[] = [];
  let targets: Target[] = [];
  let captured: CapturedResponse[] = [];
  let pdfNote = "";
  let pgVersion: string | undefined;

  log("\nPaperStation on PGlite");
  await withServer(
    () => startApp(),
    async (served) => {
      ({ targets, pdfNote } = await prepareTargets(served.url));
      captured = await captureResponses(served.url, targets);
      const run = await measure("PGlite", served, targets);
      appProblems("PGlite", run, served);
      runs.push(run);
    },
  );

  log("\nNode baseline");
  await withServer(
    () => startNodeBaseline(captured),
    async (served) => {
      const run = await measure("Node baseline", served, targets);
      run.problems.push(...served.problems());
      runs.push(run);
    },
  );

  const nginx = findNginx();
  let nginxVersion: string | undefined;
  const nginxNote = "not on PATH, so not measured (it is deliberately not installed by the benchmark)";
  if (nginx) {
    const v = spawnSync(nginx, ["-v"], { encoding: "utf8" });
    nginxVersion = `${(v.stderr || v.stdout).trim()} (${nginx})`;
    log(`\nnginx (${nginxVersion})`);
    await withServer(
      () => startNginx(nginx, captured),
      async (served) => {
        const run = await measure(
          "nginx",
          served,
          targets.filter((t) => t.method === "GET"),
        );
        run.problems.push(...served.problems());
        runs.push(run);
      },
    );
  } else {
    log(`\nnginx: ${nginxNote}`);
    runs.push({ name: "nginx", rows: [], problems: [], skipped: `Skipped: nginx is ${nginxNote}.` });
  }

  if (DATABASE_URL) {
    log("\nPaperStation on PostgreSQL");
    await withBenchDatabase(DATABASE_URL, async (url, version) => {
      pgVersion = version;
      await withServer(
        () => startApp(url),
        async (served) => {
          // Fresh database, so a fresh account; the targets' paths and bodies stay comparable.
          const prepared = await prepareTargets(served.url);
          const run = await measure("PostgreSQL", served, prepared.targets);
          appProblems("PostgreSQL", run, served);
          // Ratios pair rows by target key, so the PDF row compares with the baseline's PDF row.
          runs.splice(1, 0, run);
        },
      );
    });
  }

  const loadAfter = os.loadavg();
  const report = render({
    started,
    finishedMs: Date.now() - started.getTime(),
    machine: m,
    pgVersion,
    nginxVersion,
    nginxNote,
    loadBefore,
    loadAfter,
    runs,
    captured,
    targets,
    pdfNote,
  });
  writeFileSync(OUT, report);
  log(`\n${report}`);
  log(`Wrote ${path.relative(process.cwd(), OUT) || OUT}`);
  if (failures.length) {
    log(`\nFAILED: ${failures.length} problem(s):\n${failures.map((f) => `  - ${f}`).join("\n")}`);
    process.exitCode = 1;
  }
}

let interrupted = false;
process.on("SIGINT", () => {
  if (interrupted) process.exit(130);
  interrupted = true;
  log("\nInterrupted: stopping servers and dropping the bench database…");
  void Promise.allSettled(cleanups.map((cleanup) => cleanup())).then(() => process.exit(130));
});

try {
  await main();
} catch (error) {
  process.stderr.write(`bench failed: ${(error as Error).stack ?? error}\n`);
  await Promise.allSettled(cleanups.map((cleanup) => cleanup()));
  process.exitCode = 1;
}
