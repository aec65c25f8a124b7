import type { Database } from "./client.server.ts";

export interface ShortCache<T> {
  /** The value read within the last `ttlMs`, or a new read that concurrent callers share. */
  get(database: Database): Promise<T>;
  /** The next `get` reads again (after this process changed what the value comes from). */
  forget(database: Database): void;
}

/**
 * A value read from the database at most once per `ttlMs`, per database: what every request shares
 * while it barely changes (decision 006 explains the two seconds). Concurrent callers share one read; a
 * failed read is not kept, so an outage is never answered from an expired value.
 */
export function shortCache<T>(ttlMs: number, read: (database: Database) => PromiseLike<T>): ShortCache<T> {
  const entries = new WeakMap<Database, { expires: number; value: Promise<T> }>();
  return {
    get(database) {
      const hit = entries.get(database);
      if (hit && hit.expires > Date.now()) return hit.value;
      // Infinity while the read runs, so that concurrent callers share it. Drizzle's queries run again on
      // every `then`: Promise.resolve makes one read of it.
      const entry = { expires: Number.POSITIVE_INFINITY, value: Promise.resolve(read(database)) };
      entries.set(database, entry);
      entry.value.then(
        () => {
          entry.expires = Date.now() + ttlMs;
        },
        () => {
          if (entries.get(database) === entry) entries.delete(database);
        },
      );
      return entry.value;
    },
    forget(database) {
      entries.delete(database);
    },
  };
}
