/**
 * Which saved papers make room for a new one (issue 16): storage on a student's phone is bounded, and what they
 * have not opened for longest goes first. A pure function, so that its rules are tested without a browser.
 */

export interface Stored {
  id: string;
  bytes: number;
  /** Epoch milliseconds. */
  lastOpenedAt: number;
}

export type EvictionPlan =
  /** Keep the new file after deleting `evict` (least recently opened first; maybe none). */
  | { fits: true; evict: string[] }
  /** The file alone is over the limit: it is not saved, and nothing else is deleted for it. */
  | { fits: false; evict: [] };

/**
 * What to delete so that `incoming` fits in `limit` bytes beside what is stored. An entry with the incoming id is
 * being replaced, so its bytes do not count and it is never listed for eviction. Ties in `lastOpenedAt` go by id,
 * so that the same store always gives the same plan.
 */
export function planEviction(
  stored: readonly Stored[],
  incoming: { id: string; bytes: number },
  limit: number,
): EvictionPlan {
  if (incoming.bytes > limit) return { fits: false, evict: [] };
  const others = stored.filter((entry) => entry.id !== incoming.id);
  let used = others.reduce((sum, entry) => sum + entry.bytes, 0);
  const oldestFirst = [...others].sort((a, b) => a.lastOpenedAt - b.lastOpenedAt || (a.id < b.id ? -1 : 1));
  const evict: string[] = [];
  for (const entry of oldestFirst) {
    if (used + incoming.bytes <= limit) break;
    evict.push(entry.id);
    used -= entry.bytes;
  }
  return { fits: true, evict };
}

/** Total bytes stored. */
export function usedBytes(stored: readonly Pick<Stored, "bytes">[]): number {
  return stored.reduce((sum, entry) => sum + entry.bytes, 0);
}
