import { readFileSync } from "node:fs";
import autocannon from "autocannon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, startAppProcess } from "../../scripts/lib/app-process.ts";

/** Resident memory of a process in KiB, from /proc (Linux only, like these machines). */
function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+)/m)?.[1] ?? Number.NaN);
}

const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 120);
// V8 keeps growing its heap for the first 25-40 s of this load (heapTotal ~35 MiB idle -> ~350 MiB) and then
// holds it. A 15 s warm-up sampled RSS in the middle of that growth (761 MiB, then 890 MiB at the end: +17%
// without any leak), so the warm-up lasts until the heap has settled; a leak still shows after it.
const WARM_UP_SECONDS = 40;

// Two and a half minutes of load (issue 24): not part of `npm test`. `npm run soak` runs it (SOAK=1), as `npm run
// bench` and CI's own step do.
describe.runIf(process.env.SOAK === "1")("soak: mixed traffic at 200 connections", () => {
  let app: AppProcess;
  const headers: Record<string, string> = {};
  let pdfPath = "";
  const account = {
    name: "Soak Test",
    email: "soak@example.com",
    phone: "919000000001",
    password: "soak-test-password",
    under_18: false,
  };

  beforeAll(async () => {
    // Settled: the soak starts once the first-page images' backfill has ended (decision 033). Its worker thread,
    // drawing ~500 sample files at part of a core, grew through the whole soak and gave its memory back only at its
    // end: CI read that as a leak (2026-11-29: 1002 -> 1236 MiB). A deployment draws each file once, at import.
    app = await startAppProcess(
      {
        LOG_LEVEL: "warn",
        // The mix opens a listed PDF: the generated sample papers (a fixture, off by default) provide them.
        SAMPLE_PAPERS: "1",
        // The mix signs one account in from one address, 200 connections at a time: this test is about staying
        // up and holding memory, not the abuse limits, whose reservations (decision 004) would refuse most of it.
        LOGIN_LIMIT_PER_ACCOUNT: "1000000",
        LOGIN_LIMIT_PER_IP: "1000000",
      },
      { settled: true },
    );
    const signup = await fetch(`${app.url}/api/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(account),
    });
    expect(signup.status).toBe(201);
    headers.Cookie = signup.headers.get("set-cookie")?.match(/^ps_session=[^;]+/)?.[0] ?? "";
    const listing = (await (
      await fetch(`${app.url}/api/v1/get-question?subject=math_1&medium=english&standard=10`)
    ).json()) as { data: { papers: { question_url: string }[] }[] };
    pdfPath = listing.data[0]?.papers[0]?.question_url ?? "";
    expect(pdfPath).toMatch(/^\/papers\//);
  }, 720_000);
  afterAll(() => app?.stop());

  const run = (seconds: number) =>
    autocannon({
      url: app.url,
      connections: 200,
      duration: seconds,
      timeout: 20,
      // Each connection cycles through this mix: listings and pages most, some PDF reads, a few logins.
      requests: [
        { path: "/api/v1/get-question?subject=math_1&medium=marathi&standard=10" },
        { path: "/maharashtra-board-science-1-question-papers" },
        { path: "/api/v1/get-question?subject=english&medium=english&standard=10" },
        { path: "/" },
        { path: pdfPath, headers: { ...headers, Range: "bytes=0-65535" } },
        { path: "/blogs" },
        { path: "/api/v1/get-question?subject=geography&medium=semi_english&standard=10" },
        {
          method: "POST",
          path: "/api/v1/login",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email_or_phone: account.email, password: account.password }),
        },
      ],
    });

  it(`stays error-free for ${SOAK_SECONDS} s and holds its memory`, async () => {
    const pid = app.child.pid ?? 0;
    const warm = await run(WARM_UP_SECONDS);
    expect(warm.errors + warm.timeouts + warm.non2xx).toBe(0);
    const afterWarmUp = rssKiB(pid);

    // RSS every 10 s of the soak, printed so that a slow climb is visible even when it stays in bounds.
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssKiB(pid)), 10_000);
    let soak: Awaited<ReturnType<typeof run>>;
    try {
      soak = await run(SOAK_SECONDS);
    } finally {
      clearInterval(sampler);
    }
    const atEnd = rssKiB(pid);
    const mib = (kib: number) => Math.round(kib / 1024);
    console.log(
      `soak: ${soak.requests.total} requests, ${Math.round(soak.requests.average)} req/s, p99 ${soak.latency.p99} ms, ` +
        `RSS ${mib(afterWarmUp)} MiB after warm-up, ${mib(atEnd)} MiB at the end ` +
        `(${(((atEnd - afterWarmUp) / afterWarmUp) * 100).toFixed(1)}%); every 10 s: ${samples.map(mib).join(", ")} MiB`,
    );
    console.log(JSON.stringify({ errors: soak.errors, timeouts: soak.timeouts, codes: soak.statusCodeStats }));
    expect(soak.errors).toBe(0);
    expect(soak.timeouts).toBe(0);
    expect(soak.non2xx).toBe(0);
    expect(soak.requests.total).toBeGreaterThan(1000);
    // Measured from the second sample, 20 s into the soak: the after-warm-up reading and the first sample still catch
    // the caches filling (the page cache and the PDF chunks, bounded) and V8 sizing its heap for this load. In CI
    // the first read 771 MiB while every later one sat between 834 and 910; here (2026-11-29) 933, then 1047 to
    // 1090. A leak still grows past this over the 100 s that follow.
    const baseline = samples[1] ?? samples[0] ?? afterWarmUp;
    expect(atEnd).toBeLessThanOrEqual(baseline * 1.15);
  }, 600_000);
});
