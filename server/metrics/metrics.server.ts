/**
 * Metrics for operators (issue 28): `GET /metrics` in Prometheus text format, through prom-client, when
 * `METRICS_TOKEN` is set and the scraper sends it (`Authorization: Bearer <token>`); without the setting the
 * path is a 404 like any unknown one.
 *
 * One registry per process, as Prometheus counts a process: requests by route pattern, method and status with
 * their latency; cache lookups by cache and result (the page cache and the listing caches among them, decision
 * 019); requests that met a database outage; and prom-client's process metrics (memory, event-loop lag, GC).
 * Every label has a fixed set of values (route patterns, cache names, status codes), never a raw path, so a
 * stream of random URLs cannot grow the registry.
 *
 * This module holds the registry and what the rest of the server counts with; ./http.server.ts labels and times
 * the requests and answers /metrics.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from "prom-client";

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
