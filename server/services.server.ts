import path from "node:path";
import { AUTH_LIMITS, type AuthLimits } from "./auth/limits.server.ts";
import { attachSessionEvents } from "./auth/session.server.ts";
import {
  localSessionEvents,
  noSessionEvents,
  redisSessionEvents,
  type SessionEvents,
} from "./auth/session-events.server.ts";
import { forgetStudentWrites, heardStudentWrote } from "./auth/student-writes.server.ts";
import { forgetCaches } from "./cache/cache.server.ts";
import type { Config } from "./config.server.ts";
import type { Database } from "./db/client.server.ts";
import { createMemoryRateLimiter, createRedisRateLimiter, type RateLimiter } from "./http/rate-limit.server.ts";
import type { Logger } from "./logger.server.ts";
import { createMailer, type Mailer } from "./mail/mail.server.ts";
import { closeFirstPageRenderer } from "./papers/first-page.server.ts";
import { createPostgresPaperStore } from "./papers/pg-store.server.ts";
import { createFilePaperStore, type PaperStore } from "./papers/store.server.ts";

/**
 * Everything a request handler or page loader may use. Built once at start-up
 * (`createServices`) and handed to both the API routers and the page loaders,
 * so neither opens its own connections.
 */
export interface Services {
  config: Config;
  log: Logger;
  database: Database;
  /** Question and solution PDFs by sha256: in PostgreSQL with DATABASE_URL, else `DATA_DIR/papers`. */
  paperStore: PaperStore;
  /** Shared by every instance when REDIS_URL is set, else per process. */
  rateLimiter: RateLimiter;
  authLimits: AuthLimits;
  /** Email: SMTP with SMTP_URL and MAIL_FROM, else the outbox in DATA_DIR (decision 026). */
  mailer: Mailer;
  /** Whether sessions may be kept in memory, and the announcement of their end to other instances (decision 032). */
  sessionEvents: SessionEvents;
}

export async function createServices(options: {
  config: Config;
  log: Logger;
  database: Database;
  paperStore?: PaperStore;
  rateLimiter?: RateLimiter;
  authLimits?: Partial<AuthLimits>;
  mailer?: Mailer;
}): Promise<Services> {
  const { config, log } = options;
  const rateLimiter =
    options.rateLimiter ?? (config.redisUrl ? createRedisRateLimiter(config.redisUrl, log) : createMemoryRateLimiter());
  const sessionEvents = !config.databaseUrl
    ? localSessionEvents()
    : config.redisUrl
      ? redisSessionEvents(
          config.redisUrl,
          log,
          () => {
            forgetCaches(options.database, "sessions");
            forgetStudentWrites(options.database);
          },
          (userId) => heardStudentWrote(options.database, userId),
        )
      : noSessionEvents();
  attachSessionEvents(options.database, sessionEvents);
  return {
    sessionEvents,
    config,
    log,
    database: options.database,
    paperStore: options.paperStore ?? paperStoreFor(config, options.database),
    rateLimiter,
    mailer: options.mailer ?? createMailer(config, log),
    authLimits: {
      ...AUTH_LIMITS,
      loginPerAccount: config.loginLimits.perAccount,
      loginPerIp: config.loginLimits.perIp,
      ...options.authLimits,
    },
  };
}

/**
 * The one place a paper store is chosen (server, importer, scripts). With DATABASE_URL every instance
 * must see every file, so they live in PostgreSQL; the embedded database keeps its local folder, since
 * it is one process on one disk anyway (decision 013).
 */
export function paperStoreFor(config: Pick<Config, "dataDir" | "databaseUrl">, database: Database): PaperStore {
  return config.databaseUrl
    ? createPostgresPaperStore(database)
    : createFilePaperStore(path.join(config.dataDir, "papers"));
}

export async function closeServices(services: Services): Promise<void> {
  // The first-page render thread is the process's, not these services': ended here, at the server's shutdown.
  await closeFirstPageRenderer();
  await services.mailer.close();
  await services.rateLimiter.close();
  await services.sessionEvents.close();
  await services.database.close();
}
