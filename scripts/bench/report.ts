/** The Markdown report (docs/benchmarks.md): the run's data in, the document out. */
import type { BenchConfig } from "./config.ts";
import type { CapturedResponse } from "./http.ts";
import type { Machine } from "./machine.ts";
import type { Row, ServerRun } from "./measure.ts";
import { LOGIN_TIMEOUT_SEC, type Target } from "./targets.ts";

export interface ReportInput {
  config: BenchConfig;
  started: Date;
  finishedMs: number;
  machine: Machine;
  pgVersion?: string;
  nginxVersion?: string;
  nginxNote: string;
  loadBefore: number[];
  loadAfter: number[];
  /** In report order: the app on PGlite (and PostgreSQL), then the Node baseline and nginx. */
  runs: ServerRun[];
  captured: CapturedResponse[];
  targets: Target[];
  pdfNote: string;
  /** Everything that failed the run, in the order it happened. */
  failures: string[];
  /** The paper viewer's section (scripts/bench/viewer.ts), when that step ran. */
  viewer?: string[];
}

const BASELINES = ["Node baseline", "nginx"];

/** Other work above this share of one core during any run makes the report say the machine was shared. */
const SHARED_CORE_SHARE = 0.1;

export function renderReport(input: ReportInput): string {
  const apps = input.runs.filter((r) => !BASELINES.includes(r.name));
  const hasNginx = input.runs.some((r) => r.name === "nginx" && !r.skipped);
  return [
    ...heading(input),
    ...machineSection(input),
    ...methodSection(input, hasNginx),
    ...responseSizes(input),
    ...apps.flatMap((run) => appSection(run, input.runs, hasNginx)),
    ...loginSection(input.runs),
    ...input.runs.filter((r) => BASELINES.includes(r.name)).flatMap((run) => baselineSection(run, input.runs)),
    ...(input.viewer ?? []),
    ...notesSection(input, apps),
    "",
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------- sections

function heading({ config, started, finishedMs }: ReportInput): string[] {
  const when = started.toISOString().slice(0, 16).replace("T", " ");
  return [
    "# Benchmarks",
    "",
    `Written by \`npm run bench\` (\`scripts/bench.ts\`) on ${when} UTC; the run took ${Math.round(finishedMs / 60_000)} minutes.`,
    ...(config.fullRun
      ? []
      : [
          "",
          `> **Quick check** (warm-up ${config.warmupSec} s, ${config.durationSec} s per run), not the full 10 s + 30 s method: do not commit these numbers.`,
        ]),
    "",
    "```sh",
    config.command,
    "```",
    "",
  ];
}

function machineSection(input: ReportInput): string[] {
  const { machine: m } = input;
  const others = input.runs.flatMap((r) => r.rows).map((r) => r.otherCpu);
  const maxOther = Math.max(0, ...others);
  const meanOther = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
  return [
    "## Machine",
    "",
    `- CPU: ${m.cores} cores, ${m.model}`,
    `- Memory: ${m.memory}; ${m.kernel}`,
    `- Node ${m.node}, autocannon ${m.autocannon}`,
    ...(input.pgVersion ? [`- PostgreSQL server ${input.pgVersion} (on the same machine, over loopback)`] : []),
    `- nginx: ${input.nginxVersion ?? input.nginxNote}`,
    `- Load average (1/5/15 min) before the run ${load(input.loadBefore)}, after ${load(input.loadAfter)}. The benchmark alone keeps both cores busy, so these say little about other work; the next line measures it.`,
    `- Processes outside the benchmark (not its server, baseline, autocannon or PostgreSQL) used ${pct(meanOther)} of one core on average during the measured runs, ${pct(maxOther)} at most (CPU time from \`/proc\`).`,
    ...(maxOther > SHARED_CORE_SHARE
      ? [
          `- **The machine was shared**: other work used more than ${pct(SHARED_CORE_SHARE)} of a core during at least one run, so those figures, the baseline's included, are lower and noisier than on an idle machine.${baselineSpread(input.runs)} The baseline ran minutes apart from the server runs, so the ratios carry that noise too: read them as orders of magnitude.`,
        ]
      : []),
  ];
}

function methodSection({ config, machine: m, pgVersion, pdfNote }: ReportInput, hasNginx: boolean): string[] {
  const databases = pgVersion
    ? "; once on PGlite, then on PostgreSQL in a fresh `bench_<random>` database, dropped afterwards"
    : " on PGlite (DATABASE_URL was not set, so PostgreSQL was not measured)";
  const nginx = hasNginx
    ? " nginx serves the same bytes from files (it answers the range request itself); it has no POST target."
    : "";
  return [
    "",
    "## Method",
    "",
    `- The production build runs as \`node server/main.ts\` (NODE_ENV=production, LOG_LEVEL=warn, a fresh temp DATA_DIR with the generated sample papers, no Redis) on a free port${databases}.`,
    `- Load comes from the autocannon CLI in its own process (\`node node_modules/autocannon/autocannon.js --json\`), over 127.0.0.1, one request in flight per connection, no \`Accept-Encoding\` (so the responses are not compressed). On this ${m.cores}-core machine autocannon competes with the server for CPU.`,
    `- For every target: a ${config.warmupSec} s warm-up at 50 connections (not reported), then ${config.durationSec} s at 50 and ${config.durationSec} s at 200 connections, 2 s apart. Req/s is autocannon's mean of per-second samples; p50/p99 are its latency percentiles.`,
    "- Peak RSS is the highest `VmRSS` of the server process, read from `/proc/<pid>/status` every 200 ms during that run.",
    `- The Node baseline (\`scripts/bench/baseline-server.ts\`, a separate process) answers each target with the bytes the real server gave for it once before the load (status, \`Content-Type\`, \`Content-Range\`, body), from memory, with none of the real server's other headers.${nginx}`,
    "- A run fails on any socket error, timeout, non-2xx or status other than the expected one (200; 206 for the range read).",
    `- Sign-in: one account is created with \`POST /api/v1/signup\`; the range read sends its \`ps_session\` cookie; the login target posts its email and password. ${pdfNote}`,
    `- Login: autocannon's timeout is raised to ${LOGIN_TIMEOUT_SEC} s for it (10 s elsewhere), because argon2id (m=19 MiB, t=2) queues requests for longer than 10 s at 200 connections.`,
  ];
}

function responseSizes({ targets, captured }: ReportInput): string[] {
  const rows = targets.flatMap((target, i) => {
    const c = captured[i];
    if (!c) return [];
    const bytes = Buffer.from(c.bodyBase64, "base64").length;
    return [[target.label, String(c.status), c.headers["content-type"] ?? "", String(bytes)]];
  });
  return [
    "",
    "Response sizes (body bytes, identity encoding):",
    "",
    ...markdownTable(["Target", "Status", "Content-Type", "Bytes"], "lrlr", rows),
  ];
}

function appSection(run: ServerRun, runs: ServerRun[], hasNginx: boolean): string[] {
  return [
    "",
    `## PaperStation on ${run.name}`,
    "",
    ...targetTable(pageRows(run), runs, hasNginx ? ["Node baseline", "nginx"] : ["Node baseline"]),
    "",
    `Server RSS after the first warm-up ${mb(run.rssAfterWarmup)}, at the end ${mb(run.rssAtEnd)}, high-water mark (VmHWM) ${mb(run.hwm)}.`,
  ];
}

function loginSection(runs: ServerRun[]): string[] {
  const rows = runs
    .flatMap((run) => run.rows.filter((r) => r.target.argon2))
    .map((row) => [
      row.server,
      ...measuredCells(row),
      row.server === "Node baseline" ? "" : ratio(row, baselineFor(runs, "Node baseline", row)),
    ]);
  return [
    "",
    "## Login (bounded by argon2)",
    "",
    ...markdownTable(
      ["Server", "Conns", "Req/s", "p50", "p99", "Errors", "Non-2xx", "Peak RSS", "vs Node baseline"],
      "llrrrrrrr",
      rows,
    ),
  ];
}

function baselineSection(run: ServerRun, runs: ServerRun[]): string[] {
  return [
    "",
    `## ${run.name} (same bytes)`,
    "",
    ...(run.skipped ? [run.skipped] : targetTable(pageRows(run), runs, [])),
  ];
}

function notesSection({ runs, failures }: ReportInput, apps: ServerRun[]): string[] {
  const notes = [
    ...(failures.length
      ? [`**The run failed** (${failures.length} problem(s)):`, ...failures.slice(0, 30).map((f) => `  - ${f}`)]
      : ["Every measured request got the expected status: no socket errors, timeouts or non-2xx responses."]),
    ...apps.flatMap((run) => appNotes(run, runs)),
    ...(runs.some((run) => run.problems.some((p) => p.includes("server log warn")))
      ? [
          "Warn-level server log lines are listed above but do not fail the run (no request failed); error-level lines would.",
        ]
      : []),
    "Login throughput is argon2's: each valid login verifies one argon2id hash, and at 200 connections most of the latency is queueing for that. It is not comparable with the other targets and its baseline ratio only shows how much of the budget the hash takes.",
    "Loopback numbers on a shared 2-core machine: they show the relative cost of each route and catch regressions, not what a phone on mobile data sees.",
  ];
  return ["", "## Notes", "", ...notes.map((note) => (note.startsWith("  ") ? note : `- ${note}`))];
}

/** Per app run: its throughput against the baseline, its memory growth, and what its server reported. */
function appNotes(run: ServerRun, runs: ServerRun[]): string[] {
  const ratios = pageRows(run)
    .map((row) => {
      const b = baselineFor(runs, "Node baseline", row);
      return b?.result.requestsPerSec ? row.result.requestsPerSec / b.result.requestsPerSec : undefined;
    })
    .filter((v): v is number => v !== undefined);
  const notes: string[] = [];
  if (ratios.length) {
    notes.push(
      `On ${run.name}, the non-login targets reach ${percent(Math.min(...ratios))} to ${percent(Math.max(...ratios))} of the baseline's requests/s for the same bytes; the gap is the framework, middleware (helmet, CSP nonce, compression check, pino-http), database queries, React rendering and session lookup.`,
    );
  }
  if (run.rssAfterWarmup && run.rssAtEnd) {
    const growth = (run.rssAtEnd - run.rssAfterWarmup) / run.rssAfterWarmup;
    notes.push(
      `${run.name}: RSS went from ${mb(run.rssAfterWarmup)} after the first warm-up to ${mb(run.rssAtEnd)} at the end (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(0)}%), peak VmHWM ${mb(run.hwm)}. This includes the login runs, where up to 200 argon2 verifications (19 MiB each, run 4 at a time on libuv's pool) are queued.`,
    );
  }
  if (run.problems.length) {
    notes.push(`${run.name} reported:`, ...run.problems.slice(0, 10).map((p) => `  - ${p.replaceAll("`", "'")}`));
  }
  return notes;
}

// ---------------------------------------------------------------------------------------------- tables

/** A Markdown table; `align` has a letter a column, l (left) or r (right). */
export function markdownTable(header: string[], align: string, rows: string[][]): string[] {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const rule = `|${[...align].map((a) => (a === "r" ? "---:" : "---")).join("|")}|`;
  return [line(header), rule, ...rows.map(line)];
}

/** One row a target and connection count, with a ratio column for each baseline named in `versus`. */
function targetTable(rows: Row[], runs: ServerRun[], versus: string[]): string[] {
  const header = ["Target", "Conns", "Req/s", "p50", "p99", "Errors", "Non-2xx", "Peak RSS"];
  const cells = rows.map((row) => [
    row.target.label,
    ...measuredCells(row),
    ...versus.map((name) => ratio(row, baselineFor(runs, name, row))),
  ]);
  return markdownTable([...header, ...versus.map((name) => `vs ${name}`)], `ll${"r".repeat(6 + versus.length)}`, cells);
}

/** Connections, then what was measured: req/s, p50, p99, errors, non-2xx, peak RSS. */
function measuredCells(row: Row): string[] {
  const r = row.result;
  return [
    String(row.connections),
    num(r.requestsPerSec),
    `${r.latencyP50} ms`,
    `${r.latencyP99} ms`,
    String(r.errors),
    String(r.non2xx),
    mb(row.memory?.peakRss),
  ];
}

/** The rows that are not login (those are bounded by argon2 and reported apart). */
function pageRows(run: ServerRun): Row[] {
  return run.rows.filter((r) => !r.target.argon2);
}

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

/** " The baseline's own req/s ranged from A to B …" over its non-login runs, or "" without a baseline. */
function baselineSpread(runs: ServerRun[]): string {
  const baseline = runs.find((r) => r.name === "Node baseline");
  const rates = (baseline ? pageRows(baseline) : []).map((row) => row.result.requestsPerSec);
  if (!rates.length) return "";
  return ` The baseline's own throughput ranged from ${num(Math.min(...rates))} to ${num(Math.max(...rates))} req/s across its runs.`;
}

// ---------------------------------------------------------------------------------------------- numbers

const mb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function pct(cores: number): string {
  return `${(cores * 100).toFixed(cores < 0.1 ? 1 : 0)}%`;
}
