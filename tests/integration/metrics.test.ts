/**
 * GET /metrics (issue 28): Prometheus text for a scraper with the METRICS_TOKEN, a 404 without the setting, and
 * labels from fixed sets only, so that random URLs cannot grow the registry.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config.server.ts";
import { startPageServer, type TestServer } from "../support/server.ts";

const TOKEN = "scrape-4f9c1e7a2b8d";

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("GET /metrics", () => {
  let server: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    server = await startPageServer({ env: { METRICS_TOKEN: TOKEN } });
    plain = await startPageServer();
  });
  afterAll(async () => {
    await server?.close();
    await plain?.close();
  });

  const scrape = async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    return { type: res.headers.get("content-type"), text: await res.text() };
  };

  it("is a 404 page when no token is set", async () => {
    const res = await fetch(`${plain.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("asks for the token, and refuses a wrong one", async () => {
    for (const authorization of [undefined, "Bearer nope", `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await fetch(`${server.url}/metrics`, {
        headers: authorization ? { Authorization: authorization } : {},
      });
      expect(res.status, String(authorization)).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain("paperstation_");
    }
  });

  it("reports the process: memory and event-loop lag", async () => {
    const { type, text } = await scrape();
    expect(type).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("counts requests by route pattern and status, and the caches' hits and misses", async () => {
    const api =
      'paperstation_http_request_duration_seconds_count{route="/api/v1/model-papers",method="GET",status="200"}';
    const page =
      'paperstation_http_request_duration_seconds_count{route="page:routes/about.tsx",method="GET",status="200"}';
    const hits = 'paperstation_cache_lookups_total{cache="anonymous pages",result="hit"}';
    const before = (await scrape()).text;
    // Each body read to its end: a request is counted when its answer has been sent.
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      await res.text();
      return res.status;
    };
    for (let i = 0; i < 3; i++) expect(await get("/api/v1/model-papers?subject=math_1&medium=english")).toBe(200);
    // The second and third visit are answered from the page cache (decision 014).
    for (let i = 0; i < 3; i++) expect(await get("/about-us")).toBe(200);
    const after = (await scrape()).text;
    expect(sample(after, api) - sample(before, api)).toBe(3);
    // Labelled by their page, whether rendered or kept.
    expect(sample(after, page) - sample(before, page)).toBe(3);
    expect(sample(after, hits) - sample(before, hits)).toBeGreaterThanOrEqual(2);
  });

  it("labels random paths by the page they reach, never by the path itself", async () => {
    for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/no-such-page-${i}?x=${i}`)).text();
    for (let i = 0; i < 5; i++) await (await fetch(`${server.url}/api/v1/no-such-endpoint-${i}`)).text();
    const { text } = await scrape();
    expect(text).not.toContain("no-such-page");
    expect(text).not.toContain("no-such-endpoint");
    expect(
      sample(
        text,
        'paperstation_http_request_duration_seconds_count{route="page:routes/not-found.tsx",method="GET",status="404"}',
      ),
    ).toBeGreaterThanOrEqual(20);
  });

  it("refuses a token too short to guess safely", () => {
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be 16 to 200 printable/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
  });
});
