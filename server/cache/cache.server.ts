/**
 * Every cache of the server is made here (decision 019), on `lru-cache`: a named cache per owner (a `Database`:
 * tests run several in one process), bounded by entries and/or bytes, with an optional TTL. Concurrent callers
 * of `fetch` share one load, and a load that fails is not kept, so an outage is never answered from an expired
 * value. A cache says what its values are made from, and `forgetCaches(owner, source)` is the one way to empty
 * them after that changed: `afterCatalogueChange` (server/admin/changes.server.ts) and the search index's sync
 * call it.
 */
import { LRUCache } from "lru-cache";
import { countCacheLookup } from "../metrics/metrics.server.ts";

/** What a cache's values are made from. */
export type CacheSource =
  /** Papers, model papers' retirements, year notes: changed by an admin, an import or the sample generator. */
  | "catalogue"
  /** `search_documents` and `search_words`: rewritten by a search sync that changed something. */
  | "search-index"
  /** Sessions and the users they sign in: ended (sign-out, reset, deletion) or changed (role) by this process. */
  | "sessions";

export interface CacheOptions<Owner extends object, V, C> {
  /** What the cache holds, for the reader (decision 019 lists every cache by its name). */
  name: string;
  /**
   * `forgetCaches(owner, source)` empties this cache for each source listed. None: nothing can make a value
   * wrong (content-addressed), and only the bounds drop values.
   */
  madeFrom: readonly CacheSource[];
  /** Values kept at most. */
  max?: number;
  /** Size kept at most, as `sizeOf` counts it (bytes); a value larger than this is not kept. */
  maxBytes?: number;
  sizeOf?: (value: NonNullable<V>, key: string) => number;
  /** How long a value serves from when its load finished; for as long as the bounds allow when unset. */
  ttlMs?: number;
  /** The clock in ms: Date.now, read on every use, so that tests can move it (fake timers, or their own). */
  now?: () => number;
  /**
   * Loads a value that is missing or expired; everyone who asks for the key while it runs gets its result.
   * `context` is the first caller's. Resolving to undefined means "nothing to keep": the callers get undefined.
   */
  load?: (owner: Owner, key: string, context: C) => PromiseLike<V>;
}

export interface Cache<Owner extends object, V, C = void> {
  /** The fresh value, or the load running for the key, or a new load (needs `load`). */
  fetch(owner: Owner, key: string, context: C): Promise<V>;
  /** The fresh value, without loading: undefined when there is none yet. */
  get(owner: Owner, key: string): NonNullable<V> | undefined;
  /** Whether there is a fresh value or a load running for the key: whether `fetch` would start no load. */
  has(owner: Owner, key: string): boolean;
  set(owner: Owner, key: string, value: NonNullable<V>): void;
  /** Drops one key (a load running for it still answers whoever waits, and is not kept). */
  delete(owner: Owner, key: string): void;
  /** What is kept now for the owner (tests, metrics). */
  usage(owner: Owner): { entries: number; bytes: number };
}

type Kept = { madeFrom: readonly CacheSource[]; clear(): void };
/** Each owner's caches, for `forgetCaches`: they go with the owner. */
const byOwner = new WeakMap<object, Kept[]>();
/**
 * Why lru-cache gave up waiting for a load (its key was forgotten, evicted or set). With `ignoreFetchAbort` the
 * callers still get the load's value, but a load that found nothing is failed with this reason: `fetch` gives
 * them the load's undefined instead.
 */
const abandoned = new WeakSet<object>();

/**
 * After this process changed `source`: every cache made from it holds nothing for `owner`, and the next request
 * loads again. A load already running still answers the callers waiting for it, and its result is not kept.
 * Other processes see the change when their values expire, which is why every cache of the catalogue has a
 * short TTL.
 */
export function forgetCaches(owner: object, source: CacheSource): void {
  for (const cache of byOwner.get(owner) ?? []) if (cache.madeFrom.includes(source)) cache.clear();
}

export function createCache<Owner extends object, V, C = void>(options: CacheOptions<Owner, V, C>): Cache<Owner, V, C> {
  const caches = new WeakMap<Owner, LRUCache<string, NonNullable<V>, unknown>>();
  const now = options.now ?? (() => Date.now());
  const { load } = options;

  const cacheOf = (owner: Owner) => {
    const cached = caches.get(owner);
    if (cached) return cached;
    // Asserted: lru-cache's options type is a union (by max, maxSize or ttl) that a spread of optional parts cannot name.
    const cache = new LRUCache({
      ...(options.max ? { max: options.max } : {}),
      ...(options.maxBytes ? { maxSize: options.maxBytes, sizeCalculation: options.sizeOf } : {}),
      ...(options.ttlMs ? { ttl: options.ttlMs } : {}),
      // Read the clock on every check: lru-cache's default keeps a reading for 1 ms behind a timer.
      ttlResolution: 0,
      perf: { now },
      // A forgotten or evicted load still answers whoever waits for it (its value is just not kept), instead
      // of failing them with lru-cache's "deleted".
      ignoreFetchAbort: true,
      ...(load
        ? {
            fetchMethod: (key, _stale, { context, signal }) => {
              signal.addEventListener("abort", () => abandoned.add(signal.reason), { once: true });
              // A Drizzle query is a thenable that runs again on every `then`: one promise of it.
              return Promise.resolve(load(owner, key, context as C)) as Promise<NonNullable<V> | undefined>;
            },
          }
        : {}),
    } as LRUCache.Options<string, NonNullable<V>, unknown>);
    caches.set(owner, cache);
    const kept = byOwner.get(owner) ?? [];
    kept.push({ madeFrom: options.madeFrom, clear: () => cache.clear() });
    byOwner.set(owner, kept);
    return cache;
  };

  return {
    async fetch(owner, key, context) {
      if (!load) throw new Error(`the ${options.name} cache has no load`);
      const cache = cacheOf(owner);
      // The common case, without lru-cache's fetch bookkeeping: a fresh value.
      const fresh = cache.get(key);
      countCacheLookup(options.name, fresh !== undefined);
      if (fresh !== undefined) return fresh;
      try {
        return (await cache.fetch(key, { context })) as V;
      } catch (error) {
        if (typeof error === "object" && error !== null && abandoned.has(error)) return undefined as V;
        throw error;
      }
    },
    get(owner, key) {
      const value = caches.get(owner)?.get(key);
      countCacheLookup(options.name, value !== undefined);
      return value;
    },
    has(owner, key) {
      const status: LRUCache.Status<string, NonNullable<V>> = {};
      caches.get(owner)?.get(key, { status });
      return status.get === "hit" || status.get === "fetching" || status.get === "stale-fetching";
    },
    set(owner, key, value) {
      cacheOf(owner).set(key, value);
    },
    delete(owner, key) {
      caches.get(owner)?.delete(key);
    },
    usage(owner) {
      const cache = caches.get(owner);
      return { entries: cache?.size ?? 0, bytes: cache?.calculatedSize ?? 0 };
    },
  };
}
