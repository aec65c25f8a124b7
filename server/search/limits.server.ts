/**
 * What one client, and everyone together, may cost the search (issue 23). An outside probe sent 14 random
 * 8-word queries a second, under the per-address limit, and `/healthz` took 4.8 s: every query missed the caches
 * and each costs 30-60 ms of the one event loop (PGlite runs in it). So:
 * - every search, from the page or the API, counts against the address's SEARCH_LIMIT_PER_IP a minute;
 * - a search that misses the caches also counts against SEARCH_MISS_LIMIT_PER_IP per five seconds, which a person typing
 *   never reaches (each pause is one miss, and common prefixes are cached for everyone), in five-second windows
 *   so that a burst is short;
 * - at most SEARCH_RUNNING searches run at once, the next SEARCH_QUEUE wait, and the rest are told at once that
 *   search is busy (503 with Retry-After), so the queue, and the wait of every other request, stays short.
 */

import { enforceLimit } from "../http/rate-limit.server.ts";
import { HttpError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";

const WINDOW_MS = 60_000;
/**
 * SEARCH_MISS_LIMIT_PER_IP (default 5) in five seconds: a person typing stays under it; a script's burst costs at
 * most that many searches' work.
 */
const MISS_WINDOW_MS = 5_000;
export const SEARCH_BUSY_MESSAGE = "Search is busy. Please try again in a moment.";

export function countSearch(services: Pick<Services, "rateLimiter" | "config">, client: string): Promise<void> {
  return enforceLimit(services.rateLimiter, `search:ip:${client}`, services.config.searchLimitPerIp, WINDOW_MS);
}

export function countSearchMiss(services: Pick<Services, "rateLimiter" | "config">, client: string): Promise<void> {
  const max = services.config.searchMissLimitPerIp;
  return enforceLimit(services.rateLimiter, `search:miss:${client}`, max, MISS_WINDOW_MS);
}

/** Runs at most `running` tasks at once, queues `queue` more, and refuses the rest with a 503. */
export function createGate(running: number, queue: number) {
  let active = 0;
  const waiting: Array<() => void> = [];
  const release = () => {
    active -= 1;
    const next = waiting.shift();
    if (next) {
      active += 1;
      // On the next turn of the event loop, not in this microtask: PGlite's queries run synchronously, and a
      // queue handed over in microtasks would keep every other request (and /healthz) waiting until it is empty.
      setImmediate(next);
    }
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (active >= running) {
        if (waiting.length >= queue) {
          throw new HttpError(503, SEARCH_BUSY_MESSAGE, { headers: { "Retry-After": "2" } });
        }
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active += 1;
      }
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** Running and waiting tasks, for metrics and tests. */
    get load() {
      return { active, waiting: waiting.length };
    },
  };
}
