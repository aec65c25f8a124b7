/** Mediums, standards and years: the rest of the catalogue's fixed vocabulary (spec §3, §9). */

export const MEDIUMS = ["english", "marathi", "semi_english"] as const;
export type Medium = (typeof MEDIUMS)[number];
export const DEFAULT_MEDIUM: Medium = "marathi";

/** Names in Latin letters only (the sample PDFs' standard fonts have no Devanagari). */
export const MEDIUM_NAMES: Record<Medium, string> = {
  english: "English",
  marathi: "Marathi",
  semi_english: "Semi English",
};

/** What forms and pages show: the name, with the Marathi name beside it where it helps. */
export const MEDIUM_LABELS: Record<Medium, string> = {
  english: MEDIUM_NAMES.english,
  marathi: `${MEDIUM_NAMES.marathi} (मराठी)`,
  semi_english: MEDIUM_NAMES.semi_english,
};

export function isMedium(value: unknown): value is Medium {
  return typeof value === "string" && (MEDIUMS as readonly string[]).includes(value);
}

/** The only standard; the key is a number, the label what the spec shows. */
export const STANDARDS = [{ key: 10, label: "10th" }] as const;
export type Standard = (typeof STANDARDS)[number]["key"];
export const DEFAULT_STANDARD: Standard = 10;

/** The first year of the current syllabus' catalogue; imports take any year from it to the current one. */
export const FIRST_CATALOGUE_YEAR = 2018;

export function isCatalogueYear(year: number, now: Date = new Date()): boolean {
  return Number.isInteger(year) && year >= FIRST_CATALOGUE_YEAR && year <= now.getFullYear();
}

/** The years the generated samples cover. 2021 has no main-exam papers: that exam was cancelled. */
export const PAPER_YEARS = [2018, 2019, 2020, 2022, 2023] as const;

/** The board's main (March) exam and supplementary (July) exam. */
export const EXAM_SESSIONS = ["march", "july"] as const;
export type ExamSession = (typeof EXAM_SESSIONS)[number];
export const SESSION_LABELS: Record<ExamSession, string> = { march: "March", july: "July" };

/** "2 hours", "1 hour 30 minutes": a paper's duration as the listing and the PDFs print it. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts: string[] = [];
  if (hours > 0) parts.push(`${hours} hour${hours === 1 ? "" : "s"}`);
  if (rest > 0) parts.push(`${rest} minute${rest === 1 ? "" : "s"}`);
  return parts.join(" ") || "—";
}
