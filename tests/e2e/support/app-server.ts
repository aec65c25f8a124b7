import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const ROOT = path.join(import.meta.dirname, "../../..");

export interface AppProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * The production server (`node server/main.ts`) on a free port with a fresh DATA_DIR.
 * It resolves once the server answers /healthz.
 */
export async function startAppProcess(env: Record<string, string> = {}): Promise<AppProcess> {
  // The port is chosen up front so that SITE_URL (canonical links, the Origin check) matches it.
  const freePort = await getFreePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "ps-e2e-"));
  const child = spawn(process.execPath, [path.join(ROOT, "server/main.ts")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(freePort),
      SITE_URL: `http://localhost:${freePort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // Only the tail is kept, for the error message if the server dies.
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
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
  // Ready when /healthz answers: a condition, polled, whatever the log level.
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exited) throw new Error(`server exited with ${child.exitCode} before listening:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`server did not answer /healthz within 90 s:\n${output}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://localhost:${port}`,
    dataDir,
    child,
    async stop() {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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
