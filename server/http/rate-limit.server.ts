import { Redis } from "ioredis";
import type { Logger } from "../logger.server.ts";
import { HttpError } from "./respond.server.ts";

export interface RateLimitResult {
  /** Hits counted in the current window, including this one. */
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

/**
 * Fixed-window counters. In memory for one instance; in Redis when several instances must
 * share them (REDIS_URL).
 */
export interface RateLimiter {
  hit(key: string, windowMs: number): Promise<RateLimitResult>;
  /** Current count without counting a hit. */
  peek(key: string): Promise<RateLimitResult>;
  /** Gives back one hit counted by `hit` (an attempt reserved and then not held against anyone). */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && w.resetAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return w;
  };
  const result = (w: { count: number; resetAt: number } | undefined): RateLimitResult =>
    w
      ? { count: w.count, retryAfter: Math.max(1, Math.ceil((w.resetAt - now()) / 1000)) }
      : { count: 0, retryAfter: 0 };
  return {
    async hit(key, windowMs) {
      let w = current(key);
      if (!w) {
        w = { count: 0, resetAt: now() + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return result(w);
    },
    async peek(key) {
      return result(current(key));
    },
    async refund(key) {
      const w = current(key);
      if (w && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      clearInterval(sweep);
    },
  };
}

// INCR, and start the window on the first hit; returns the count and the window's remaining ms.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}
`;

// DECR that never goes below zero and never creates a key (a window that ended stays ended).
const REFUND_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

export function createRedisRateLimiter(url: string, log: Logger, prefix = "ps:rl:"): RateLimiter {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, commandTimeout: 1000, connectTimeout: 2000 });
  redis.on("error", (error) => log.warn({ err: error }, "redis error"));
  const toResult = (count: number, ttlMs: number): RateLimitResult => ({
    count,
    retryAfter: count > 0 ? Math.max(1, Math.ceil(ttlMs / 1000)) : 0,
  });
  // A rate limiter that is down must not take sign-in down with it: count nothing and say so.
  const failOpen = (error: unknown): RateLimitResult => {
    log.error({ err: error }, "rate limiter unavailable; allowing the request");
    return { count: 0, retryAfter: 0 };
  };
  return {
    async hit(key, windowMs) {
      try {
        const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
        return toResult(count, ttl);
      } catch (error) {
        return failOpen(error);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return toResult(Number(count ?? 0), ttl);
      } catch (error) {
        return failOpen(error);
      }
    },
    async refund(key) {
      try {
        await redis.eval(REFUND_SCRIPT, 1, prefix + key);
      } catch (error) {
        failOpen(error);
      }
    },
    async reset(key) {
      try {
        await redis.del(prefix + key);
      } catch (error) {
        failOpen(error);
      }
    },
    async close() {
      redis.disconnect();
    },
  };
}

export const TOO_MANY_REQUESTS = "Too many requests. Please wait a little and try again.";

/** A 429's text: fixed, or made from the seconds to wait ("try again in 3 minutes"). */
export type TooManyMessage = string | ((retryAfterSeconds: number) => string);

/**
 * The site's one "too many requests" answer, to throw: a 429 with Retry-After and `message` (the API's usual text by
 * default). The API's error handler sends it in the JSON envelope; a page's form shows it inline with the same status
 * and Retry-After (app/requests/refusal.server.ts).
 */
export function tooManyRequests(retryAfterSeconds: number, message: TooManyMessage = TOO_MANY_REQUESTS): HttpError {
  const text = typeof message === "string" ? message : message(retryAfterSeconds);
  return new HttpError(429, text, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** Counts one hit on `key` and throws `tooManyRequests` once the window holds more than `max`. */
export async function enforceLimit(
  limiter: RateLimiter,
  key: string,
  max: number,
  windowMs: number,
  message: TooManyMessage = TOO_MANY_REQUESTS,
): Promise<void> {
  const { count, retryAfter } = await limiter.hit(key, windowMs);
  if (count > max) throw tooManyRequests(retryAfter, message);
}
