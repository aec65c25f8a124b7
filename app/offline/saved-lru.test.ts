import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { planEviction, type Stored, usedBytes } from "./saved-lru";

const MB = 1024 * 1024;
const entry = (id: string, mb: number, lastOpenedAt: number): Stored => ({ id, bytes: mb * MB, lastOpenedAt });

describe("planEviction", () => {
  it("keeps everything when the new file fits", () => {
    const stored = [entry("a", 10, 1), entry("b", 10, 2)];
    expect(planEviction(stored, { id: "c", bytes: 30 * MB }, 50 * MB)).toEqual({ fits: true, evict: [] });
  });

  it("deletes the least recently opened first, only as many as needed", () => {
    const stored = [entry("new", 20, 30), entry("old", 20, 10), entry("middle", 5, 20)];
    // 45 MB used; 10 more needs 5 freed: the oldest (20 MB) is enough.
    expect(planEviction(stored, { id: "x", bytes: 10 * MB }, 50 * MB)).toEqual({ fits: true, evict: ["old"] });
    // 30 more needs 25 freed: the oldest, then the next oldest.
    expect(planEviction(stored, { id: "x", bytes: 30 * MB }, 50 * MB)).toEqual({
      fits: true,
      evict: ["old", "middle"],
    });
  });

  it("does not save a single file over the limit, and deletes nothing for it", () => {
    expect(planEviction([entry("a", 1, 1)], { id: "big", bytes: 50 * MB + 1 }, 50 * MB)).toEqual({
      fits: false,
      evict: [],
    });
  });

  it("a file exactly at the limit fits after everything else goes", () => {
    const stored = [entry("a", 1, 2), entry("b", 1, 1)];
    expect(planEviction(stored, { id: "c", bytes: 50 * MB }, 50 * MB)).toEqual({ fits: true, evict: ["b", "a"] });
  });

  it("saving a file again replaces it: its old bytes do not count and it is never evicted", () => {
    const stored = [entry("a", 30, 1), entry("b", 15, 2)];
    expect(planEviction(stored, { id: "a", bytes: 35 * MB }, 50 * MB)).toEqual({ fits: true, evict: [] });
    expect(planEviction(stored, { id: "a", bytes: 40 * MB }, 50 * MB)).toEqual({ fits: true, evict: ["b"] });
  });

  it("breaks ties in last opened by id, so the plan is the same every time", () => {
    const stored = [entry("b", 10, 5), entry("a", 10, 5)];
    expect(planEviction(stored, { id: "c", bytes: 35 * MB }, 50 * MB).evict).toEqual(["a"]);
  });

  it("always ends within the limit, deleting the oldest prefix and nothing newer than what it keeps", () => {
    const stores = fc.uniqueArray(
      fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), bytes: fc.nat(60), lastOpenedAt: fc.nat(100) }),
      { selector: (s) => s.id, maxLength: 12 },
    );
    fc.assert(
      fc.property(stores, fc.nat(80), (stored, incoming) => {
        const limit = 50;
        const plan = planEviction(stored, { id: "incoming", bytes: incoming }, limit);
        if (incoming > limit) {
          expect(plan).toEqual({ fits: false, evict: [] });
          return;
        }
        const evicted: readonly string[] = plan.evict;
        const kept = stored.filter((s) => !evicted.includes(s.id));
        expect(usedBytes(kept) + incoming).toBeLessThanOrEqual(limit);
        const newestEvicted = Math.max(...stored.filter((s) => evicted.includes(s.id)).map((s) => s.lastOpenedAt));
        for (const k of kept) expect(k.lastOpenedAt).toBeGreaterThanOrEqual(newestEvicted);
        // Minimal: without the last one evicted it would not fit.
        if (evicted.length > 0) {
          const last = stored.find((s) => s.id === evicted.at(-1));
          expect(usedBytes(kept) + (last?.bytes ?? 0) + incoming).toBeGreaterThan(limit);
        }
      }),
      { seed: 16, numRuns: 300 },
    );
  });
});
