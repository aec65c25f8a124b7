import { describe, expect, it } from "vitest";
import { parseReportArgs } from "./vitals-report.ts";

describe("vitals:report arguments", () => {
  it("reads --days N and --days=N, and refuses anything else", () => {
    expect(parseReportArgs([])).toEqual({ days: 7 });
    expect(parseReportArgs(["--days", "30"])).toEqual({ days: 30 });
    expect(parseReportArgs(["--days=2"])).toEqual({ days: 2 });
    for (const args of [["--days"], ["--days", "0"], ["--days", "x"], ["--weeks", "2"], ["--days=-3"], ["extra"]]) {
      expect(() => parseReportArgs(args), args.join(" ")).toThrow(/Usage/);
    }
  });
});
