import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter, enforceLimit } from "../../server/http/rate-limit.server.ts";
import { HttpError } from "../../server/http/respond.server.ts";
import { formRefusal } from "./refusal.server";

describe("formRefusal", () => {
  it("answers the site's 429 as the form's own result, with its status and Retry-After", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    await enforceLimit(limiter, "k", 1, 90_000, "Slow down");
    const error = await enforceLimit(limiter, "k", 1, 90_000, "Slow down").catch((e: unknown) => e);
    const answer = formRefusal(error, (refusal) => ({ sent: false, message: refusal.message }));
    expect(answer.data).toEqual({ sent: false, message: "Slow down" });
    expect(answer.init?.status).toBe(429);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBe("90");
    await limiter.close();
  });

  it("gives a refusal without headers (a 400 naming a field) its status and field messages", () => {
    const error = new HttpError(400, "reason: Choose a reason", { errors: { reason: "Choose a reason" } });
    const answer = formRefusal(error, (refusal) => ({ errors: refusal.errors ?? {} }));
    expect(answer.data).toEqual({ errors: { reason: "Choose a reason" } });
    expect(answer.init?.status).toBe(400);
    expect(new Headers(answer.init?.headers).get("Retry-After")).toBeNull();
  });

  it("throws on anything else: a redirect, an outage's 503 page or a bug is not the form's to show", () => {
    for (const error of [
      new Response(null, { status: 302, headers: { Location: "/" } }),
      new TypeError("x is undefined"),
    ]) {
      let thrown: unknown;
      try {
        formRefusal(error, () => "shown");
      } catch (caught) {
        thrown = caught;
      }
      expect(thrown).toBe(error);
    }
  });
});
