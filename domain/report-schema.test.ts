import { describe, expect, it } from "vitest";
import { API_MESSAGE_KEYS, API_MESSAGE_PATTERNS } from "./api-messages.ts";
import { REPORT_MESSAGES, reportInputSchema, tooManyReportsMessage } from "./report-schema.ts";
import { questionLabel, REPORT_MESSAGE_MAX } from "./reports.ts";

describe("report messages", () => {
  it("has a catalog key for every message a student can see", () => {
    const missing = Object.values(REPORT_MESSAGES).filter((text) => !API_MESSAGE_KEYS[text]);
    expect(missing).toEqual([]);
  });

  it("reads the limit's message back with its minutes, one and many", () => {
    for (const minutes of [1, 7]) {
      const text = tooManyReportsMessage(minutes);
      const match = API_MESSAGE_PATTERNS.find((p) => p.pattern.test(text));
      expect(match?.key).toBe("api.tooManyReports");
      expect(match?.pattern.exec(text)?.[1]).toBe(String(minutes));
    }
    expect(tooManyReportsMessage(1)).toBe("Too many reports in a short time. Please try again in 1 minute.");
  });
});

describe("reportInputSchema", () => {
  const parse = (input: Record<string, unknown>) =>
    reportInputSchema.safeParse({ paper_id: "x", reason: "pages", ...input });

  it("takes a message of 1,000 characters after trimming, with CRLF line ends counted as one", () => {
    const lines = `${"a".repeat(499)}\r\n${"b".repeat(500)}`;
    const result = parse({ message: `  ${lines}  ` });
    expect(result.success && result.data.message).toBe(`${"a".repeat(499)}\n${"b".repeat(500)}`);
    expect(parse({ message: "a".repeat(REPORT_MESSAGE_MAX + 1) }).error?.issues[0]?.message).toBe(
      REPORT_MESSAGES.messageLong,
    );
  });

  it("reads an empty message or question as not given", () => {
    const result = parse({ message: "   ", question: "" });
    expect(result.success && result.data).toEqual({ paper_id: "x", reason: "pages" });
  });

  it("refuses an unknown reason, a missing one, and a paper_id that is not one string", () => {
    expect(parse({ reason: "spam" }).error?.issues[0]?.message).toBe(REPORT_MESSAGES.reasonRequired);
    expect(parse({ reason: undefined }).error?.issues[0]?.message).toBe(REPORT_MESSAGES.reasonRequired);
    expect(parse({ paper_id: ["a", "b"] }).error?.issues[0]?.message).toBe(REPORT_MESSAGES.paperRequired);
    expect(parse({ message: 42 }).error?.issues[0]?.message).toBe(REPORT_MESSAGES.messageText);
  });
});

describe("questionLabel", () => {
  it("names a question as the page prints it", () => {
    expect(questionLabel("2", "A", 1)).toBe("Q2(A)(1)");
    expect(questionLabel("4", "", "3")).toBe("Q4(3)");
  });
});
