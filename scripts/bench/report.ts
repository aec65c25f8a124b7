/** The Markdown report (docs/benchmarks.md): the run's data in, the document out. */
import type { BenchConfig } from "./config.ts";
import type { CapturedResponse } from "./http.ts";
import type { Machine } from "./machine.ts";
import type { Row, ServerRun } from "./measure.ts";
import { SEARCH_GOAL_P95_MS, SEARCH_QUERIES, type SearchBench, searchTable } from "./search.ts";
import { ACCEPT_ENCODING, DEFAULT_TIMEOUT_SEC, LOGIN_TIMEOUT_SEC, type Target } from "./targets.ts";

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
  /** The app on PGlite (and PostgreSQL). */
  apps: ServerRun[];
  /** The Node baseline (measured beside the PGlite run) and nginx. */
  baseline: ServerRun;
  nginx: ServerRun;
  captured: CapturedResponse[];
  targets: Target[];
  pdfNote: string;
  /** Everything that failed the run, in the order it happened. */
  failures: string[];
  /** The paper viewer's section (scripts/bench/viewer.ts), when that step ran. */
  viewer?: string[];
  /** The search scenario on each app server (scripts/bench/search.ts). */
  searches?: SearchBench[];
  /** Hand-written sections kept from the previous report (after KEPT_MARKER). */
  kept?: string;
}

/** Everything after this line in docs/benchmarks.md is written by hand and kept by every run. */
const KEPT_MARKER = "<!-- Written by hand below this line: npm run bench keeps it. -->";

/** Other work above this share of one core during any run makes the report say the machine was shared. */
const SHARED_CORE_SHARE = 0.1;

export function renderReport(input: ReportInput): string {
  return [
    ...heading(input),
    ...machineSection(input),
    ...methodSection(input),
    ...responseSizes(input),
    ...input.apps.flatMap((run) => appSection(run, input.baseline)),
    ...loginSection([...input.apps, input.baseline]),
    ...searchSection(input.searches ?? []),
    ...baselineSection(input.nginx),
    ...(input.viewer ?? []),
    ...notesSection(input),
    "",
    KEPT_MARKER,
    ...(input.kept ? ["", input.kept.replace(/^\n+/, "").trimEnd()] : []),
    "",
  ].join("\n");
}

/** The hand-written part of a previous report, if it has one. */
export function keptPart(previous: string | undefined): string | undefined {
  const at = previous?.indexOf(KEPT_MARKER) ?? -1;
  return previous && at >= 0 ? previous.slice(at + KEPT_MARKER.length) : undefined;
}

// ---------------------------------------------------------------------------------------------- goals

export interface GoalCheck {
  share: number | undefined;
  /** Undefined: the target has no goal. */
  pass: boolean | undefined;
  /** What was missed. */
  missed: string[];
}

/** A measured row against its target's goal, given the baseline's row for the same target. */
function checkGoal(row: Row, baseline: Row | undefined): GoalCheck {
  const b = baseline?.result.requestsPerSec;
  const share = b ? row.result.requestsPerSec / b : undefined;
  const goal = row.target.goal;
  if (!goal) return { share, pass: undefined, missed: [] };
  const missed: string[] = [];
  if (share === undefined) missed.push("no baseline to compare with");
  else if (share < goal.minShare) missed.push(`${percent(share)} of bare Node, under ${percent(goal.minShare)}`);
  if (goal.maxP99Ms !== undefined && row.result.latencyP99 > goal.maxP99Ms) {
    missed.push(`p99 ${ms(row.result.latencyP99)}, over ${goal.maxP99Ms} ms`);
  }
  return { share, pass: missed.length === 0, missed };
}

/** Each missed goal of an app run, as a failure of the whole run. */
export function goalFailures(run: ServerRun, baseline: ServerRun): string[] {
  return run.rows.flatMap((row) => {
    const check = checkGoal(row, baselineFor(baseline, row));
    return check.pass === false ? [`${run.name}, ${row.target.label}: ${check.missed.join("; ")}`] : [];
  });
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
          `> **Quick check** (warm-up ${config.warmupSec} s, ${config.durationSec} s per run), not the committed timing: do not commit these numbers.`,
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
  const rows = [...input.apps, input.baseline, input.nginx].flatMap((r) => r.rows);
  const others = rows.map((r) => r.otherCpu);
  const maxOther = Math.max(0, ...others);
  const meanOther = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(" / ");
  return [
    "## Machine",
    "",
    `- CPU: ${m.cores} cores, ${m.model}`,
    `- Memory: ${m.memory}; ${m.kernel}`,
    `- Node ${m.node}; ${m.wrk}`,
    ...(input.pgVersion ? [`- PostgreSQL server ${input.pgVersion} (on the same machine, over loopback)`] : []),
    `- nginx: ${input.nginxVersion ?? input.nginxNote}`,
    `- Load average (1/5/15 min) before the run ${load(input.loadBefore)}, after ${load(input.loadAfter)}; each row below gives the 1-minute load average when its run started. The benchmark alone keeps both cores busy (about 2), so only what is above that is other work; the next line measures it.`,
    `- Processes outside the benchmark (not its server, baseline, wrk or PostgreSQL) used ${pct(meanOther)} of one core on average during the measured runs, ${pct(maxOther)} at most (CPU time from \`/proc\`).`,
    ...(maxOther > SHARED_CORE_SHARE
      ? [
          `- **The machine was shared**: other work used more than ${pct(SHARED_CORE_SHARE)} of a core during at least one run, so these figures, the baseline's included, are lower and noisier than on an idle machine. The app and its baseline ran seconds apart for each target, so the shares carry less of that noise than the absolute numbers.`,
        ]
      : []),
  ];
}

function methodSection({ config, machine: m, pgVersion, pdfNote }: ReportInput): string[] {
  const databases = pgVersion
    ? "; once on PGlite, then on PostgreSQL in a fresh `bench_<random>` database, dropped afterwards"
    : " on PGlite (DATABASE_URL was not set, so PostgreSQL was not measured)";
  return [
    "",
    "## Method",
    "",
    `- The production build runs as \`node server/main.ts\` (NODE_ENV=production, LOG_LEVEL=warn, a fresh temp DATA_DIR with the generated sample papers; no Redis on PGlite, and on PostgreSQL ${process.env.REDIS_URL ? "the REDIS_URL Redis, as a deployment on PostgreSQL has (decision 032)" : "no Redis either (REDIS_URL was not set), so every signed-in request reads its session from PostgreSQL"}) on a free port${databases}.`,
    `- Load comes from wrk (Debian's package) in its own process, 2 threads, over 127.0.0.1, one request in flight per connection; its Lua script sets the method, headers and body and prints the summary as JSON. On this ${m.cores}-core machine wrk competes with the server for CPU.`,
    `- Every request sends \`Accept-Encoding: ${ACCEPT_ENCODING}\`: a phone sends \`gzip, deflate, br\`, and the page cache and get-question answer gzip (precompressed), so this measures the bytes a phone gets; the baseline serves the same gzip bytes.`,
    `- For every target, one after the other: PaperStation gets a ${config.warmupSec} s warm-up and a ${config.durationSec} s measured run, then the Node baseline gets ${Math.min(config.warmupSec, 2)} s and ${config.durationSec} s, 1 s apart; get-question runs at 100 connections, the rest at 50. Req/s is wrk's count over its duration; p50/p99 are wrk's latency percentiles.`,
    "- The Node baseline (`scripts/bench/baseline-server.ts`, a separate process) answers each target with the bytes the real server gave for it once before the load (status, `Content-Type`, `Content-Range`, `Content-Encoding`, body), from memory, with none of the real server's other headers. Share is PaperStation's req/s over the baseline's for the same target.",
    "- Goals (issues 15 and 28): get-question at least 25% of bare Node with p99 at most 25 ms at 100 connections; the anonymous home, subject and article pages, and, signed in, the subject page, the model paper with all its answers, /progress and the practice checking page, at least 10% with p99 at most 50 ms at 50 connections; the signed-in PDF range read at least 10%. A missed goal fails the run. Login is reported without a goal (argon2).",
    "- Before the load, each page kept by the page cache (the anonymous ones; signed in, the subject and model paper pages, decision 032, and /progress and the checking page, kept for their own student until their next write, decision 034) is checked to come from it (`X-Page-Cache: hit` on a repeat) and the other targets not to. One student repeats the signed-in targets, so /progress and the checking page are hits after the first request: a real student's first visit after a write is a render (decision 034 says what that costs).",
    "- Each server is measured once the first-page images' backfill of the fresh DATA_DIR has ended (decision 033, read from /metrics), so that no target shares the CPU with it.",
    `- A run fails on any socket error, timeout (${DEFAULT_TIMEOUT_SEC} s; ${LOGIN_TIMEOUT_SEC} s for login, whose argon2id queue is long) or status outside 2xx/3xx; each target's status was checked once before the load (200; 206 for the range read).`,
    `- Sign-in: one account is created with \`POST /api/v1/signup\`; the signed-in targets send its \`ps_session\` cookie; the login target posts its email and password. ${pdfNote}`,
    "- Peak RSS is the highest `VmRSS` of the server process, read from `/proc/<pid>/status` every 200 ms during that run.",
  ];
}

function responseSizes({ targets, captured }: ReportInput): string[] {
  const rows = targets.flatMap((target, i) => {
    const c = captured[i];
    if (!c) return [];
    const bytes = Buffer.from(c.bodyBase64, "base64").length;
    return [
      [
        target.label,
        String(c.status),
        c.headers["content-type"] ?? "",
        c.headers["content-encoding"] ?? "identity",
        String(bytes),
      ],
    ];
  });
  return [
    "",
    "Response sizes (body bytes as sent):",
    "",
    ...markdownTable(["Target", "Status", "Content-Type", "Encoding", "Bytes"], "lrllr", rows),
  ];
}

function appSection(run: ServerRun, baseline: ServerRun): string[] {
  const rows = run.rows
    .filter((r) => !r.target.argon2)
    .map((row) => {
      const b = baselineFor(baseline, row);
      const check = checkGoal(row, b);
      const goal = row.target.goal;
      return [
        row.target.label,
        String(row.connections),
        num(row.result.requestsPerSec),
        ms(row.result.latencyP50),
        ms(row.result.latencyP99),
        b ? num(b.result.requestsPerSec) : "n/a",
        b ? ms(b.result.latencyP99) : "n/a",
        check.share === undefined ? "n/a" : percent(check.share),
        goal
          ? `≥ ${percent(goal.minShare)}${goal.maxP99Ms === undefined ? "" : `, p99 ≤ ${goal.maxP99Ms} ms`}`
          : "reported",
        check.pass === undefined ? "" : check.pass ? "PASS" : `**FAIL** (${check.missed.join("; ")})`,
        `${row.load.toFixed(2)} / ${b ? b.load.toFixed(2) : "n/a"}`,
        mb(row.memory?.peakRss),
      ];
    });
  return [
    "",
    `## PaperStation on ${run.name}`,
    "",
    ...markdownTable(
      [
        "Target",
        "Conns",
        "Req/s",
        "p50",
        "p99",
        "Node req/s",
        "Node p99",
        "Share",
        "Goal",
        "Result",
        "Load (app / Node)",
        "Peak RSS",
      ],
      "lrrrrrrrllrr",
      rows,
    ),
    "",
    `Server RSS after the first warm-up ${mb(run.rssAfterWarmup)}, at the end ${mb(run.rssAtEnd)}, high-water mark (VmHWM) ${mb(run.hwm)}.`,
  ];
}

function loginSection(runs: ServerRun[]): string[] {
  const rows = runs
    .flatMap((run) => run.rows.filter((r) => r.target.argon2))
    .map((row) => [
      row.server,
      String(row.connections),
      num(row.result.requestsPerSec),
      ms(row.result.latencyP50),
      ms(row.result.latencyP99),
      row.load.toFixed(2),
      mb(row.memory?.peakRss),
    ]);
  if (!rows.length) return [];
  return [
    "",
    "## Login (bounded by argon2)",
    "",
    ...markdownTable(["Server", "Conns", "Req/s", "p50", "p99", "Load", "Peak RSS"], "lrrrrrr", rows),
  ];
}

function searchSection(searches: SearchBench[]): string[] {
  if (!searches.length) return [];
  return [
    "",
    "## Search (issue 16)",
    "",
    `Its own wrk run after the targets above, on the same server: each request the next of ${SEARCH_QUERIES.length} queries (English, Marathi, Hindi; whole words, prefixes as typed, typos) with \`Accept-Encoding: gzip\`. Before the load, each query is asked once, one at a time, with the result cache empty: the cold row. Goal: p95 at most ${SEARCH_GOAL_P95_MS} ms warm (decision 015).`,
    ...searches.flatMap((search) => searchTable(search.name, search, false).split("\n")),
  ];
}

function baselineSection(run: ServerRun): string[] {
  const rows = run.rows.map((row) => [
    row.target.label,
    String(row.connections),
    num(row.result.requestsPerSec),
    ms(row.result.latencyP50),
    ms(row.result.latencyP99),
    row.load.toFixed(2),
  ]);
  return [
    "",
    `## ${run.name} (same bytes)`,
    "",
    ...(run.skipped
      ? [run.skipped]
      : markdownTable(["Target", "Conns", "Req/s", "p50", "p99", "Load"], "lrrrrr", rows)),
  ];
}

function notesSection(input: ReportInput): string[] {
  const { failures, apps, baseline } = input;
  const notes = [
    ...(failures.length
      ? [`**The run failed** (${failures.length} problem(s)):`, ...failures.slice(0, 30).map((f) => `  - ${f}`)]
      : ["Every measured request got a 2xx or 3xx status with no socket error or timeout, and every goal was met."]),
    ...apps.flatMap((run) => appNotes(run)),
    ...(baseline.problems.length ? ["Node baseline reported:", ...baseline.problems.map((p) => `  - ${p}`)] : []),
    ...([...apps].some((run) => run.problems.some((p) => p.includes("server log warn")))
      ? [
          "Warn-level server log lines are listed above but do not fail the run (no request failed); error-level lines would.",
        ]
      : []),
    "Anonymous pages are answered by the page cache (decision 014): one render per page, language and medium every 2 s, then the kept gzip with a fresh CSP nonce spliced in. The signed-in subject and model paper pages are too (decision 032), after a session lookup and the count of reviews due, with the student's id spliced in as well; /progress and the checking page are kept for their own student until their next write (decision 034). Small paper files are answered from memory once read (decision 034).",
    "Login throughput is argon2's: each valid login verifies one argon2id hash, and most of the latency is queueing for that.",
    "Loopback numbers on a shared 2-core machine: they show the relative cost of each route and catch regressions, not what a phone on mobile data sees.",
  ];
  return ["", "## Notes", "", ...notes.map((note) => (note.startsWith("  ") ? note : `- ${note}`))];
}

/** Per app run: its memory growth, and what its server reported. */
function appNotes(run: ServerRun): string[] {
  const notes: string[] = [];
  if (run.rssAfterWarmup && run.rssAtEnd) {
    const growth = (run.rssAtEnd - run.rssAfterWarmup) / run.rssAfterWarmup;
    notes.push(
      `${run.name}: RSS went from ${mb(run.rssAfterWarmup)} after the first warm-up to ${mb(run.rssAtEnd)} at the end (${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(0)}%), peak VmHWM ${mb(run.hwm)}. This includes the login run, where up to 50 argon2 verifications (19 MiB each, run 4 at a time on libuv's pool) are queued.`,
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

function baselineFor(baseline: ServerRun, row: Row): Row | undefined {
  return baseline.rows.find((b) => b.target.key === row.target.key && b.connections === row.connections);
}

// ---------------------------------------------------------------------------------------------- numbers

const mb = (bytes: number | undefined) => (bytes === undefined ? "n/a" : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const num = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
const ms = (n: number) => `${n >= 10 ? n.toFixed(0) : n.toFixed(1)} ms`;
const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

function pct(cores: number): string {
  return `${(cores * 100).toFixed(cores < 0.1 ? 1 : 0)}%`;
}
