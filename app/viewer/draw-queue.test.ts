import { describe, expect, it } from "vitest";
import { DrawQueue } from "./draw-queue";

/** A draw that finishes when the test says so, recording when it started. */
function gate(log: number[], page: number) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    draw: () => {
      log.push(page);
      return done;
    },
    finish,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("DrawQueue", () => {
  it("draws one page at a time, the page nearest the reader first", async () => {
    const log: number[] = [];
    let at = 1;
    const queue = new DrawQueue(() => at);
    const [p3, p2, p1] = [gate(log, 3), gate(log, 2), gate(log, 1)];
    queue.enqueue(3, p3.draw);
    queue.enqueue(2, p2.draw);
    queue.enqueue(1, p1.draw);
    // Page 3 was free to start; 2 and 1 wait for it.
    expect(log).toEqual([3]);
    p3.finish();
    await settle();
    expect(log).toEqual([3, 1]);
    at = 2;
    p1.finish();
    await settle();
    expect(log).toEqual([3, 1, 2]);
  });

  it("drops a cancelled draw that has not started and goes on after a failed one", async () => {
    const log: number[] = [];
    const queue = new DrawQueue(() => 1);
    queue.enqueue(1, () => {
      log.push(1);
      return Promise.reject(new Error("cancelled"));
    });
    const cancel = queue.enqueue(2, async () => {
      log.push(2);
    });
    queue.enqueue(3, async () => {
      log.push(3);
    });
    cancel();
    await settle();
    await settle();
    expect(log).toEqual([1, 3]);
  });

  it("keeps only the newest draw of a page queued twice", async () => {
    const log: string[] = [];
    const queue = new DrawQueue(() => 1);
    const first = gate([], 0);
    queue.enqueue(9, first.draw);
    queue.enqueue(2, async () => {
      log.push("old");
    });
    queue.enqueue(2, async () => {
      log.push("new");
    });
    first.finish();
    await settle();
    expect(log).toEqual(["new"]);
  });
});
