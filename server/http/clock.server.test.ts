import { describe, expect, it } from "vitest";
import { requestNow } from "./clock.server.ts";

/** Headers as a Fetch request has them. */
const headers = (value: string | null | undefined) => new Headers(value ? { "X-Test-Now": value } : {});

describe("requestNow", () => {
  const instant = "2027-02-10T06:30:00.000Z";

  it("takes the header's instant only on a server started with TEST_CLOCK=1", () => {
    expect(requestNow({ testClock: true }, headers(instant)).toISOString()).toBe(instant);
  });

  it("ignores the header on a real server, and a header that is not an instant", () => {
    for (const [testClock, header] of [
      [false, instant],
      [true, "yesterday"],
      [true, undefined],
      [true, null],
    ] as const) {
      const before = Date.now();
      const now = requestNow({ testClock }, headers(header)).getTime();
      expect(now, String(header)).toBeGreaterThanOrEqual(before);
      expect(now, String(header)).toBeLessThanOrEqual(Date.now());
    }
  });
});
