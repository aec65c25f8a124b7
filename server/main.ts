/**
 * Process entry point: `npm start` (production build) and `npm run dev` (Vite, hot reload).
 * Node 24 runs this file directly; everything it imports from server/ is plain TypeScript.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { ConfigError, loadConfig } from "./config.server.ts";
import { createLogger } from "./logger.server.ts";
import { startServer } from "./start.server.ts";

const development = process.argv.includes("--dev");
if (development) process.env.NODE_ENV ??= "development";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const log = createLogger(config.logLevel);

async function main() {
  if (development) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    return startServer(config, {
      log,
      vite: viteServer,
      build: () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    });
  }
  const buildPath = path.join(import.meta.dirname, "../build/server/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  // CLIENT_DIR: tests only (the service worker's update prompt serves a changed copy of build/client).
  return startServer(config, { log, build, clientDir: process.env.CLIENT_DIR || undefined });
}

try {
  const running = await main();
  log.info(
    { url: config.siteUrl, port: (running.server.address() as { port: number }).port },
    "PaperStation is listening",
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down");
    // In-flight requests get 10 s; after that we exit regardless.
    setTimeout(() => process.exit(1), 10_000).unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
} catch (error) {
  log.fatal({ err: error }, "start-up failed");
  process.exit(1);
}
