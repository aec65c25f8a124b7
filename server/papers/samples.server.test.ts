import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIUMS, PAPER_YEARS } from "../../domain/catalog.ts";
import { isLanguageSubject } from "../../domain/papers.ts";
import { SUBJECT_KEYS } from "../../domain/subjects.ts";
import { pdfjsPageTexts } from "../../tests/support/pdf-text.ts";
import { buildSamples, generateSamplePdf, SAMPLE_NOTICE, samplePlan } from "./samples.server.ts";
import { createFilePaperStore, sha256Hex } from "./store.server.ts";

describe("sample papers", () => {
  let dirs: string[] = [];
  let first: Awaited<ReturnType<typeof buildSamples>>;
  let second: Awaited<ReturnType<typeof buildSamples>>;

  beforeAll(async () => {
    dirs = [await mkdtemp(path.join(tmpdir(), "ps-samples-")), await mkdtemp(path.join(tmpdir(), "ps-samples-"))];
    first = await buildSamples(createFilePaperStore(dirs[0] ?? ""));
    second = await buildSamples(createFilePaperStore(dirs[1] ?? ""));
  });
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it("covers every subject, medium and sample year", () => {
    for (const subject of SUBJECT_KEYS) {
      for (const medium of MEDIUMS) {
        for (const year of PAPER_YEARS) {
          const matches = samplePlan().filter(
            (p) => p.slot.subject === subject && p.slot.year === year && p.mediums.includes(medium),
          );
          expect(
            matches.filter((p) => p.slot.session === "march"),
            `${subject} ${medium} ${year}`,
          ).toHaveLength(1);
        }
      }
    }
  });

  it("uses one file for all mediums for language papers and one per medium otherwise", () => {
    for (const paper of samplePlan()) {
      expect(paper.mediums).toHaveLength(isLanguageSubject(paper.slot.subject) ? 3 : 1);
    }
  });

  it("has July papers in some years and solutions for some papers only", () => {
    const plan = samplePlan();
    const julyYears = new Set(plan.filter((p) => p.slot.session === "july").map((p) => p.slot.year));
    expect(julyYears.size).toBeGreaterThan(0);
    expect(julyYears.size).toBeLessThan(PAPER_YEARS.length);
    for (const subject of SUBJECT_KEYS) {
      const mine = plan.filter((p) => p.slot.subject === subject);
      expect(mine.some((p) => p.hasSolution)).toBe(true);
      expect(mine.some((p) => !p.hasSolution)).toBe(true);
    }
  });

  it("gives the same bytes on every run", () => {
    expect(second.rows).toEqual(first.rows);
    expect(first.bytes).toBe(second.bytes);
  });

  it("is all generated well within 15 s", () => {
    console.info(`samples: ${first.files} files, ${first.bytes} bytes, ${Math.round(first.milliseconds)} ms`);
    expect(first.milliseconds).toBeLessThan(15_000);
  });

  it("shows the facts on page 1 and the sample notice on every page", async () => {
    const paper = samplePlan().find((p) => p.slot.subject === "math_1" && p.mediums[0] === "semi_english");
    if (!paper) throw new Error("no math_1 sample");
    const bytes = await generateSamplePdf(paper, "question");
    expect(sha256Hex(bytes)).toBe(first.rows.find((r) => r.id === paper.id)?.questionSha256);
    const pages = await pdfjsPageTexts(bytes);
    expect(pages.length).toBeGreaterThanOrEqual(4);
    for (const text of pages) expect(text).toContain(SAMPLE_NOTICE);
    const cover = pages[0] ?? "";
    for (const fact of [
      "Mathematics 1",
      `Year: ${paper.slot.year}`,
      "Session: March",
      "Medium: Semi English",
      "Total marks: 40",
      "Duration: 2 hours",
    ]) {
      expect(cover).toContain(fact);
    }
  });

  it("names all three mediums on a language paper", async () => {
    const paper = samplePlan().find((p) => p.slot.subject === "english");
    if (!paper) throw new Error("no english sample");
    const [cover = ""] = await pdfjsPageTexts(await generateSamplePdf(paper, "question"));
    expect(cover).toContain("All mediums (English, Marathi, Semi English)");
    expect(cover).toContain("Total marks: 80");
    expect(cover).toContain("Duration: 3 hours");
  });

  it("never marks a sample as official", () => {
    expect(first.rows.every((r) => r.official === false)).toBe(true);
  });
});
