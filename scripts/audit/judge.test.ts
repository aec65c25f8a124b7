import type { Result as LhResult } from "lighthouse";
import { describe, expect, it } from "vitest";
import { judge, passes } from "./judge.ts";

/** A Lighthouse result with the given category scores and no failing audit. */
function result(performance: number, accessibility = 1): LhResult {
  const category = (score: number) => ({ score, auditRefs: [] });
  return {
    categories: {
      performance: category(performance),
      accessibility: category(accessibility),
      "best-practices": category(1),
      seo: category(1),
    },
    audits: {},
    runWarnings: [],
  } as unknown as LhResult;
}

describe("judge", () => {
  it("holds Performance to 90 by default and to a page's own stricter target", () => {
    expect(passes(judge(result(0.93)))).toBe(true);
    expect(passes(judge(result(0.93), [], 0.95))).toBe(false);
    expect(judge(result(0.93), [], 0.95).belowTarget).toEqual(["performance"]);
    expect(passes(judge(result(0.96), [], 0.95))).toBe(true);
  });

  it("reports a slow page without failing it in CI's report mode, and still fails the other categories", () => {
    expect(passes(judge(result(0.72)), "report")).toBe(true);
    expect(passes(judge(result(0.72)), "gate")).toBe(false);
    expect(passes(judge(result(0.96, 0.98)), "report")).toBe(false);
    expect(passes(judge(result(0.72, 0.98)), "report")).toBe(false);
  });
});
