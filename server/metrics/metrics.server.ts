/**
 * Metrics for operators (issue 28): `GET /metrics` in Prometheus text format, through prom-client, when
 * `METRICS_TOKEN` is set and the scraper sends it (`Authorization: Bearer <token>`); without the setting the
 * path is a 404 like any unknown one.
 *
 * One registry per process, as Prometheus counts a process: requests by route pattern, method and status with
 * their latency; cache lookups by cache and result (the page cache and the listing caches among them, decision
 * 019); requests that met a database outage; the argon2 queue; the database client's pool and its queries
 * (counted by server/db/client.server.ts); the mail queue and mails by result (server/mail/mail.server.ts); and
 * prom-client's process metrics (memory, event-loop lag, GC). Every label has a fixed set of values (route
 * patterns, cache names, status codes, drivers, reasons), never a raw path or SQL, so a stream of random URLs
 * or queries cannot grow the registry.
 *
 * This module holds the registry and what the rest of the server counts with; ./http.server.ts labels and times
 * the requests and answers /metrics.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { argon2Queue } from "../auth/passwords.server.ts";

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const requestDuration = new Histogram({
  name: "paperstation_http_request_duration_seconds",
  help: "Requests answered, by route pattern, method and status, with the time to the last byte",
  labelNames: ["route", "method", "status"] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

const cacheLookups = new Counter({
  name: "paperstation_cache_lookups_total",
  help: "Cache lookups by cache (server/cache/cache.server.ts names) and result (hit or miss)",
  labelNames: ["cache", "result"] as const,
  registers: [registry],
});

const databaseOutages = new Counter({
  name: "paperstation_database_unavailable_total",
  help: "Requests answered 503 because the database could not be reached",
  registers: [registry],
});

/** A cache lookup (called by every cache of server/cache/cache.server.ts). */
export function countCacheLookup(cache: string, hit: boolean): void {
  cacheLookups.inc({ cache, result: hit ? "hit" : "miss" });
}

/** A request that met a database outage (the app's error handler and the pages' outage answer). */
export function countDatabaseOutage(): void {
  databaseOutages.inc();
}

// Read at each scrape, so the password module needs no prom-client: sign-ins and sign-ups that wait behind the
// argon2 runs already going (their number is capped per CPU there).
new Gauge({
  name: "paperstation_argon2_queue",
  help: "Password hashes and checks (sign-ins, sign-ups, resets) waiting for an argon2 slot",
  registers: [registry],
  collect() {
    this.set(argon2Queue());
  },
});

const firstPageBackfill = new Gauge({
  name: "paperstation_first_page_images_backfill",
  help: "Files whose first-page image the start-up backfill has yet to draw (decision 033): 1 while it looks for them, 0 once it is done",
  registers: [registry],
});

/** The start-up backfill of first-page images (server/papers/previews.server.ts): files it has yet to draw. */
export function setFirstPageBackfill(waiting: number): void {
  firstPageBackfill.set(waiting);
}

/** The database client (server/db/client.server.ts): the embedded PGlite or postgres.js. */
export type DatabaseDriver = "pglite" | "postgres";

/** Why a query failed: the database could not be reached (errors.server.ts), or anything else. */
export type QueryFailure = "unavailable" | "other";

// Summed over the databases open in the process: one in production; tests open several.
const databasePoolSize = new Gauge({
  name: "paperstation_db_pool_size",
  help: "Connections the database client may open: postgres.js's max, or 1 for PGlite, which runs one query at a time",
  labelNames: ["driver"] as const,
  registers: [registry],
});

const databaseInUse = new Gauge({
  name: "paperstation_db_pool_in_use",
  help: "Work holding or waiting for a database connection: queries outside a transaction, and open transactions (each holds one connection to its end)",
  labelNames: ["driver"] as const,
  registers: [registry],
});

const databaseQueries = new Counter({
  name: "paperstation_db_queries_total",
  help: "Queries the app sent that have finished, failed or not",
  labelNames: ["driver"] as const,
  registers: [registry],
});

const databaseQueryErrors = new Counter({
  name: "paperstation_db_query_errors_total",
  help: "Queries that failed, by reason: unavailable (the database could not be reached) or other; unique violations, which decide racing requests, are not counted",
  labelNames: ["driver", "reason"] as const,
  registers: [registry],
});

/** A database opened (`size` connections at most) or closed (`-size`). */
export function countDatabasePool(driver: DatabaseDriver, size: number): void {
  databasePoolSize.inc({ driver }, size);
}

/** Work that wants a connection started (1) or ended (-1). */
export function countDatabaseInUse(driver: DatabaseDriver, change: 1 | -1): void {
  databaseInUse.inc({ driver }, change);
}

/** A query finished: `failure` says why it failed, null when it did not (or failed as the app expects). */
export function countDatabaseQuery(driver: DatabaseDriver, failure: QueryFailure | null): void {
  databaseQueries.inc({ driver });
  if (failure) databaseQueryErrors.inc({ driver, reason: failure });
}
