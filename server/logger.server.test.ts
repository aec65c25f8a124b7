import { describe, expect, it } from "vitest";
import { redactSecrets } from "./logger.server.ts";

describe("the request log", () => {
  it("leaves a reset link's token out of the logged URL, and the rest of the URL as it was", () => {
    expect(redactSecrets("/reset-password?token=abcDEF_123-xyz")).toBe("/reset-password?token=[redacted]");
    expect(redactSecrets("/mr/reset-password?x=1&token=abc&y=2")).toBe("/mr/reset-password?x=1&token=[redacted]&y=2");
    expect(redactSecrets("/search?q=token")).toBe("/search?q=token");
    expect(redactSecrets("/maharashtra-board-math-1-question-papers?medium=marathi")).toBe(
      "/maharashtra-board-math-1-question-papers?medium=marathi",
    );
  });
});
