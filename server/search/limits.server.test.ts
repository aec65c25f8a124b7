import { describe, expect, it } from "vitest";
import { HttpError } from "../http/respond.server.ts";
import { createGate } from "./limits.server.ts";

describe("the search gate", () => {
  it("runs at most `running` at once, queues `queue` more, and refuses the rest with a 503 at once", async () => {
    const gate = createGate(1, 2);
    const releases: Array<() => void> = [];
    const order: number[] = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        order.push(n);
        releases.push(() => resolve(n));
      });
    const first = gate.run(task(1));
    const second = gate.run(task(2));
    const third = gate.run(task(3));
    expect(gate.load).toEqual({ active: 1, waiting: 2 });
    const refused = await gate.run(task(4)).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).status).toBe(503);
    expect((refused as HttpError).headers).toEqual({ "Retry-After": "2" });
    releases.shift()?.();
    expect(await first).toBe(1);
    // The next waiter starts on a later turn of the event loop, not in the same microtask.
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([1, 2]);
    releases.shift()?.();
    expect(await second).toBe(2);
    await new Promise((resolve) => setImmediate(resolve));
    releases.shift()?.();
    expect(await third).toBe(3);
    expect(gate.load).toEqual({ active: 0, waiting: 0 });
  });

  it("frees its place when a task fails", async () => {
    const gate = createGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await gate.run(async () => "ok")).toBe("ok");
  });
});
