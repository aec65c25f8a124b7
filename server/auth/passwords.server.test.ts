import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { argon2Queue, hashPassword, verifyPassword } from "./passwords.server.ts";

describe("argon2 runs one per CPU at a time", () => {
  it("queues the rest in order, and every one completes", async () => {
    const running = Math.max(1, Math.min(availableParallelism(), 3));
    const hashes = Array.from({ length: running + 3 }, (_, i) => hashPassword(`password-${i}`));
    // Started at once: all but the first `running` wait for a thread.
    expect(argon2Queue()).toBe(3);
    const done = await Promise.all(hashes);
    expect(argon2Queue()).toBe(0);
    expect(await verifyPassword(done[4] ?? "", "password-4")).toBe(true);
    expect(await verifyPassword(done[4] ?? "", "password-3")).toBe(false);
  });
});
