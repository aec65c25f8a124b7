import { describe, expect, it } from "vitest";
import { formatDuration, isCatalogueYear, MEDIUM_LABELS, MEDIUM_NAMES } from "./catalog.ts";

describe("catalogue years", () => {
  const now = new Date("2026-11-23T00:00:00Z");
  it("accepts 2018 to the current year", () => {
    expect([2018, 2021, 2024, 2026].every((y) => isCatalogueYear(y, now))).toBe(true);
    expect([2017, 2027, 2024.5, Number.NaN].some((y) => isCatalogueYear(y, now))).toBe(false);
  });
});

describe("labels", () => {
  it("show the Marathi name beside the medium, and keep a Latin-only name for the PDFs", () => {
    expect(MEDIUM_LABELS.marathi).toBe("Marathi (मराठी)");
    expect(Object.values(MEDIUM_NAMES).every((name) => /^[A-Za-z ]+$/.test(name))).toBe(true);
    expect(formatDuration(120)).toBe("2 hours");
    expect(formatDuration(90)).toBe("1 hour 30 minutes");
  });
});

describe("item numbers printed in the text", () => {
  it("are split off, in Devanagari or Latin digits", async () => {
    const { splitItemNumber } = await import("./model-papers.ts");
    expect(splitItemNumber("(१) चित्रं दृष्ट्वा")).toEqual({ number: "१", text: "चित्रं दृष्ट्वा" });
    expect(splitItemNumber("(12) Solve")).toEqual({ number: "12", text: "Solve" });
    expect(splitItemNumber("Solve (1) and (2)")).toEqual({ number: null, text: "Solve (1) and (2)" });
  });
});
