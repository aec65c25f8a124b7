import { describe, expect, it } from "vitest";
import { basePath, formatDay, formatNumber, localeFromPath, localizePath } from "./i18n.ts";

describe("paths in two languages", () => {
  it("reads the language from the path: /mr and below are Marathi, /mrx is not", () => {
    expect(localeFromPath("/mr")).toBe("mr");
    expect(localeFromPath("/mr/blogs")).toBe("mr");
    expect(localeFromPath("/mrx")).toBe("en");
    expect(localeFromPath("/")).toBe("en");
  });

  it("moves a path between languages, keeping the query and fragment, idempotently", () => {
    expect(localizePath("/", "mr")).toBe("/mr");
    expect(localizePath("/blogs?page=2#top", "mr")).toBe("/mr/blogs?page=2#top");
    expect(localizePath("/mr/blogs?page=2", "mr")).toBe("/mr/blogs?page=2");
    expect(localizePath("/mr", "en")).toBe("/");
    expect(localizePath("/mr/terms-&-conditions", "en")).toBe("/terms-&-conditions");
    expect(basePath("/mr/progress")).toBe("/progress");
  });

  it("leaves other sites and odd paths alone", () => {
    expect(localizePath("https://example.com/", "mr")).toBe("https://example.com/");
    expect(localizePath("//evil.example/", "mr")).toBe("//evil.example/");
    expect(localizePath("mailto:a@b.c", "mr")).toBe("mailto:a@b.c");
  });
});

describe("numbers and dates", () => {
  it("writes the digits 0-9 with Marathi month names, and keeps the calendar day", () => {
    expect(formatNumber("mr", 2026.5)).toBe("2,026.5");
    expect(formatNumber("en", 12.5)).toBe("12.5");
    expect(formatDay("en", "2024-03-05")).toBe("5 March 2024");
    expect(formatDay("mr", "2026-09-17")).toBe("17 सप्टेंबर, 2026");
  });
});
