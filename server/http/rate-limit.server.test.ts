import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter, enforceLimit, TOO_MANY_REQUESTS, tooManyRequests } from "./rate-limit.server.ts";
import { HttpError } from "./respond.server.ts";

describe("tooManyRequests", () => {
  it("is a 429 that says when to try again, with the API's usual text by default", () => {
    const error = tooManyRequests(42);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(429);
    expect(error.message).toBe(TOO_MANY_REQUESTS);
    expect(error.headers).toEqual({ "Retry-After": "42" });
    expect(error.errors).toBeUndefined();
  });

  it("takes a fixed message, or makes one from the seconds to wait", () => {
    expect(tooManyRequests(5, "Too many reports. Please slow down.").message).toBe(
      "Too many reports. Please slow down.",
    );
    expect(tooManyRequests(150, (seconds) => `wait ${Math.ceil(seconds / 60)} minutes`).message).toBe("wait 3 minutes");
  });
});

describe("enforceLimit", () => {
  it("lets `max` hits through in a window, refuses the next with its Retry-After, and lets hits through again after", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    const hit = () => enforceLimit(limiter, "search:ip:10.0.0.1", 2, 60_000, (s) => `wait ${s} s`);
    await hit();
    await hit();
    now += 15_000;
    const refused = await hit().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ status: 429, message: "wait 45 s", headers: { "Retry-After": "45" } });
    // Another key has its own window.
    await expect(enforceLimit(limiter, "search:ip:10.0.0.2", 2, 60_000)).resolves.toBeUndefined();
    now += 45_000;
    await expect(hit()).resolves.toBeUndefined();
    await limiter.close();
  });
});
