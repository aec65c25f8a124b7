/**
 * npm run audit
 *
 * Lighthouse (mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU throttling) on the
 * production build, with Debian's Chromium (CHROMIUM_PATH overrides /usr/bin/chromium; no browser
 * is ever downloaded). Audits `/`, a subject page, `/login`, `/blogs`, an article, a 404 and, as a
 * user-flow snapshot, a subject page with the PDF viewer open. Prints the four category scores and
 * LCP, TBT and CLS per page, writes each JSON report to reports/lighthouse/, and exits 1 when a
 * page has Accessibility, Best Practices or SEO below 100 or Performance below 90 (the snapshot has
 * no Performance score), listing every failing audit of such a page.
 *
 *   npm run audit
 *   AUDIT_ONLY=/login,viewer npm run audit     # just these pages (by path, or by key: viewer, not-found…)
 *   AUDIT_RUNS=5 npm run audit                 # page loads per page; the median run counts (default 3)
 *   AUDIT_PERFORMANCE=report npm run audit     # Performance below target printed, not failed (CI, decision 031)
 *   AUDIT_CPU_SLOWDOWN=10 npm run audit        # a fixed CPU slowdown (default: 4x, less on a slow host)
 */
import { randomBytes, randomInt } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import lighthouse, { type Flags, type Result as LhResult, startFlow } from "lighthouse";
import { screenEmulationMetrics, throttling, userAgents } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";
import puppeteer, { type Browser } from "puppeteer-core";
import { subjectByKey, subjectPath } from "../domain/subjects.ts";
import { calibratedCpuSlowdown } from "./audit/calibrate.ts";
import { CATEGORIES, type ExpectedFailure, judge, type PageVerdict, passes, TARGETS } from "./audit/judge.ts";
import { type AppProcess, startAppProcess } from "./lib/app-process.ts";
import { ensureBuild } from "./lib/build.ts";
import { CHROMIUM_FLAGS, chromiumPath } from "./lib/chromium.ts";

const ROOT = path.join(import.meta.dirname, "..");
const REPORT_DIR = path.join(ROOT, "reports/lighthouse");
const CHROMIUM = chromiumPath();
const CHROME_FLAGS = ["--headless=new", "--no-sandbox", ...CHROMIUM_FLAGS];
const RUNS = positiveInt("AUDIT_RUNS", 3);
/** A fixed CPU slowdown instead of the calibrated one: to see the pages as a slower host would. */
/**
 * `AUDIT_PERFORMANCE=report`: Performance below target is printed, not failed (decision 031: CI's hosts score
 * unchanged pages 62–98 from one run to the next). The other categories still fail the run.
 */
const PERFORMANCE_MODE = process.env.AUDIT_PERFORMANCE === "report" ? "report" : "gate";
const CPU_SLOWDOWN = process.env.AUDIT_CPU_SLOWDOWN ? positiveInt("AUDIT_CPU_SLOWDOWN", 4) : undefined;
const SNAPSHOT_CATEGORIES = ["accessibility", "best-practices", "seo"];

const MATH_1 = subjectPath(subjectByKey("math_1"));
/** The first page of the PDF viewer, drawn, inside an open dialog. */
const VIEWER_CANVAS = ":is(dialog[open], [role='dialog']) [data-page='1'] canvas";

interface PageSpec {
  key: string;
  label: string;
  path: string;
  mode: "navigation" | "snapshot";
  expectedFailures?: ExpectedFailure[];
  /** A stricter Performance target than the site's 90, as a fraction. */
  performanceTarget?: number;
}

const PAGES: PageSpec[] = [
  { key: "home", label: "Home", path: "/", mode: "navigation" },
  { key: "subject", label: "Subject page (Math 1)", path: MATH_1, mode: "navigation" },
  { key: "login", label: "Login", path: "/login", mode: "navigation" },
  { key: "blogs", label: "Blogs", path: "/blogs", mode: "navigation" },
  { key: "article", label: "Article", path: "/importance-of-planning", mode: "navigation" },
  {
    key: "model-paper",
    label: "Model paper (visitor)",
    path: "/maharashtra-board-math-2-question-papers/math-2-model-1",
    mode: "navigation",
  },
  {
    key: "not-found",
    label: "404",
    path: "/no-such-page",
    mode: "navigation",
    // Lighthouse asks every page to answer 2xx, to be indexable and to log no console error. A
    // missing page must answer 404 and carry noindex, and Chromium logs its own "Failed to load
    // resource: 404" for such a document: these fail by design, and the run checks they still do.
    // Any other console error on the page still fails it.
    expectedFailures: [
      { auditId: "http-status-code", reason: "a missing page must answer 404, not 200" },
      { auditId: "is-crawlable", reason: "a missing page carries noindex so it is never indexed" },
      {
        auditId: "errors-in-console",
        reason: "Chromium logs the document's own 404 status as a console error",
        onlyItems: (item, lhr) =>
          item.source === "network" &&
          (item.sourceLocation as { url?: string } | undefined)?.url === lhr.mainDocumentUrl &&
          String(item.description).includes("status of 404"),
      },
    ],
  },
  { key: "viewer", label: "Subject page, viewer open (snapshot)", path: MATH_1, mode: "snapshot" },
  // Issue 14: the Marathi pages, with their font, at Performance 95 or more.
  { key: "mr-home", label: "Home in Marathi", path: "/mr", mode: "navigation", performanceTarget: 0.95 },
  {
    key: "mr-subject",
    label: "Subject page in Marathi (Math 1)",
    path: `/mr${MATH_1}`,
    mode: "navigation",
    performanceTarget: 0.95,
  },
];

interface Outcome {
  spec: PageSpec;
  verdict: PageVerdict;
  reportFile: string;
  /** Performance score of every run of a navigation; the reported one is the median run. */
  performanceRuns?: (number | null)[];
  /** The CPU slowdown each run used, calibrated to the host, and the benchmarkIndex Lighthouse measured in it. */
  cpuSlowdowns?: number[];
  benchmarkIndexes?: number[];
}

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    process.stderr.write(`${name} must be a positive whole number, got "${raw}"\n`);
    process.exit(2);
  }
  return value;
}

function writeReport(name: string, json: unknown): string {
  mkdirSync(REPORT_DIR, { recursive: true });
  const file = path.join(REPORT_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
  return path.relative(ROOT, file);
}

const BASE_FLAGS: Flags = { logLevel: "error", output: "json" };

/** Lighthouse's own benchmark, in a blank tab of the browser that will load the page: the median of three. */
async function measureBenchmarkIndex(browser: Browser): Promise<number> {
  const page = await browser.newPage();
  try {
    const values: number[] = [];
    for (let i = 0; i < 3; i++) values.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    values.sort((a, b) => a - b);
    return values[1] ?? 0;
  } finally {
    await page.close();
  }
}

/**
 * Each page load is one visitor with an address of its own, as on the real site. The server trusts
 * X-Forwarded-For from loopback (its local proxy), and it limits web-vitals beacons per address
 * (VITALS_PER_MINUTE): the many loads a minute from one address that this run makes, and no student
 * does, would get 429 answers that Chromium logs as console errors on every later page.
 */
function visitorAddress(): Record<string, string> {
  return { "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

/**
 * A navigation audit, RUNS times: the reported run is the median one by Lighthouse's own rule
 * (closest to the median FCP and TTI), as Lighthouse's variability guide recommends, because a
 * single run's Total Blocking Time moves with whatever else the machine is doing.
 */
async function auditNavigation(browser: Browser, app: AppProcess, spec: PageSpec): Promise<Outcome> {
  const runs: LhResult[] = [];
  const cpuSlowdowns: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const cpuSlowdownMultiplier = CPU_SLOWDOWN ?? calibratedCpuSlowdown(await measureBenchmarkIndex(browser));
    cpuSlowdowns.push(cpuSlowdownMultiplier);
    const flags: Flags = {
      ...BASE_FLAGS,
      ignoreStatusCode: spec.expectedFailures !== undefined,
      extraHeaders: visitorAddress(),
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
    };
    const page = await browser.newPage();
    try {
      const result = await lighthouse(`${app.url}${spec.path}`, flags, undefined, page);
      if (!result) throw new Error(`Lighthouse returned no result for ${spec.path}`);
      runs.push(result.lhr);
    } finally {
      await page.close();
    }
  }
  const valid = filterToValidRuns(runs);
  const lhr = valid.length > 0 ? computeMedianRun(valid) : runs[0];
  if (!lhr) throw new Error(`no Lighthouse run for ${spec.path}`);
  const performanceRuns = runs.map((run) => {
    const score = run.categories.performance?.score;
    return score == null ? null : Math.round(score * 100);
  });
  return {
    spec,
    verdict: judge(lhr, spec.expectedFailures, spec.performanceTarget),
    reportFile: writeReport(spec.key, lhr),
    performanceRuns,
    cpuSlowdowns,
    benchmarkIndexes: runs.map((run) => Math.round(run.environment.benchmarkIndex)),
  };
}

/** Signs up through the API (as a browser would: same origin, JSON) and returns the session token. */
async function signUp(app: AppProcess): Promise<string> {
  const tag = randomBytes(5).toString("hex");
  const response = await fetch(`${app.url}/api/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url, ...visitorAddress() },
    body: JSON.stringify({
      name: `Audit Student ${tag}`,
      email: `audit-${tag}@example.com`,
      phone: `919${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`,
      password: `audit-${tag}-password`,
      role: 1,
      under_18: false,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("ps_session="));
  const token = cookie?.match(/^ps_session=([^;]+)/)?.[1];
  if (!token) throw new Error("sign-up answered 201 without a ps_session cookie");
  return token;
}

async function auditViewer(browser: Browser, app: AppProcess, spec: PageSpec): Promise<Outcome> {
  const token = await signUp(app);
  await browser.setCookie({ name: "ps_session", value: token, domain: new URL(app.url).hostname, path: "/" });
  const page = await browser.newPage();
  try {
    await page.setExtraHTTPHeaders(visitorAddress());
    // Snapshot mode does not emulate a device: give the page the same phone as the navigations.
    const screen = screenEmulationMetrics.mobile;
    if (!screen) throw new Error("Lighthouse has no mobile screen metrics");
    await page.setUserAgent({ userAgent: userAgents.mobile });
    await page.setViewport({
      width: screen.width,
      height: screen.height,
      deviceScaleFactor: screen.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    const flow = await startFlow(page, {
      name: spec.label,
      flags: { ...BASE_FLAGS, onlyCategories: SNAPSHOT_CATEGORIES },
    });
    await page.goto(`${app.url}${spec.path}`, { waitUntil: "networkidle0" });
    // The first 'Q Paper' link (its accessible name goes on with the paper's title).
    const links = await page.$$("main a[href]");
    let clicked = false;
    for (const link of links) {
      const text = await link.evaluate((a) => a.textContent ?? "");
      if (text.trim().startsWith("Q Paper")) {
        await link.click();
        clicked = true;
        break;
      }
    }
    if (!clicked) throw new Error(`no 'Q Paper' link on ${spec.path}`);
    // The viewer: an open dialog (role=dialog) whose first page is drawn on a visible canvas.
    await page.waitForFunction(
      (selector: string) => {
        const canvas = document.querySelector<HTMLCanvasElement>(selector);
        return canvas !== null && canvas.width > 0 && canvas.getBoundingClientRect().height > 0;
      },
      { timeout: 30_000, polling: 100 },
      VIEWER_CANVAS,
    );
    const dialogName = await page.evaluate((selector: string) => {
      const d = document.querySelector(selector)?.closest("dialog, [role='dialog']");
      const labelledBy = d?.getAttribute("aria-labelledby");
      const label = labelledBy ? document.getElementById(labelledBy)?.textContent : d?.getAttribute("aria-label");
      return label?.trim() ?? "";
    }, VIEWER_CANVAS);
    await flow.snapshot({ name: `${spec.label}${dialogName ? `: ${dialogName}` : ""}` });
    const flowResult = await flow.createFlowResult();
    const lhr = flowResult.steps[0]?.lhr as LhResult | undefined;
    if (!lhr) throw new Error("the user flow produced no snapshot step");
    return {
      spec,
      verdict: judge(lhr, spec.expectedFailures, spec.performanceTarget),
      reportFile: writeReport(spec.key, flowResult),
    };
  } finally {
    await page.close();
  }
}

/** A page that could not be audited at all: it fails, with the reason, and the other pages still run. */
function failedRun(spec: PageSpec, error: unknown): Outcome {
  const message = error instanceof Error ? error.message : String(error);
  const scores = { performance: null, accessibility: null, "best-practices": null, seo: null };
  return {
    spec,
    reportFile: "(no report)",
    verdict: {
      scores,
      lcpMs: null,
      tbtMs: null,
      cls: null,
      belowTarget: [],
      failingAudits: [],
      unexpectedPasses: [],
      runtimeError: `the audit could not run: ${message}`,
      warnings: [],
    },
  };
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function scoreCell(outcome: Outcome, id: (typeof CATEGORIES)[number]): string {
  const score = outcome.verdict.scores[id];
  if (score === null) return outcome.spec.mode === "snapshot" && id === "performance" ? "n/a" : "—";
  const target = id === "performance" ? (outcome.spec.performanceTarget ?? TARGETS.performance) : TARGETS[id];
  const below = score < target * 100;
  const excused = below && !outcome.verdict.belowTarget.includes(id);
  return `${score}${below ? (excused ? "*" : "!") : ""}`;
}

function printTable(outcomes: Outcome[]): void {
  const header = ["Page", "Perf", "A11y", "BP", "SEO", "LCP", "TBT", "CLS", "Result"];
  const rows = outcomes.map((o) => {
    const v = o.verdict;
    const nav = o.spec.mode === "navigation";
    return [
      `${o.spec.label} ${o.spec.path}`,
      ...CATEGORIES.map((id) => scoreCell(o, id)),
      nav && v.lcpMs !== null ? `${(v.lcpMs / 1000).toFixed(2)} s` : "n/a",
      nav && v.tbtMs !== null ? `${Math.round(v.tbtMs)} ms` : "n/a",
      nav && v.cls !== null ? v.cls.toFixed(3) : "n/a",
      passes(v) ? "ok" : "FAIL",
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) => cells.map((c, i) => pad(c, widths[i] ?? 0, i > 0 && i < 8)).join("  ");
  process.stdout.write(`\n${line(header)}\n${widths.map((w) => "-".repeat(w)).join("  ")}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write(
    "\nTargets: Performance ≥ 90 (≥ 95 for the Marathi pages); Accessibility, Best Practices and SEO = 100. Mobile preset, simulated throttling,\n" +
      "its CPU slowdown calibrated to the host (4x on a host of benchmarkIndex 1,750 or more; less on a slower one).\n" +
      "! below target.  * below target only through audits the page is right to fail (listed below).\n" +
      "The viewer is a Lighthouse user-flow snapshot of the open dialog: snapshot mode does not measure\n" +
      "Performance (no page load happens), so that row has Accessibility, Best Practices and SEO only.\n",
  );
}

function printDetails(outcomes: Outcome[]): void {
  for (const o of outcomes) {
    const v = o.verdict;
    const notes: string[] = [];
    if (v.runtimeError) notes.push(`  Lighthouse runtime error: ${v.runtimeError}`);
    for (const a of v.failingAudits) {
      const score = a.score === null ? "error" : String(Math.round(a.score * 100));
      const value = a.displayValue ? ` (${a.displayValue})` : "";
      const weight = a.weight === 0 ? " [not scored]" : "";
      const why = a.expected ? ` — expected on this page: ${a.expected.reason}` : "";
      notes.push(`  ${a.category}: ${a.id} — ${a.title}${value}, score ${score}${weight}${why}`);
      if (!a.expected && a.weight > 0) for (const item of a.items) notes.push(`      ${item}`);
    }
    for (const e of v.unexpectedPasses) {
      notes.push(`  ${e.auditId} passed, but it must fail here (${e.reason}): the page regressed`);
    }
    if (notes.length === 0) continue;
    process.stdout.write(
      `\n${o.spec.label} ${o.spec.path}${passes(v) ? "" : " — below target"}\n${notes.join("\n")}\n`,
    );
  }
}

async function main(): Promise<number> {
  if (!existsSync(CHROMIUM)) {
    process.stderr.write(
      `Chromium was not found at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH).\n` +
        "No browser is downloaded.\n",
    );
    return 2;
  }
  const only = process.env.AUDIT_ONLY?.split(",").map((s) => s.trim());
  const pages = only ? PAGES.filter((p) => only.includes(p.path) || only.includes(p.key)) : PAGES;
  if (pages.length === 0) {
    process.stderr.write(`AUDIT_ONLY matches no page; choose from ${PAGES.map((p) => p.key).join(", ")}\n`);
    return 2;
  }
  ensureBuild();

  // With the generated sample papers: the subject page as it looks with a year of papers, and one to open.
  const app = await startAppProcess({ SAMPLE_PAPERS: "1" });
  let browser: Browser | undefined;
  const outcomes: Outcome[] = [];
  try {
    browser = await puppeteer.launch({
      executablePath: CHROMIUM,
      // The flags above, exactly: puppeteer adds no --headless of its own when headless is false.
      headless: false,
      args: CHROME_FLAGS,
      defaultViewport: null,
    });
    // Right after the browser tests the machine is still settling (CI runs them just before): measure once the
    // load has come down to one per CPU, waiting at most two minutes, rather than scoring the tests' tail.
    const settleBy = Date.now() + 120_000;
    while ((os.loadavg()[0] ?? 0) > os.availableParallelism() && Date.now() < settleBy) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
    const [load1] = os.loadavg();
    process.stdout.write(
      `Lighthouse on ${app.url} with ${await browser.version()}, ${RUNS} run(s) per page load, ` +
        `load average ${load1?.toFixed(1)} on ${os.availableParallelism()} CPUs\n`,
    );
    if ((load1 ?? 0) > os.availableParallelism()) {
      process.stdout.write("  (the machine is busy: Total Blocking Time and the Performance score will suffer)\n");
    }
    for (const spec of pages) {
      const started = Date.now();
      const outcome = await (spec.mode === "navigation"
        ? auditNavigation(browser, app, spec)
        : auditViewer(browser, app, spec)
      ).catch((error: unknown) => failedRun(spec, error));
      outcomes.push(outcome);
      const runs = outcome.performanceRuns
        ? ` (performance ${outcome.performanceRuns.map((score) => score ?? "no score").join(", ")}; CPU ${outcome.cpuSlowdowns?.map((m) => `${m}x`).join(", ")}; ` +
          `benchmarkIndex ${outcome.benchmarkIndexes?.join(", ")})`
        : "";
      process.stdout.write(
        `  ${spec.label} ${spec.path}: ${((Date.now() - started) / 1000).toFixed(1)} s${runs} → ${outcome.reportFile}\n`,
      );
    }
  } finally {
    await browser?.close();
    await app.stop();
  }

  printTable(outcomes);
  printDetails(outcomes);
  const failed = outcomes.filter((o) => !passes(o.verdict, PERFORMANCE_MODE));
  const slow = outcomes.filter((o) => o.verdict.belowTarget.includes("performance"));
  if (PERFORMANCE_MODE === "report" && slow.length > 0) {
    process.stdout.write(
      `\n! Performance below target on ${slow.length} page(s), reported and not failed (AUDIT_PERFORMANCE=report, decision 031): ${slow.map((o) => o.spec.key).join(", ")}\n`,
    );
  }
  if (failed.length > 0) {
    process.stdout.write(`\n✗ ${failed.length} of ${outcomes.length} pages below target\n`);
    return 1;
  }
  process.stdout.write(`\n✓ all ${outcomes.length} pages meet the targets\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`audit failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
