/**
 * Process entry point: `npm start` (production build) and `npm run dev` (Vite, hot reload).
 * Node 24 runs this file directly; everything it imports from server/ is plain TypeScript.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";

const development = process.argv.includes("--dev");
// Before anything imports React: React reads NODE_ENV once, when it is first imported, and anything but
// "production" gives its development build, several times slower to render. The modules below are imported
// only after this line for that reason (static imports would run first).
process.env.NODE_ENV ??= development ? "development" : "production";
const { ConfigError, loadConfig } = await import("./config.server.ts");
const { createLogger } = await import("./logger.server.ts");
const { startServer } = await import("./start.server.ts");

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
    // The server's own modules through Vite too, so that they and the routes share one module graph
    // (decision 018): the production build gets the same by importing server/ from source.
    const dev = (await viteServer.ssrLoadModule("/server/start.server.ts")) as typeof import("./start.server.ts");
    return dev.startServer(config, {
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
