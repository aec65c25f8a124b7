import { describe, expect, it } from "vitest";
import { connectionAllowsPrefetch } from "./viewer-code";

describe("prefetching the viewer's code", () => {
  it("happens on a good connection, and where the browser does not say", () => {
    expect(connectionAllowsPrefetch(undefined)).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "4g" })).toBe(true);
    expect(connectionAllowsPrefetch({ effectiveType: "3g", saveData: false })).toBe(true);
  });

  it("never happens with Save-Data or on 2g", () => {
    expect(connectionAllowsPrefetch({ saveData: true, effectiveType: "4g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "2g" })).toBe(false);
    expect(connectionAllowsPrefetch({ effectiveType: "slow-2g" })).toBe(false);
  });
});
