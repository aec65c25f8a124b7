/** Mediums, standards and years: the rest of the catalogue's fixed vocabulary (spec §3, §9). */

export const MEDIUMS = ["english", "marathi", "semi_english"] as const;
export type Medium = (typeof MEDIUMS)[number];
export const DEFAULT_MEDIUM: Medium = "marathi";

export const MEDIUM_LABELS: Record<Medium, string> = {
  english: "English",
  marathi: "Marathi (मराठी)",
  semi_english: "Semi English",
};

export function isMedium(value: unknown): value is Medium {
  return typeof value === "string" && (MEDIUMS as readonly string[]).includes(value);
}

/** The only standard; the key is a number, the label what the spec shows. */
export const STANDARDS = [{ key: 10, label: "10th" }] as const;
export type Standard = (typeof STANDARDS)[number]["key"];
export const DEFAULT_STANDARD: Standard = 10;

/** 2021 has no main-exam papers: that exam was cancelled. */
export const PAPER_YEARS = [2018, 2019, 2020, 2022, 2023] as const;
export type PaperYear = (typeof PAPER_YEARS)[number];

/** The board's main (March) exam and supplementary (July) exam. */
export const EXAM_SESSIONS = ["march", "july"] as const;
export type ExamSession = (typeof EXAM_SESSIONS)[number];
export const SESSION_LABELS: Record<ExamSession, string> = { march: "March", july: "July" };
