import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "../..");

export interface AppProcess {
  url: string;
  /** The port of `url`, for clients that connect to 127.0.0.1 rather than localhost. */
  port: number;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface AppProcessOptions {
  /** Paths that must answer 200, in this order, each within its time. Default: /healthz within 90 s. */
  readiness?: { path: string; timeoutMs: number }[];
  /** Each complete line the server writes to stdout or stderr, from the start (start-up included). */
  onLine?: (line: string) => void;
  /**
   * Also wait, after readiness, for the start-up's background work to end: the first-page images' backfill
   * (decision 033), read from /metrics. A fresh DATA_DIR with the samples has ~500 files to draw, two minutes of
   * a worker thread whose memory is given back only when it ends: a run that measures the server's steady state
   * (the soak's memory) starts after it.
   */
  settled?: boolean;
}

/** How long `settled` waits for the backfill: ~2.5 minutes idle on these machines for the samples. */
const SETTLE_TIMEOUT_MS = 600_000;

/** After SIGTERM the server exits within 10 s by itself; one that has not after this is killed. */
const STOP_GRACE_MS = 15_000;

/**
 * The production server (`node server/main.ts`) on a free port with a fresh DATA_DIR.
 * It resolves once the server answers /healthz (or each of `options.readiness`).
 * `env` is applied last; a variable set to undefined there is not passed on from this process.
 */
export async function startAppProcess(
  env: Record<string, string | undefined> = {},
  options: AppProcessOptions = {},
): Promise<AppProcess> {
  // The port is chosen up front so that SITE_URL (canonical links, the Origin check) matches it.
  const freePort = await getFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ps-e2e-"));
  const metricsToken = options.settled ? (env.METRICS_TOKEN ?? randomBytes(16).toString("hex")) : undefined;
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(freePort),
    SITE_URL: `http://localhost:${freePort}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    // Tests and audits stand in for many clients behind one local proxy, by X-Forwarded-For.
    TRUST_PROXY: "loopback",
    ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
    ...env,
  };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(process.execPath, [path.join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the tail is kept, for the error message if the server dies.
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  if (options.onLine) eachLine(child, options.onLine);
  const port = freePort;
  let exited = false;
  let stopping = false;
  child.once("exit", (code, signal) => {
    exited = true;
    // A crash shows in the test only as refused or reset connections: say why, with the server's log.
    // (Exit 0 is a graceful shutdown that a test asked for with its own signal.)
    if (!stopping && code !== 0)
      console.error(`app server on port ${port} exited (code ${code}, signal ${signal}):\n${output}`);
  });
  // Ready when each path answers: a condition, polled, whatever the log level.
  for (const ready of options.readiness ?? [{ path: "/healthz", timeoutMs: 90_000 }]) {
    const deadline = Date.now() + ready.timeoutMs;
    for (;;) {
      if (exited) throw new Error(`server exited with ${child.exitCode} before listening:\n${output}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`server did not answer ${ready.path} within ${ready.timeoutMs / 1000} s:\n${output}`);
      }
      const ok = await fetch(`http://127.0.0.1:${port}${ready.path}`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (metricsToken) {
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    const headers = { Authorization: `Bearer ${metricsToken}` };
    for (;;) {
      if (exited) throw new Error(`server exited with ${child.exitCode} while settling:\n${output}`);
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        throw new Error(`the first-page images' backfill did not end within ${SETTLE_TIMEOUT_MS / 1000} s`);
      }
      const text = await fetch(`http://127.0.0.1:${port}/metrics`, { headers }).then(
        (res) => (res.ok ? res.text() : ""),
        () => "",
      );
      if (/^paperstation_first_page_images_backfill 0$/m.test(text)) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  return {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    child,
    async stop() {
      stopping = true;
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Calls `onLine` with each complete line that `child` writes to stdout or stderr. */
export function eachLine(child: ChildProcess, onLine: (line: string) => void): void {
  for (const stream of [child.stdout, child.stderr]) {
    let pending = "";
    stream?.on("data", (chunk: Buffer) => {
      const parts = (pending + chunk.toString()).split("\n");
      pending = parts.pop() ?? "";
      for (const line of parts) onLine(line);
    });
  }
}

/** A port nothing listens on right now (the OS picks it; we release it for the caller). */
export function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
