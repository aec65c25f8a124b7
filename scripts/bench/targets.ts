/** The requests the benchmark sends: one account, the largest sample PDF, and the five targets. */
import { randomBytes } from "node:crypto";
import { type CapturedResponse, httpRequest } from "./http.ts";

/** argon2 makes a login take tens of ms of CPU: at 50 connections the queue is longer than wrk's usual 10 s. */
export const LOGIN_TIMEOUT_SEC = 60;
export const DEFAULT_TIMEOUT_SEC = 10;

/**
 * Every request asks for gzip, as a phone does (`gzip, deflate, br`) minus Brotli: the page cache answers
 * gzip, and the baseline serves the same gzip bytes, so both sides send what a phone would get.
 */
export const ACCEPT_ENCODING = "gzip";

/** What a target must reach against the same bytes from bare node:http, in the same run (issue 15). */
export interface Goal {
  /** Least share of the baseline's req/s. */
  minShare: number;
  /** Most p99 latency, ms; undefined: none (the PDF range read's goal is a share only). */
  maxP99Ms?: number;
}

export interface Target {
  key: string;
  label: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
  expectedStatus: number;
  connections: number;
  timeoutSec: number;
  /** Bounded by argon2: reported in its own table. */
  argon2: boolean;
  /** Undefined: reported, no target. */
  goal?: Goal;
  /** Answered by the anonymous page cache (checked once before the load). */
  cached?: boolean;
}

export interface PreparedTargets {
  targets: Target[];
  /** What the range read returns, for the report's method. */
  pdfNote: string;
}

const LISTING_PATH = "/api/v1/get-question?subject=math_1&medium=marathi&standard=10";
const SUBJECT_PATH = "/maharashtra-board-math-1-question-papers";
const ARTICLE_PATH = "/10th-examination";
const PAPER_PATH = "/maharashtra-board-math-1-question-papers/math-1-model-1?answers=all";
const PROGRESS_PATH = "/progress";
const JSON_BODY = { "Content-Type": "application/json" };
const API_GOAL: Goal = { minShare: 0.25, maxP99Ms: 25 };
const PAGE_GOAL: Goal = { minShare: 0.1, maxP99Ms: 50 };
/** Issue 28: a gated PDF range read, at least 10% of bare Node. */
const PDF_GOAL: Goal = { minShare: 0.1 };

/** A GET answered 200, asking for gzip. */
function get(key: string, label: string, path: string, connections: number, goal?: Goal): Target {
  return {
    key,
    label,
    method: "GET",
    path,
    headers: { "Accept-Encoding": ACCEPT_ENCODING },
    expectedStatus: 200,
    connections,
    timeoutSec: DEFAULT_TIMEOUT_SEC,
    argon2: false,
    goal,
  };
}

/** Signs up once, finds the largest sample PDF in the listing, and returns the targets. */
export async function prepareTargets(base: string): Promise<PreparedTargets> {
  const account = await signUp(base);
  const pdf = await largestPdf(base, account.cookie);
  const checking = await checkingPage(base, account.cookie);
  // Issue 28: the pages the signed-in crowd opens, with the anonymous pages' goal. The subject and model paper
  // pages are the same for every student and kept for them (decision 032); /progress and the checking page are
  // one student's own, kept for them until their next write (decision 034).
  const signedIn = (key: string, label: string, path: string, goal?: Goal): Target => {
    const target = get(key, `GET ${label} (signed in)`, path, 50, goal);
    return { ...target, headers: { ...target.headers, Cookie: account.cookie } };
  };
  const range = get("pdf", `GET ${pdf.url} (signed in, Range: bytes=0-65535)`, pdf.url, 50);
  const targets: Target[] = [
    get("api", "GET /api/v1/get-question (math_1, marathi)", LISTING_PATH, 100, API_GOAL),
    { ...get("home", "GET / (anonymous)", "/", 50, PAGE_GOAL), cached: true },
    { ...get("subject", `GET ${SUBJECT_PATH} (anonymous)`, SUBJECT_PATH, 50, PAGE_GOAL), cached: true },
    { ...get("article", `GET ${ARTICLE_PATH} (anonymous)`, ARTICLE_PATH, 50, PAGE_GOAL), cached: true },
    { ...signedIn("subject-signed-in", SUBJECT_PATH, SUBJECT_PATH, PAGE_GOAL), cached: true },
    { ...signedIn("paper-signed-in", PAPER_PATH, PAPER_PATH, PAGE_GOAL), cached: true },
    { ...signedIn("progress-signed-in", PROGRESS_PATH, PROGRESS_PATH, PAGE_GOAL), cached: true },
    { ...signedIn("checking-signed-in", "/practice/:id/check", checking, PAGE_GOAL), cached: true },
    {
      ...range,
      headers: { ...range.headers, Cookie: account.cookie, Range: "bytes=0-65535" },
      expectedStatus: 206,
      goal: PDF_GOAL,
    },
    {
      key: "login",
      label: "POST /api/v1/login (valid account)",
      method: "POST",
      path: "/api/v1/login",
      headers: { ...JSON_BODY, "Accept-Encoding": ACCEPT_ENCODING },
      body: JSON.stringify({ email_or_phone: account.email, password: account.password }),
      expectedStatus: 200,
      connections: 50,
      timeoutSec: LOGIN_TIMEOUT_SEC,
      argon2: true,
    },
  ];
  return { targets, pdfNote: pdfNote(pdf.size) };
}

async function signUp(base: string): Promise<{ email: string; password: string; cookie: string }> {
  const suffix = randomBytes(4).toString("hex");
  const email = `bench-${suffix}@example.com`;
  const password = `bench-${randomBytes(8).toString("hex")}`;
  const phone = `919${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;
  const signup = await httpRequest(`${base}/api/v1/signup`, {
    method: "POST",
    headers: JSON_BODY,
    body: JSON.stringify({ name: "Bench Student", email, phone, password, role: 1, under_18: false }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${signup.body.toString()}`);
  const cookie = cookieFrom(signup.headers["set-cookie"], "ps_session");
  if (!cookie) throw new Error("signup set no ps_session cookie");
  return { email, password, cookie };
}

/** A practice attempt of the account, past its writing time: its checking page's path. */
async function checkingPage(base: string, cookie: string): Promise<string> {
  const headers = { ...JSON_BODY, Cookie: cookie };
  const start = await httpRequest(`${base}/api/v1/attempts`, {
    method: "POST",
    headers,
    body: JSON.stringify({ paper_id: "math-1-model-1" }),
  });
  if (start.status !== 201) throw new Error(`starting an attempt answered ${start.status}: ${start.body.toString()}`);
  const id = (JSON.parse(start.body.toString()) as { data: { id: string } }).data.id;
  const done = await httpRequest(`${base}/api/v1/attempts/${id}/finish-writing`, {
    method: "POST",
    headers,
    body: "{}",
  });
  if (done.status !== 200) throw new Error(`finishing the writing answered ${done.status}: ${done.body.toString()}`);
  return `/practice/${id}/check`;
}

function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  for (const header of all) {
    const pair = header.split(";")[0] ?? "";
    if (pair.startsWith(`${name}=`)) return pair;
  }
  return undefined;
}

/** The listing's PDF with the most bytes, by its answer to a one-byte range read. */
async function largestPdf(base: string, cookie: string): Promise<{ url: string; size: number }> {
  const listing = await httpRequest(`${base}${LISTING_PATH}`);
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
  return pdf;
}

function pdfNote(size: number): string {
  return size < 65_536
    ? `The largest sample PDF in the listing is ${size} bytes, so \`Range: bytes=0-65535\` is answered 206 with the whole ${size}-byte file (\`Content-Range: bytes 0-${size - 1}/${size}\`), not 64 KB.`
    : `The PDF is ${size} bytes; each 206 carries ${Math.min(size, 65_536)} bytes.`;
}

/** Each target's real response, once, checked against the status the benchmark expects. */
export async function captureResponses(base: string, targets: Target[]): Promise<CapturedResponse[]> {
  const captured: CapturedResponse[] = [];
  for (const target of targets) {
    const send = () =>
      httpRequest(`${base}${target.path}`, { method: target.method, headers: target.headers, body: target.body });
    // A cached page's bytes as the load gets them: the kept gzip (a render is gzipped as it streams).
    const res = target.cached ? await send().then(send) : await send();
    if (res.status !== target.expectedStatus) {
      throw new Error(`${target.label} answered ${res.status}, expected ${target.expectedStatus}`);
    }
    const headers: CapturedResponse["headers"] = {};
    for (const name of ["content-type", "content-range", "content-encoding"] as const) {
      const value = res.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
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

/**
 * The cached targets must come from the page cache (X-Page-Cache: hit on a repeat within its TTL), and
 * the others must not: a wrong key or a broken cache would make the figures measure something else.
 */
export async function checkPageCache(base: string, targets: Target[]): Promise<string[]> {
  const problems: string[] = [];
  for (const target of targets.filter((t) => t.method === "GET")) {
    await httpRequest(`${base}${target.path}`, { headers: target.headers });
    const again = await httpRequest(`${base}${target.path}`, { headers: target.headers });
    const hit = again.headers["x-page-cache"] === "hit";
    if (hit !== Boolean(target.cached)) {
      problems.push(`${target.label}: ${hit ? "answered from the page cache" : "not answered from the page cache"}`);
    }
  }
  return problems;
}
