import type { Server } from "node:http";
import { type AppOptions, createApp } from "./app.server.ts";
import { deleteUnconsented } from "./auth/consent.server.ts";
import type { Config } from "./config.server.ts";
import { openDatabase } from "./db/client.server.ts";
import { createLogger, type Logger } from "./logger.server.ts";
import { pruneOutbox, sendSpooled } from "./mail/mail.server.ts";
import { syncModelPapers } from "./model-papers/sync.server.ts";
import { backfillPreviews } from "./papers/previews.server.ts";
import { seedSamplePapers } from "./papers/samples.server.ts";
import { scheduleSearchSync, searchSyncRunning } from "./search/index.server.ts";
import { closeServices, createServices, type Services } from "./services.server.ts";

export interface RunningServer {
  server: Server;
  services: Services;
  url: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, applies migrations, and listens. Used by `npm start`, dev and the tests. */
export async function startServer(config: Config, options: AppOptions & { log?: Logger } = {}): Promise<RunningServer> {
  const log = options.log ?? createLogger(config.logLevel);
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  const services = await createServices({ config, log, database });
  if (config.testClock) log.warn("TEST_CLOCK=1: requests may set the review day with X-Test-Now; never on a real site");
  if (config.samplePapers) await seedSamplesOnStart(services);
  await syncModelPapersOnStart(services);
  // The search index catches up in the background (decision 015): a second or two on first start, ~0.1 s after;
  // /readyz answers 503 until it is done.
  void scheduleSearchSync(services, log);
  // Mail still waiting for a retry when the last run stopped (a deploy while the mail server was down): sent now.
  void sendSpooled(config.dataDir, services.mailer, log);
  const app = createApp(services, options);
  const stopSweep = scheduleSweep(services);
  // First-page images for files stored without one (decision 033): in the background, one at a time.
  const backfill = backfillPreviews(services);

  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  // Slow mobile clients must not hold sockets forever, nor be cut off mid-download.
  server.headersTimeout = 20_000;
  server.requestTimeout = 120_000;
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;

  let closing: Promise<void> | undefined;
  return {
    server,
    services,
    url: `http://127.0.0.1:${port}`,
    close() {
      closing ??= (async () => {
        stopSweep();
        backfill.stop();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
        });
        await searchSyncRunning(services.database);
        await backfill.done;
        await closeServices(services);
      })();
      return closing;
    },
  };
}

/**
 * The hourly sweep, now and then every hour (returns the stop): sign-ups whose parent did not agree within 7 days
 * are deleted (decision 028), and so are the outbox's messages older than 7 days (issue 26). Every instance may run
 * it; the delete is the same whoever runs it.
 */
function scheduleSweep(services: Services): () => void {
  const run = () => void sweep(services);
  run();
  const timer = setInterval(run, 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** One round of the hourly sweep. Never throws: what fails is logged, and tried again the next hour. */
export async function sweep(services: Pick<Services, "database" | "config" | "log">): Promise<void> {
  await Promise.all([
    deleteUnconsented(services).then(
      (count) => count > 0 && services.log.info({ count }, "deleted sign-ups without a parent's consent"),
      (error: unknown) => services.log.warn({ err: error }, "could not delete sign-ups without consent"),
    ),
    pruneOutbox(services.config.dataDir).then(
      (files) => files > 0 && services.log.info({ files }, "deleted outbox messages older than 7 days"),
      (error: unknown) => services.log.warn({ err: error }, "could not prune the outbox"),
    ),
  ]);
}

/** A missing sample set is not worth refusing to serve the site for: log it and go on. */
async function seedSamplesOnStart(services: Services): Promise<void> {
  try {
    const report = await seedSamplePapers(services);
    if (report) {
      services.log.info(
        { papers: report.papers, files: report.files, bytes: report.bytes, ms: Math.round(report.milliseconds) },
        "generated sample papers into the empty catalogue",
      );
    }
  } catch (error) {
    services.log.error({ err: error }, "could not generate sample papers");
  }
}

/** Stores the model papers' PDFs (from the build's cache, or typeset now); a failure is logged, not fatal. */
async function syncModelPapersOnStart(services: Services): Promise<void> {
  try {
    const report = await syncModelPapers(services, { log: services.log });
    if (report.stored.length > 0 || report.removed > 0) {
      services.log.info(
        {
          stored: report.stored.length,
          typesetHere: report.typesetHere.length,
          unchanged: report.unchanged.length,
          removed: report.removed,
          ms: Math.round(report.milliseconds),
        },
        "model paper PDFs brought up to date",
      );
    }
  } catch (error) {
    services.log.error({ err: error }, "could not store the model papers' PDFs");
  }
}
