import { describe, expect, it } from "vitest";
import { DEFAULT_MEDIUM, MEDIUMS, PAPER_YEARS, STANDARDS } from "./catalog.ts";
import {
  footerLabel,
  isSubjectKey,
  parseSubjectPath,
  SUBJECT_KEYS,
  SUBJECTS,
  subjectBySlug,
  subjectPath,
} from "./subjects.ts";

describe("subjects", () => {
  it("has the 12 spec keys in spec order with unique slugs", () => {
    expect(SUBJECTS.map((s) => s.key)).toEqual([
      "english",
      "hindi_full",
      "hindi_half",
      "sanskrit_full",
      "sanskrit_half",
      "marathi",
      "history_and_political_science",
      "geography",
      "math_1",
      "math_2",
      "science_1",
      "science_2",
    ]);
    expect(new Set(SUBJECTS.map((s) => s.slug)).size).toBe(12);
    expect(new Set(SUBJECT_KEYS).size).toBe(12);
  });

  it("uses the spec's display names", () => {
    expect(Object.fromEntries(SUBJECTS.map((s) => [s.key, s.name]))).toEqual({
      english: "English",
      hindi_full: "Hindi(Full)",
      hindi_half: "Hindi(Half)",
      sanskrit_full: "Sanskrit(Full)",
      sanskrit_half: "Sanskrit(Half)",
      marathi: "Marathi",
      history_and_political_science: "History and Political Science",
      geography: "Geography",
      math_1: "Mathematics 1",
      math_2: "Mathematics 2",
      science_1: "Science and Technology 1",
      science_2: "Science and Technology 2",
    });
  });

  it("builds the spec's routes and footer labels", () => {
    const slugs = SUBJECTS.map((s) => s.slug);
    expect(slugs).toEqual([
      "english",
      "hindi-full",
      "hindi-half",
      "sanskrit-full",
      "sanskrit-half",
      "marathi",
      "history-and-political-science",
      "geography",
      "math-1",
      "math-2",
      "science-1",
      "science-2",
    ]);
    expect(subjectPath({ slug: "math-1" })).toBe("/maharashtra-board-math-1-question-papers");
    expect(footerLabel({ name: "Geography" })).toBe("Geography SSC");
    expect(subjectBySlug("science-2")?.key).toBe("science_2");
    expect(subjectBySlug("science-3")).toBeUndefined();
  });

  it("recognises keys and nothing else", () => {
    expect(isSubjectKey("math_1")).toBe(true);
    expect(isSubjectKey("math-1")).toBe(false);
    expect(isSubjectKey(undefined)).toBe(false);
    // Not a prototype's property, not another case: only the twelve keys.
    expect(isSubjectKey("toString")).toBe(false);
    expect(isSubjectKey("MATH_1")).toBe(false);
    expect(isSubjectKey(1)).toBe(false);
  });
});

describe("parseSubjectPath", () => {
  it("reads every subject's page, and a model paper's page under it, in both languages", () => {
    for (const subject of SUBJECTS) {
      const path = subjectPath(subject);
      expect(parseSubjectPath(path)).toEqual({ subject, locale: "en" });
      expect(parseSubjectPath(`/mr${path}`)).toEqual({ subject, locale: "mr" });
      expect(parseSubjectPath(`${path}/${subject.slug}-model-1`)).toEqual({
        subject,
        paperId: `${subject.slug}-model-1`,
        locale: "en",
      });
    }
    expect(parseSubjectPath("/mr/maharashtra-board-science-1-question-papers/science-1-model-2")).toMatchObject({
      subject: { key: "science_1" },
      paperId: "science-1-model-2",
      locale: "mr",
    });
  });

  it("reads a slug with hyphens whole (hindi-full, history-and-political-science)", () => {
    expect(parseSubjectPath("/maharashtra-board-hindi-full-question-papers")?.subject.key).toBe("hindi_full");
    expect(parseSubjectPath("/maharashtra-board-history-and-political-science-question-papers")?.subject.key).toBe(
      "history_and_political_science",
    );
  });

  it("is null for any other path, exactly as the pages' loaders refuse it", () => {
    for (const path of [
      "/",
      "/mr",
      "/blogs",
      "/maharashtra-board-",
      "/maharashtra-board-math-3-question-papers",
      "/maharashtra-board-math-1-question-papers-old",
      "/maharashtra-board-math-1-question-papers/",
      "/maharashtra-board-math-1-question-papers/math-1-model-1/",
      "/maharashtra-board-math-1-question-papers/math-1-model-1/answers",
      "/Maharashtra-Board-Math-1-Question-Papers",
      "/en/maharashtra-board-math-1-question-papers",
      "/mrmaharashtra-board-math-1-question-papers",
      "maharashtra-board-math-1-question-papers",
    ]) {
      expect(parseSubjectPath(path), path).toBeNull();
    }
  });
});

describe("catalogue vocabulary", () => {
  it("matches spec §3 and §9", () => {
    expect(MEDIUMS).toEqual(["english", "marathi", "semi_english"]);
    expect(DEFAULT_MEDIUM).toBe("marathi");
    expect(STANDARDS).toEqual([{ key: 10, label: "10th" }]);
    expect(PAPER_YEARS).toEqual([2018, 2019, 2020, 2022, 2023]);
  });
});
