/**
 * Repeatable randomness: the same seed gives the same sequence on every machine and in every release, so a set
 * of questions made from a seed can be shared by its URL (issue 25). Not for anything secret.
 */

/** Mulberry32: a small, well-mixed 32-bit generator. Returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A shuffled copy (Fisher-Yates) of `items`, the same for the same seed. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  return shuffleWith(items, seededRandom(seed));
}

/** A shuffled copy (Fisher-Yates) of `items`, drawing from `random` (a `seededRandom` sequence shared by several draws). */
export function shuffleWith<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/** The seeds a URL may carry: whole numbers from 1 to 999999, short enough to read out. */
export const MAX_SEED = 999_999;

export function parseSeed(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,5}$/.test(value)) return null;
  return Number(value);
}
