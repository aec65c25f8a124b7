import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once";

describe("loadOnce", () => {
  it("loads once for every caller", async () => {
    let calls = 0;
    const load = loadOnce(async () => ++calls);
    expect(await Promise.all([load(), load()])).toEqual([1, 1]);
    expect(await load()).toBe(1);
    expect(calls).toBe(1);
  });

  it("forgets a failure, so that the next call tries again", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("offline");
      return "chunk";
    });
    await expect(load()).rejects.toThrow("offline");
    expect(await load()).toBe("chunk");
    expect(calls).toBe(2);
  });
});
