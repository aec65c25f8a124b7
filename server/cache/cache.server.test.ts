import { describe, expect, it } from "vitest";
import { createCache, forgetCaches } from "./cache.server.ts";

/** A load that the test settles by hand, counting how often it ran. */
function manualLoads<V>() {
  const runs: { key: string; context: unknown; resolve(value: V): void; reject(error: unknown): void }[] = [];
  const load = (_owner: object, key: string, context: unknown) => {
    const { promise, resolve, reject } = Promise.withResolvers<V>();
    runs.push({ key, context, resolve, reject });
    return promise;
  };
  return { runs, load };
}

describe("createCache", () => {
  it("shares one load among concurrent callers, and serves its value until the TTL has passed", async () => {
    let clock = 1000;
    const { runs, load } = manualLoads<string>();
    const cache = createCache({ name: "test", madeFrom: [], max: 10, ttlMs: 2000, now: () => clock, load });
    const owner = {};
    const first = cache.fetch(owner, "a", "first caller");
    const second = cache.fetch(owner, "a", "second caller");
    expect(cache.has(owner, "a")).toBe(true);
    expect(cache.get(owner, "a")).toBeUndefined();
    expect(runs.map((run) => [run.key, run.context])).toEqual([["a", "first caller"]]);
    runs[0]?.resolve("one");
    expect(await Promise.all([first, second])).toEqual(["one", "one"]);
    expect(cache.get(owner, "a")).toBe("one");

    clock += 2000;
    expect(await cache.fetch(owner, "a", "")).toBe("one");
    clock += 1;
    expect(cache.get(owner, "a")).toBeUndefined();
    expect(cache.has(owner, "a")).toBe(false);
    const again = cache.fetch(owner, "a", "");
    runs[1]?.resolve("two");
    expect(await again).toBe("two");
    expect(runs).toHaveLength(2);
  });

  it("keeps no failed load: its callers all get the error, and the next caller loads again", async () => {
    const { runs, load } = manualLoads<string>();
    const cache = createCache({ name: "test", madeFrom: [], max: 10, ttlMs: 60_000, load });
    const owner = {};
    const waiting = [cache.fetch(owner, "k", ""), cache.fetch(owner, "k", "")];
    runs[0]?.reject(new Error("database down"));
    for (const result of await Promise.allSettled(waiting)) {
      expect(result).toMatchObject({ status: "rejected", reason: { message: "database down" } });
    }
    expect(cache.has(owner, "k")).toBe(false);
    const next = cache.fetch(owner, "k", "");
    runs[1]?.resolve("back");
    expect(await next).toBe("back");
  });

  it("keeps nothing for a load that resolves to undefined", async () => {
    const { runs, load } = manualLoads<string | undefined>();
    const cache = createCache({ name: "test", madeFrom: [], max: 10, load });
    const owner = {};
    const waiting = [cache.fetch(owner, "k", ""), cache.fetch(owner, "k", "")];
    runs[0]?.resolve(undefined);
    expect(await Promise.all(waiting)).toEqual([undefined, undefined]);
    expect(cache.has(owner, "k")).toBe(false);
  });

  it("answers a load's callers with what it found even when the key was set or forgotten meanwhile", async () => {
    const { runs, load } = manualLoads<string | undefined>();
    const cache = createCache({ name: "test", madeFrom: ["catalogue"], max: 10, load });
    const owner = {};
    const nothing = cache.fetch(owner, "a", "");
    cache.set(owner, "a", "stored by a writer");
    const gone = cache.fetch(owner, "b", "");
    forgetCaches(owner, "catalogue");
    runs[0]?.resolve(undefined);
    runs[1]?.resolve(undefined);
    expect(await nothing).toBeUndefined();
    expect(await gone).toBeUndefined();
    expect(cache.get(owner, "a")).toBeUndefined();
  });

  it("loads a thenable once (a Drizzle query runs again on every then)", async () => {
    let runs = 0;
    const query = {
      // biome-ignore lint/suspicious/noThenProperty: a stand-in for Drizzle's query builder, which is a thenable
      then(resolve: (value: string) => void) {
        runs += 1;
        resolve("rows");
      },
    };
    const cache = createCache({ name: "test", madeFrom: [], max: 1, load: () => query as PromiseLike<string> });
    expect(await cache.fetch({}, "", undefined)).toBe("rows");
    expect(runs).toBe(1);
  });

  it("keeps each owner's values apart", async () => {
    const cache = createCache({ name: "test", madeFrom: [], max: 10, load: async (owner: { n: number }) => owner.n });
    const [one, two] = [{ n: 1 }, { n: 2 }];
    expect(await cache.fetch(one, "k", undefined)).toBe(1);
    expect(await cache.fetch(two, "k", undefined)).toBe(2);
    expect(cache.usage(one)).toEqual({ entries: 1, bytes: 0 });
  });

  it("bounds the bytes it keeps, and keeps no value larger than the bound", () => {
    const cache = createCache<object, Uint8Array>({
      name: "test",
      madeFrom: [],
      maxBytes: 10,
      sizeOf: (bytes) => bytes.byteLength,
    });
    const owner = {};
    cache.set(owner, "a", new Uint8Array(4));
    cache.set(owner, "b", new Uint8Array(4));
    expect(cache.usage(owner)).toEqual({ entries: 2, bytes: 8 });
    cache.get(owner, "a");
    cache.set(owner, "c", new Uint8Array(4));
    // "b" was the least recently used.
    expect([cache.get(owner, "a"), cache.get(owner, "b"), cache.get(owner, "c")].map(Boolean)).toEqual([
      true,
      false,
      true,
    ]);
    cache.set(owner, "huge", new Uint8Array(11));
    expect(cache.get(owner, "huge")).toBeUndefined();
  });
});

describe("forgetCaches", () => {
  it("empties, for that owner only, every cache made from the source", async () => {
    let n = 0;
    const load = async () => ++n;
    const catalogue = createCache({ name: "catalogue", madeFrom: ["catalogue"], max: 10, load });
    const both = createCache({ name: "both", madeFrom: ["catalogue", "search-index"], max: 10, load });
    const index = createCache({ name: "index", madeFrom: ["search-index"], max: 10, load });
    const forever = createCache({ name: "forever", madeFrom: [], max: 10, load });
    const [owner, other] = [{}, {}];
    for (const cache of [catalogue, both, index, forever]) {
      await cache.fetch(owner, "k");
      await cache.fetch(other, "k");
    }
    forgetCaches(owner, "catalogue");
    const kept = (who: object) => [catalogue, both, index, forever].map((cache) => cache.has(who, "k"));
    expect(kept(owner)).toEqual([false, false, true, true]);
    expect(kept(other)).toEqual([true, true, true, true]);
    forgetCaches(owner, "search-index");
    expect(kept(owner)).toEqual([false, false, false, true]);
  });

  it("lets a load that was running answer its callers, without keeping what it read before the change", async () => {
    const { runs, load } = manualLoads<string>();
    const cache = createCache({ name: "test", madeFrom: ["catalogue"], max: 10, load });
    const owner = {};
    const before = cache.fetch(owner, "k", "");
    forgetCaches(owner, "catalogue");
    expect(cache.has(owner, "k")).toBe(false);
    const after = cache.fetch(owner, "k", "");
    expect(runs).toHaveLength(2);
    runs[0]?.resolve("read before the change");
    runs[1]?.resolve("read after it");
    expect(await before).toBe("read before the change");
    expect(await after).toBe("read after it");
    expect(cache.get(owner, "k")).toBe("read after it");
  });
});
