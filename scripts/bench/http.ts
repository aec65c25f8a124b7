/** Small HTTP helpers for the benchmark: exact requests (no implicit Accept-Encoding), free ports, readiness. */
import { request } from "node:http";

export interface HttpResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request with exactly the given headers, the way wrk sends it (no implicit Accept-Encoding). */
export function httpRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? "GET", headers: options.headers, timeout: options.timeoutMs ?? 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`timed out: ${options.method ?? "GET"} ${url}`)));
    req.on("error", reject);
    req.end(options.body);
  });
}

/** A response as the baseline servers replay it. */
export interface CapturedResponse {
  method: string;
  path: string;
  status: number;
  headers: { "content-type"?: string; "content-range"?: string; "content-encoding"?: string };
  bodyBase64: string;
}

export { getFreePort } from "../lib/app-process.ts";

/** Polls `url` until it answers 200, or fails after `timeoutMs` (or at once when `alive()` turns false). */
export async function waitForOk(url: string, timeoutMs: number, alive: () => string | null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const dead = alive();
    if (dead) throw new Error(dead);
    try {
      const res = await httpRequest(url, { timeoutMs: 2_000 });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
