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
 * It resolves once the server logs that it is listening, with the port it got.
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
  let output = "";
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split("\n")) {
        if (!line.includes("PaperStation is listening")) continue;
        try {
          resolve((JSON.parse(line) as { port: number }).port);
        } catch {
          // a partial line: wait for the rest
        }
      }
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before listening:\n${output}`)));
  });
  // Keep draining output so a full pipe never blocks the server.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    url: `http://localhost:${port}`,
    dataDir,
    child,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function getFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
