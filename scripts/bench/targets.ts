/** The requests the benchmark sends: one account, the largest sample PDF, and the five targets. */
import { randomBytes } from "node:crypto";
import { type CapturedResponse, httpRequest } from "./http.ts";

/** argon2 makes a login take tens of ms of CPU; at 200 connections the queue is longer than autocannon's 10 s. */
export const LOGIN_TIMEOUT_SEC = 60;
export const DEFAULT_TIMEOUT_SEC = 10;

export interface Target {
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

export interface PreparedTargets {
  targets: Target[];
  /** What the range read returns, for the report's method. */
  pdfNote: string;
}

const LISTING_PATH = "/api/v1/get-question?subject=math_1&medium=marathi&standard=10";
const JSON_BODY = { "Content-Type": "application/json" };

/** A plain GET answered 200. */
function get(key: string, label: string, path: string): Target {
  return {
    key,
    label,
    method: "GET",
    path,
    headers: {},
    expectedStatus: 200,
    timeoutSec: DEFAULT_TIMEOUT_SEC,
    argon2: false,
  };
}

/** Signs up once, finds the largest sample PDF in the listing, and returns the five targets. */
export async function prepareTargets(base: string): Promise<PreparedTargets> {
  const account = await signUp(base);
  const pdf = await largestPdf(base, account.cookie);
  const targets: Target[] = [
    get("api", "GET /api/v1/get-question (math_1, marathi)", LISTING_PATH),
    get("home", "GET / (SSR home)", "/"),
    get("subject", "GET /maharashtra-board-math-1-question-papers (SSR)", "/maharashtra-board-math-1-question-papers"),
    {
      ...get("pdf", `GET ${pdf.url} (signed in, Range: bytes=0-65535)`, pdf.url),
      headers: { Cookie: account.cookie, Range: "bytes=0-65535" },
      expectedStatus: 206,
    },
    {
      key: "login",
      label: "POST /api/v1/login (valid account)",
      method: "POST",
      path: "/api/v1/login",
      headers: JSON_BODY,
      body: JSON.stringify({ email_or_phone: account.email, password: account.password }),
      expectedStatus: 200,
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
    body: JSON.stringify({ name: "Bench Student", email, phone, password, role: 1 }),
  });
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}: ${signup.body.toString()}`);
  const cookie = cookieFrom(signup.headers["set-cookie"], "ps_session");
  if (!cookie) throw new Error("signup set no ps_session cookie");
  return { email, password, cookie };
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
