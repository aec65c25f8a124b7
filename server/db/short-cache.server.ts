import type { Database } from "./client.server.ts";

export interface ShortCache<T, A = void> {
  /** The value read within the last `ttlMs` for this argument, or a new read that concurrent callers share. */
  get(database: Database, arg: A): Promise<T>;
  /** The next `get` reads again, for every argument (after this process changed what the values come from). */
  forget(database: Database): void;
}

/**
 * A value read from the database at most once per `ttlMs`, per database and per argument (by `keyOf`):
 * what every request shares while it barely changes (decision 006 explains the two seconds). Concurrent
 * callers share one read; a failed read is not kept, so an outage is never answered from an expired value.
 */
export function shortCache<T, A = void>(
  ttlMs: number,
  read: (database: Database, arg: A) => PromiseLike<T>,
  keyOf: (arg: A) => string = () => "",
): ShortCache<T, A> {
  const caches = new WeakMap<Database, Map<string, { expires: number; value: Promise<T> }>>();
  return {
    get(database, arg) {
      let entries = caches.get(database);
      if (!entries) {
        entries = new Map();
        caches.set(database, entries);
      }
      const key = keyOf(arg);
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) return hit.value;
      // Infinity while the read runs, so that concurrent callers share it. Drizzle's queries run again on
      // every `then`: Promise.resolve makes one read of it.
      const entry = { expires: Number.POSITIVE_INFINITY, value: Promise.resolve(read(database, arg)) };
      entries.set(key, entry);
      const owner = entries;
      entry.value.then(
        () => {
          entry.expires = Date.now() + ttlMs;
        },
        () => {
          if (owner.get(key) === entry) owner.delete(key);
        },
      );
      return entry.value;
    },
    forget(database) {
      caches.delete(database);
    },
  };
}
