import { describe, expect, it } from "vitest";
import { VitalReport } from "./vitals.server.ts";
import { formatVitalsReport } from "./vitals-report.server.ts";

const good = { name: "LCP", value: 1234.5, id: "v5-123-456", rating: "good", route: "/blogs" };

describe("VitalReport", () => {
  it("accepts each metric with a sensible value, and the not-found route *", () => {
    for (const [name, value] of [
      ["CLS", 0.05],
      ["INP", 120],
      ["FCP", 900],
      ["LCP", 2100],
      ["TTFB", 0],
    ] as const) {
      expect(VitalReport.safeParse({ ...good, name, value }).success, name).toBe(true);
    }
    expect(VitalReport.safeParse({ ...good, route: "*" }).success).toBe(true);
    expect(VitalReport.safeParse({ ...good, route: "/terms-&-conditions" }).success).toBe(true);
  });

  it.each([
    ["an unknown metric", { name: "FID" }],
    ["a value given as a string", { value: "12" }],
    ["a negative value", { value: -1 }],
    ["a CLS above 10", { name: "CLS", value: 11 }],
    ["an LCP of ten minutes", { value: 600_000 }],
    ["an unknown rating", { rating: "great" }],
    ["a full URL as route", { route: "https://x.in/blogs" }],
    ["a route with a query", { route: "/blogs?page=2" }],
    ["a route over 200 characters", { route: `/${"a".repeat(200)}` }],
    ["no id", { id: undefined }],
  ])("rejects %s", (_what, change) => {
    expect(VitalReport.safeParse({ ...good, ...change }).success).toBe(false);
  });

  it("rejects non-finite values", () => {
    for (const value of [Number.POSITIVE_INFINITY, Number.NaN]) {
      expect(VitalReport.safeParse({ ...good, value }).success).toBe(false);
    }
  });
});

describe("vitals report formatting", () => {
  it("prints a table with CLS as a score and the rest in ms", () => {
    const text = formatVitalsReport(
      [
        { route: "/", name: "CLS", p75: 0.0412, count: 4 },
        { route: "/blogs", name: "LCP", p75: 2310.4, count: 12 },
      ],
      7,
    );
    expect(text).toContain("last 7 days");
    expect(text).toMatch(/^\/\s+CLS\s+0\.041\s+4$/m);
    expect(text).toMatch(/^\/blogs\s+LCP\s+2310 ms\s+12$/m);
  });

  it("says when there is nothing to report", () => {
    expect(formatVitalsReport([], 1)).toContain("No reports");
  });
});
