import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AppOptions, createApp } from "../../server/app.server.ts";
import type { AuthLimits } from "../../server/auth/limits.server.ts";
import { type Config, loadConfig } from "../../server/config.server.ts";
import type { Database } from "../../server/db/client.server.ts";
import type { RateLimiter } from "../../server/http/rate-limit.server.ts";
import { createLogger, type Logger } from "../../server/logger.server.ts";
import { seedSamplePapers } from "../../server/papers/samples.server.ts";
import type { PaperStore } from "../../server/papers/store.server.ts";
import { searchSyncRunning } from "../../server/search/index.server.ts";
import { createServices, type Services } from "../../server/services.server.ts";
import { loadBuild } from "./build.ts";
import { type TestDatabase, testDatabases } from "./databases.ts";
import { startTestSmtp, type TestSmtp } from "./smtp.ts";

export interface TestServer {
  url: string;
  services: Services;
  /** Open client connections, as the HTTP server counts them. */
  connections(): Promise<number>;
  close(): Promise<void>;
}

/** A real HTTP server on an ephemeral port around the real app, on the given database. */
export async function startTestServer(
  database: Database,
  options: AppOptions & {
    env?: Record<string, string>;
    config?: Partial<Config>;
    rateLimiter?: RateLimiter;
    authLimits?: Partial<AuthLimits>;
    log?: Logger;
    paperStore?: PaperStore;
  } = {},
): Promise<TestServer> {
  const config = {
    ...loadConfig({
      NODE_ENV: "test",
      PORT: "0",
      LOG_LEVEL: "silent",
      // Tests stand in for many clients behind one local proxy, by X-Forwarded-For.
      TRUST_PROXY: "loopback",
      ...options.env,
    }),
    ...options.config,
  };
  const services = await createServices({
    config,
    log: options.log ?? createLogger(config.logLevel),
    database,
    paperStore: options.paperStore,
    rateLimiter: options.rateLimiter,
    authLimits: options.authLimits,
  });
  const app = createApp(services, options);
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    services,
    connections: () =>
      new Promise<number>((resolve, reject) =>
        server.getConnections((error, n) => (error ? reject(error) : resolve(n))),
      ),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      // A catalogue change (an admin's, an import) syncs the search index in the background: done before the
      // database goes, as the server's own close does.
      await searchSyncRunning(services.database);
    },
  };
}

/**
 * The papers tests' server: a fresh database of `target`, a DATA_DIR of its own and the sample papers.
 * `stop()` closes the server, drops the database and removes the folder.
 */
export async function startSeededServer(
  target: TestDatabase,
  label: string,
): Promise<{ server: TestServer; dataDir: string; stop(): Promise<void> }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `ps-${label}-`));
  const database = await target.open();
  const server = await startTestServer(database, { env: { DATA_DIR: dataDir } });
  await seedSamplePapers(server.services);
  return {
    server,
    dataDir,
    async stop() {
      await server.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app with its page build on a fresh in-memory PGlite: what most page tests start. `close()` also disposes
 * of the database.
 */
export async function startPageServer(options: Parameters<typeof startTestServer>[1] = {}): Promise<TestServer> {
  const [pglite] = testDatabases();
  if (!pglite) throw new Error("no database");
  const database = await pglite.open();
  const server = await startTestServer(database, { build: await loadBuild(), ...options });
  return {
    ...server,
    async close() {
      await server.close();
      await database.dispose();
    },
  };
}

/**
 * A server on a fresh database of `target` that sends its email through a real SMTP server started beside it
 * (issue 26), with the page build and generous sign-up and sign-in limits. `stop()` closes all three.
 */
export async function startMailingServer(
  target: TestDatabase,
): Promise<{ server: TestServer; smtp: TestSmtp; stop(): Promise<void> }> {
  const smtp = await startTestSmtp();
  const database = await target.open();
  const server = await startTestServer(database, {
    build: await loadBuild(),
    env: { SMTP_URL: smtp.url, MAIL_FROM: "PaperStation <no-reply@paperstation.test>" },
    authLimits: { signupPerIp: 10_000, loginPerIp: 10_000 },
  });
  return {
    server,
    smtp,
    async stop() {
      await server.close();
      await server.services.mailer.close();
      await smtp.close();
      await database.dispose();
    },
  };
}
