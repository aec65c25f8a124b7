/**
 * The paper viewer on a phone: how long after the tap on 'Q Paper' the viewer has drawn the first page
 * of a 1 MB scanned paper, on a 360 px phone with a 4× CPU slowdown, per network profile, with the
 * viewer's code prefetched (the page does that when idle) and cold (Save-Data: the page must not).
 *
 * The paper (scripts/bench/viewer-fixture.ts) is imported with scripts/import-papers.ts into a fresh
 * PGlite DATA_DIR before the production server starts on it, as an operator would.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type CDPSession, chromium, type Locator, type Page } from "@playwright/test";
import { SUBJECTS, subjectPath } from "../../domain/subjects.ts";
import { type AppProcess, startAppProcess } from "../lib/app-process.ts";
import { CHROMIUM_FLAGS, chromiumPath, ensureChromium } from "../lib/chromium.ts";
import type { Cleanups } from "./cleanups.ts";
import { log } from "./log.ts";
import { ROOT } from "./processes.ts";
import { markdownTable } from "./report.ts";
import { type Fixture, makeScannedPaper } from "./viewer-fixture.ts";

export interface ViewerResult {
  /** The report's section (Markdown), printed and written with the rest. */
  section: string[];
  /** Target misses and runs that could not be measured, in the order they happened. */
  failures: string[];
}

interface Profile {
  label: string;
  /** CDP Network.emulateNetworkConditions (bytes per second), or none on loopback. */
  network?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  /** The prefetched case's first page must be drawn within this after the tap, in every run. */
  targetMs: number;
  /** The cold case's first page (the server's image of it, decision 033) within this, in every run (issue 28). */
  coldTargetMs?: number;
}

const PROFILES: Profile[] = [
  {
    label: "Slow 4G (1.6 Mbps, 150 ms RTT)",
    network: { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 },
    targetMs: 3_000,
    coldTargetMs: 2_000,
  },
  {
    label: "400 kbps, 400 ms RTT",
    network: { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8 },
    targetMs: 6_000,
    coldTargetMs: 4_000,
  },
  { label: "Loopback, no throttling", targetMs: 1_000 },
];

type Case = "prefetched" | "cold";
const CASES: Case[] = ["prefetched", "cold"];
const RUNS = 3;
const CPU_SLOWDOWN = 4;
const VIEWPORT = { width: 360, height: 740 };

/** The imported paper's slot: any catalogue year works; 2024 has no generated sample in it. */
const SUBJECT_KEY = "math_1";
const MEDIUM = "marathi";
const YEAR = 2024;
const IMPORT_FILE = `all/${SUBJECT_KEY}/${YEAR}-march-question.pdf`;

/** How long the page may take to set data-viewer-code="ready" before the run fails. */
const PREFETCH_TIMEOUT_MS = 30_000;
const PAGE_LOAD_TIMEOUT_MS = 120_000;
const HYDRATION_TIMEOUT_MS = 60_000;
const FIRST_PAGE_TIMEOUT_MS = 60_000;

/** A run that failed in a way that will repeat (the page does not prefetch): the row's other runs are skipped. */
class RowError extends Error {}

interface RunResult {
  /** Tap to the first page visible: the server's image of it or pdf.js's canvas, whichever came first. */
  ms: number;
  /** Tap to pdf.js's canvas in page 1's box. */
  canvasMs: number;
  /** What showed the page first. */
  by: "image" | "canvas";
  bytes: Bytes;
}

interface Bytes {
  script: number;
  pdf: number;
  other: number;
}

interface Row {
  profile: Profile;
  kase: Case;
  results: RunResult[];
  /** Why runs could not be measured (one entry a failed run). */
  errors: string[];
  skipped: number;
}

interface Account {
  email: string;
  password: string;
}

export async function benchViewer(cleanups: Cleanups): Promise<ViewerResult> {
  log(`\nPaper viewer: first page on a ${VIEWPORT.width} px phone, ${CPU_SLOWDOWN}× CPU slowdown`);
  const missing = ensureChromium(log);
  if (missing) {
    const failure = `viewer: not measured, Chromium is missing: ${missing.split("\n")[0]}`;
    return { section: ["", "## Paper viewer on a phone", "", `Not measured: ${missing}`], failures: [failure] };
  }
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const closeBrowser = () => browser.close();
  const removeBrowser = cleanups.add(closeBrowser);
  const work = mkdtempSync(path.join(tmpdir(), "ps-bench-viewer-"));
  const removeWork = () => rmSync(work, { recursive: true, force: true });
  const removeWorkCleanup = cleanups.add(async () => removeWork());
  try {
    const fixture = await makeScannedPaper(browser);
    log(
      `  fixture: ${fixture.pages} scanned pages, ${kb(fixture.pdf.length)} (${fixture.pdf.length} bytes); JPEGs ${kb(Math.min(...fixture.jpegs.map((j) => j.bytes)))} to ${kb(Math.max(...fixture.jpegs.map((j) => j.bytes)))}`,
    );
    const importDir = path.join(work, "import");
    const dataDir = path.join(work, "data");
    mkdirSync(path.dirname(path.join(importDir, IMPORT_FILE)), { recursive: true });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(path.join(importDir, IMPORT_FILE), fixture.pdf);
    await importPapers(importDir, dataDir);

    const serverLines: string[] = [];
    const app = await startAppProcess(
      {
        DATA_DIR: dataDir,
        // The fixture is in PGlite under DATA_DIR, even when the load test ran on PostgreSQL.
        DATABASE_URL: undefined,
        REDIS_URL: undefined,
        LOG_LEVEL: "warn",
        // Every run signs the same account in from 127.0.0.1.
        LOGIN_LIMIT_PER_ACCOUNT: "1000000",
        LOGIN_LIMIT_PER_IP: "1000000",
      },
      {
        readiness: [
          { path: "/healthz", timeoutMs: 180_000 },
          { path: "/readyz", timeoutMs: 60_000 },
        ],
        onLine: (line) => {
          if (line.trim() && serverLines.length < 200) serverLines.push(line);
        },
      },
    );
    const removeApp = cleanups.add(() => app.stop());
    try {
      const paperId = await importedPaperId(app);
      const account = await signUp(app);
      const rows: Row[] = [];
      const failures: string[] = [];
      for (const profile of PROFILES) {
        for (const kase of CASES) {
          const row = await measureRow(browser, app, paperId, account, profile, kase);
          rows.push(row);
          failures.push(...rowFailures(row));
        }
      }
      const serious = serverLines.filter(isSeriousLogLine);
      if (serious.length) failures.push(`viewer: the server logged ${serious.length} error line(s) (see the notes)`);
      return {
        section: renderSection(rows, fixture, browser.version(), serverLines),
        failures,
      };
    } finally {
      removeApp();
      await app.stop();
    }
  } finally {
    removeBrowser();
    removeWorkCleanup();
    await closeBrowser();
    removeWork();
  }
}

// ---------------------------------------------------------------------------------------------- set-up

/** `node scripts/import-papers.ts <dir>` into DATA_DIR, on PGlite, as an operator runs it. */
function importPapers(importDir: string, dataDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/import-papers.ts"), importDir], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-10_000);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 180_000);
    child.once("error", reject);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        log(`  imported ${IMPORT_FILE} with scripts/import-papers.ts`);
        resolve();
      } else reject(new Error(`scripts/import-papers.ts exited with ${signal ?? code}:\n${output}`));
    });
  });
}

/** The imported paper's id, from the listing the subject page shows. */
async function importedPaperId(app: AppProcess): Promise<string> {
  const res = await fetch(
    `http://127.0.0.1:${app.port}/api/v1/get-question?subject=${SUBJECT_KEY}&medium=${MEDIUM}&standard=10`,
  );
  if (!res.ok) throw new Error(`get-question answered ${res.status}`);
  const body = (await res.json()) as {
    data: { year: number; papers: { id: string; question_url: string; official: boolean }[] }[];
  };
  const paper = body.data.find((group) => group.year === YEAR)?.papers.find((p) => p.official && p.question_url);
  if (!paper)
    throw new Error(`the imported ${YEAR} paper is not in the ${SUBJECT_KEY} listing: ${JSON.stringify(body)}`);
  return paper.id;
}

/** One account for every run; each run's fresh browser context signs it in (sign-ups are limited per address). */
async function signUp(app: AppProcess): Promise<Account> {
  const stamp = Date.now().toString().slice(-8);
  const account = { email: `viewer.bench.${stamp}@example.com`, password: `viewer-bench-${stamp}` };
  const res = await fetch(`http://127.0.0.1:${app.port}/api/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app.url },
    body: JSON.stringify({ name: "Bench Phone", ...account, phone: `9${stamp}1`, role: 1, under_18: false }),
  });
  if (res.status !== 201) throw new Error(`signup answered ${res.status}: ${await res.text()}`);
  return account;
}

// ---------------------------------------------------------------------------------------------- runs

async function measureRow(
  browser: Browser,
  app: AppProcess,
  paperId: string,
  account: Account,
  profile: Profile,
  kase: Case,
): Promise<Row> {
  const row: Row = { profile, kase, results: [], errors: [], skipped: 0 };
  for (let run = 1; run <= RUNS; run++) {
    const label = `  ${profile.label}, ${kase}, run ${run}:`;
    try {
      const result = await measureRun(browser, app, paperId, account, profile, kase);
      row.results.push(result);
      const { script, pdf, other } = result.bytes;
      log(
        `${label} ${seconds(result.ms)} by the ${result.by}, pdf.js's canvas at ${seconds(result.canvasMs)} (JS ${kb(script)}, PDF ${kb(pdf)}, other ${kb(other)} after the tap)`,
      );
    } catch (error) {
      const message = (error as Error).message.split("\n")[0] ?? String(error);
      row.errors.push(`run ${run}: ${message}`);
      log(`${label} FAILED: ${message}`);
      if (error instanceof RowError) {
        row.skipped = RUNS - run;
        if (row.skipped) log(`  ${profile.label}, ${kase}: the other ${row.skipped} run(s) skipped`);
        break;
      }
    }
  }
  return row;
}

/** One tap in a fresh, signed-in phone context with an empty cache: milliseconds from the tap to page 1. */
async function measureRun(
  browser: Browser,
  app: AppProcess,
  paperId: string,
  account: Account,
  profile: Profile,
  kase: Case,
): Promise<RunResult> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browser.version()} Mobile Safari/537.36`,
    // A phone in data-saver mode says so on every request, as well as in navigator.connection.
    extraHTTPHeaders: kase === "cold" ? { "Save-Data": "on" } : {},
  });
  try {
    const login = await context.request.post(`${app.url}/api/v1/login`, {
      data: { email_or_phone: account.email, password: account.password },
      headers: { Origin: app.url },
    });
    if (!login.ok()) throw new Error(`login answered ${login.status()}: ${await login.text()}`);
    await context.addInitScript(recordTapAndFirstPage);
    if (kase === "cold") await context.addInitScript(reportSaveData);

    const page = await context.newPage();
    // A page whose scripts answer 404 never hydrates: say so (a rebuild of build/ during the run does it).
    const missingAssets: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) missingAssets.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (profile.network) await cdp.send("Network.emulateNetworkConditions", { offline: false, ...profile.network });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    const bytes = countBytes(cdp);

    const subject = SUBJECTS.find((s) => s.key === SUBJECT_KEY);
    if (!subject) throw new Error(`no subject ${SUBJECT_KEY}`);
    await page.goto(`${app.url}${subjectPath(subject)}?medium=${MEDIUM}`, {
      waitUntil: "load",
      timeout: PAGE_LOAD_TIMEOUT_MS,
    });
    const link = page.locator(`[data-paper-id="${paperId}"] a`, { hasText: "Q Paper" });
    await hydrated(link).catch((error: Error) => {
      const why = missingAssets.length
        ? ` (the page got ${missingAssets.slice(0, 3).join(", ")}: was build/ rebuilt while the bench ran?)`
        : "";
      throw new Error(`${error.message}${why}`);
    });
    if (kase === "prefetched") {
      await page
        .waitForFunction(() => document.documentElement.dataset.viewerCode === "ready", null, {
          timeout: PREFETCH_TIMEOUT_MS,
          polling: 250,
        })
        .catch(() => {
          throw new RowError(
            `the page did not set <html data-viewer-code="ready"> within ${PREFETCH_TIMEOUT_MS / 1000} s of load (it must prefetch the viewer's code when idle)`,
          );
        });
    } else {
      // The page prefetches once idle: give it that chance before checking it did not.
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            const idle = (then: () => void) => requestIdleCallback(then, { timeout: 3000 });
            idle(() => idle(resolve));
          }),
      );
      if ((await page.evaluate(() => document.documentElement.dataset.viewerCode)) === "ready") {
        throw new RowError("prefetched despite Save-Data (<html data-viewer-code> is ready before the tap)");
      }
    }

    bytes.start();
    await link.tap();
    await page
      .waitForFunction(() => (window as unknown as BenchWindow).__canvasAt !== undefined, null, {
        timeout: FIRST_PAGE_TIMEOUT_MS,
        polling: 250,
      })
      .catch(async () => {
        throw new Error(
          `no canvas in [data-page="1"] within ${FIRST_PAGE_TIMEOUT_MS / 1000} s of the tap; the viewer shows: ${await viewerText(page)}`,
        );
      });
    const { tapAt, imageAt, canvasAt } = await page.evaluate(() => {
      const w = window as unknown as BenchWindow;
      return { tapAt: w.__tapAt, imageAt: w.__imageAt, canvasAt: w.__canvasAt };
    });
    if (tapAt === undefined || canvasAt === undefined) throw new Error("the tap on 'Q Paper' was not seen");
    const first = imageAt !== undefined && imageAt < canvasAt ? imageAt : canvasAt;
    return {
      ms: first - tapAt,
      canvasMs: canvasAt - tapAt,
      by: first === canvasAt ? "canvas" : "image",
      bytes: bytes.total(),
    };
  } finally {
    await context.close();
  }
}

interface BenchWindow {
  /** `timeStamp` of the click on 'Q Paper' (ms since the time origin, as performance.now()). */
  __tapAt?: number;
  /** performance.now() when a canvas first appeared in page 1's box (the viewer swaps it in once drawn). */
  __canvasAt?: number;
  /** performance.now() at the frame after the server's image of page 1 loaded in the viewer (decision 033). */
  __imageAt?: number;
}

/**
 * Init script: the tap's time, the time the first page's canvas is put in, and the frame after the first page's
 * image (`img[data-first-page]`) has loaded, i.e. when it is painted.
 */
function recordTapAndFirstPage(): void {
  const w = window as unknown as BenchWindow;
  document.addEventListener(
    "click",
    (event) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (w.__tapAt === undefined && link?.textContent?.trim().startsWith("Q Paper")) w.__tapAt = event.timeStamp;
    },
    true,
  );
  document.addEventListener(
    "load",
    (event) => {
      const image = event.target;
      if (w.__tapAt === undefined || w.__imageAt !== undefined) return;
      if (!(image instanceof HTMLImageElement) || !image.matches("img[data-first-page]")) return;
      requestAnimationFrame(() => {
        w.__imageAt ??= performance.now();
      });
    },
    true,
  );
  const observer = new MutationObserver(() => {
    if (w.__tapAt !== undefined && document.querySelector('[data-page="1"] canvas')) {
      w.__canvasAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** Init script: a phone in data-saver mode. */
function reportSaveData(): void {
  const connection = {
    saveData: true,
    effectiveType: "4g",
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(Navigator.prototype, "connection", { configurable: true, get: () => connection });
}

/** Resolves once React has hydrated the link (as tests/e2e/support/hydration.ts): before that a tap loads the PDF. */
async function hydrated(link: Locator): Promise<void> {
  await link.waitFor({ timeout: HYDRATION_TIMEOUT_MS });
  const check = link.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const poll = () =>
          document.documentElement.dataset.hydrated === "true" ||
          Object.keys(element).some((key) => key.startsWith("__reactProps"))
            ? resolve()
            : requestAnimationFrame(poll);
        poll();
      }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the page did not hydrate within ${HYDRATION_TIMEOUT_MS / 1000} s`)),
      HYDRATION_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What the open viewer says (for a failed run's message). */
async function viewerText(page: Page): Promise<string> {
  const text = await page
    .locator("dialog[open]")
    .first()
    .textContent({ timeout: 2_000 })
    .catch(() => "(no open dialog)");
  return JSON.stringify((text ?? "").replace(/\s+/g, " ").trim().slice(0, 200));
}

/**
 * Bytes over the network (encoded, headers included) of the requests sent after `start()`: finished
 * ones by `Network.loadingFinished`, the rest by what they had received when `total()` is called.
 */
function countBytes(cdp: CDPSession): { start(): void; total(): Bytes } {
  const requests = new Map<string, { url: string; received: number; finished?: number }>();
  let counting = false;
  cdp.on("Network.requestWillBeSent", (event) => {
    if (counting && !requests.has(event.requestId))
      requests.set(event.requestId, { url: event.request.url, received: 0 });
  });
  cdp.on("Network.dataReceived", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.received += event.encodedDataLength;
  });
  cdp.on("Network.loadingFinished", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finished = event.encodedDataLength;
  });
  cdp.on("Network.loadingFailed", (event) => {
    const request = requests.get(event.requestId);
    if (request) request.finished = request.received;
  });
  return {
    start() {
      counting = true;
    },
    total() {
      const bytes: Bytes = { script: 0, pdf: 0, other: 0 };
      for (const { url, received, finished } of requests.values()) {
        const { pathname } = new URL(url);
        const kind = /\.m?js$/.test(pathname) ? "script" : pathname.startsWith("/papers/") ? "pdf" : "other";
        bytes[kind] += finished ?? received;
      }
      return bytes;
    },
  };
}

// ---------------------------------------------------------------------------------------------- report

function rowFailures(row: Row): string[] {
  const name = `viewer, ${row.profile.label}, ${row.kase}`;
  const failures = row.errors.map((error) => `${name}, ${error}`);
  const target = targetOf(row);
  if (target !== undefined && row.results.length) {
    const max = Math.max(...row.results.map((r) => r.ms));
    if (max > target) {
      failures.push(`${name}: first page after ${seconds(max)} at worst, over the ${seconds(target)} target`);
    }
  }
  return failures;
}

/** The prefetched case's target, or the cold case's where the profile has one (issue 28). */
function targetOf(row: Row): number | undefined {
  return row.kase === "prefetched" ? row.profile.targetMs : row.profile.coldTargetMs;
}

function renderSection(rows: Row[], fixture: Fixture, chromiumVersion: string, serverLines: string[]): string[] {
  const cells = rows.map((row) => {
    const times = row.results.map((r) => r.ms);
    const target = targetOf(row);
    const ok = row.errors.length === 0 && times.length === RUNS && Math.max(...times) <= (target ?? 0);
    const result = target === undefined ? (row.errors.length ? "info (failed)" : "info") : ok ? "pass" : "**FAIL**";
    const canvas = row.results.map((r) => r.canvasMs);
    const images = row.results.filter((r) => r.by === "image").length;
    return [
      row.profile.label,
      row.kase,
      `${row.results.length}/${RUNS}`,
      times.length ? seconds(median(times)) : "n/a",
      times.length ? seconds(Math.max(...times)) : "n/a",
      target === undefined ? "" : `≤ ${seconds(target)}`,
      result,
      times.length ? `${images}/${times.length}` : "n/a",
      canvas.length ? seconds(median(canvas)) : "n/a",
      ...(["script", "pdf", "other"] as const).map((kind) =>
        times.length ? (median(row.results.map((r) => r.bytes[kind])) / 1024).toFixed(0) : "n/a",
      ),
    ];
  });
  const coldScript = rows.filter((row) => row.kase === "cold").flatMap((row) => row.results.map((r) => r.bytes.script));
  const jsAfterTap = coldScript.length ? median(coldScript) : 420 * 1024;
  const throttled = PROFILES.filter((p) => p.network);
  const slowest = throttled.reduce<Profile | undefined>(
    (a, b) => (a?.network && b.network && a.network.downloadThroughput <= b.network.downloadThroughput ? a : b),
    undefined,
  );
  const errors = rows.flatMap((row) => row.errors.map((e) => `${row.profile.label}, ${row.kase}, ${e}`));
  const jpegKb = fixture.jpegs.map((j) => j.bytes / 1024);
  return [
    "",
    "## Paper viewer on a phone",
    "",
    `Time from the tap on 'Q Paper' to the viewer's first page visible, for a ${kb(fixture.pdf.length)} scanned paper: the server's image of it (decision 033) or pdf.js's canvas, whichever came first; median and max of ${RUNS} runs a row. "By the image" counts the runs where the image came first; the canvas column is when pdf.js drew the page. JS, PDF and other KB are the bytes over the network (compressed, headers included) from the tap to pdf.js's canvas, medians; PDF counts everything under /papers/, the first page's image too.`,
    "",
    ...markdownTable(
      [
        "Network",
        "Case",
        "Runs",
        "Median",
        "Max",
        "Target",
        "Result",
        "By the image",
        "pdf.js canvas (median)",
        "JS KB",
        "PDF KB",
        "Other KB",
      ],
      "llrrrllrrrrr",
      cells,
    ),
    "",
    `- Paper: an imported official paper as operators upload them, a scan: ${fixture.pages} A4 pages, each one JPEG of 1240×1754 px (150 dpi; off-white paper, grain, dust, a slight tilt, lines of text) of ${jpegKb.length ? `${Math.min(...jpegKb).toFixed(0)}–${Math.max(...jpegKb).toFixed(0)}` : "?"} KB, put one a page into a PDF with pdf-lib (no object streams): ${fixture.pdf.length} bytes. Drawn in the benchmark's Chromium from a seeded PRNG (\`scripts/bench/viewer-fixture.ts\`), imported with \`scripts/import-papers.ts\` as \`${IMPORT_FILE}\` into a fresh PGlite DATA_DIR before the production server started on it.`,
    `- Phone: Chromium ${chromiumVersion}, ${VIEWPORT.width}×${VIEWPORT.height} CSS px at device scale factor 2, touch, a mobile user agent; a fresh browser context (empty cache) per run, signed in through \`POST /api/v1/login\` with one account made for the step; the subject page \`${subjectPath({ slug: SUBJECTS.find((s) => s.key === SUBJECT_KEY)?.slug ?? "" })}?medium=${MEDIUM}\` loaded under the same throttling.`,
    `- Throttling by CDP on the page: \`Emulation.setCPUThrottlingRate\` ${CPU_SLOWDOWN}× (the page's main thread) in every row, and \`Network.emulateNetworkConditions\` for the two mobile profiles. Its latency is added to each request, here equal to the profile's RTT (Lighthouse's DevTools throttling would use 3.75 × 150 ms for slow 4G), and its throughput is shared by the page's requests. Loopback has no network emulation.`,
    `- Timing: a capture-phase \`click\` listener keeps the tap's \`event.timeStamp\`; a MutationObserver keeps \`performance.now()\` when a \`canvas\` first appears in \`[data-page="1"]\` (the viewer puts the canvas in once pdf.js has drawn it), and a capture-phase \`load\` listener the next animation frame after the image \`img[data-first-page]\` loaded (it is painted in that frame). The tap is Playwright's \`tap()\` on the paper's 'Q Paper' link once React has hydrated it.`,
    `- Prefetched: after \`load\` the page must set \`<html data-viewer-code="ready">\` (its idle prefetch of the viewer's code finished) within ${PREFETCH_TIMEOUT_MS / 1000} s; then the tap. Cold: \`navigator.connection\` reports \`saveData: true\` (and requests carry \`Save-Data: on\`), so the page must not prefetch; the tap follows hydration and two idle callbacks, and a page that prefetched anyway fails the run.`,
    `- Targets, in every run (the max): prefetched ${PROFILES.map((p) => `${p.label} ≤ ${seconds(p.targetMs)}`).join("; ")}; cold (issue 28) ${PROFILES.filter(
      (p) => p.coldTargetMs !== undefined,
    )
      .map((p) => `${p.label} ≤ ${seconds(p.coldTargetMs ?? 0)}`)
      .join(
        "; ",
      )}, met by the image: pdf.js must first download the viewer's code (pdf.js and its worker), ${kb(jsAfterTap)} of JavaScript after the tap here${slowest?.network ? `, which alone takes ${seconds((jsAfterTap / slowest.network.downloadThroughput) * 1000)} at ${slowest.network.downloadThroughput / 1000} KB/s (${slowest.label})` : ""}.`,
    "- One run at a time, on this machine's shared CPU: the slowdown multiplies its noise too, so treat a difference of a few hundred ms as noise.",
    ...(errors.length
      ? ["- Runs that could not be measured:", ...errors.map((e) => `  - ${e.replaceAll("`", "'")}`)]
      : []),
    ...(serverLines.length
      ? ["- The server logged:", ...serverLines.slice(0, 10).map((l) => `  - ${l.slice(0, 300).replaceAll("`", "'")}`)]
      : []),
  ];
}

function isSeriousLogLine(line: string): boolean {
  try {
    return ((JSON.parse(line) as { level?: number }).level ?? 60) >= 50;
  } catch {
    return true;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
