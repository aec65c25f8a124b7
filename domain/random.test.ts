import { describe, expect, it } from "vitest";
import { MAX_SEED, parseSeed, seededRandom, seededShuffle } from "./random.ts";

describe("seeded randomness", () => {
  it("gives the same sequence for the same seed, and another for another seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    const c = seededRandom(43);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it("is fixed across releases: seed 1 starts with these numbers", () => {
    // A changed generator would silently change every shared set's questions.
    const random = seededRandom(1);
    expect([random(), random()].map((x) => x.toFixed(6))).toEqual(["0.627074", "0.002736"]);
  });

  it("shuffles into a permutation of the items, the same for the same seed", () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    const once = seededShuffle(items, 7);
    expect(seededShuffle(items, 7)).toEqual(once);
    expect([...once].sort((x, y) => x - y)).toEqual(items);
    expect(once).not.toEqual(items);
    expect(items[0]).toBe(0);
  });

  it("reads only whole seeds from 1 to 999999", () => {
    expect(parseSeed("1")).toBe(1);
    expect(parseSeed(String(MAX_SEED))).toBe(MAX_SEED);
    for (const bad of [null, "", "0", "01", "1000000", "-3", "2.5", "1e3", " 5", "abc"])
      expect(parseSeed(bad)).toBeNull();
  });
});
