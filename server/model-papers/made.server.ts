/**
 * Papers made to order (issue 25 §3): a new paper in the board's exact pattern, assembled from the items of a
 * subject's written model papers in one language. The paper is a pure function of its id, so the URL of a made
 * paper can be shared and every page, PDF and practice attempt that names the id sees the same paper.
 *
 * The id is `<subject slug>-made-<seed>-<avoid>` (with `-mr` for a Marathi-medium paper): `avoid` is a bit mask
 * over the written papers, in id order, whose items are taken only where the others cannot fill a slot. It is how
 * "items the student has already practised are avoided where the bank allows" stays repeatable: the maker puts
 * the student's practised papers into the id; the generator itself reads nobody's records.
 */
import type { ModelPaper, PaperItem, PaperSection } from "../../domain/model-papers.ts";
import { isLanguageSubject } from "../../domain/papers.ts";
import { MAX_SEED, seededRandom, shuffleWith } from "../../domain/random.ts";
import { SUBJECT_KEYS, type SubjectKey } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { findGiveAways } from "./give-aways.server.ts";

export interface MadeId {
  subject: SubjectKey;
  seed: number;
  /** Bit i set: prefer not to take items from the i-th written paper (in id order). */
  avoid: number;
  /** A Marathi-medium version of a non-language subject's paper. */
  marathi: boolean;
}

/** At most six bits: six written papers per subject and language (issue 25 §1); more papers are never avoided. */
export const MAX_AVOID = 63;

const MADE_ID = /^([a-z0-9]+(?:-[a-z0-9]+)*)-made-([1-9][0-9]{0,5})-(0|[1-9][0-9]?)(-mr)?$/;

export function madeId({ subject, seed, avoid, marathi }: MadeId): string {
  return `${subject.replaceAll("_", "-")}-made-${seed}-${avoid}${marathi ? "-mr" : ""}`;
}

/** The parts of a made paper's id, or null when the id is not one (a written paper's id among them). */
export function parseMadeId(id: string): MadeId | null {
  const match = MADE_ID.exec(id);
  if (!match) return null;
  const subject = SUBJECT_KEYS.find((key) => key.replaceAll("_", "-") === match[1]);
  const seed = Number(match[2]);
  const avoid = Number(match[3]);
  if (!subject || seed > MAX_SEED || avoid > MAX_AVOID) return null;
  if (match[4] && isLanguageSubject(subject)) return null;
  return { subject, seed, avoid, marathi: match[4] !== undefined };
}

/** Whether an id names a made paper (which no listing, sitemap or search index holds). */
export function isMadePaperId(id: string): boolean {
  return parseMadeId(id) !== null;
}

/** The written papers a made paper draws from: the subject's, in its language, in id order. */
export function madeSources(papers: readonly ModelPaper[], made: Pick<MadeId, "subject" | "marathi">): ModelPaper[] {
  return papers
    .filter(
      (paper) =>
        paper.subject === made.subject &&
        (isLanguageSubject(made.subject) || (paper.language === "mr") === made.marathi),
    )
    .sort((a, b) => a.id.localeCompare(b.id, "en", { numeric: true }));
}

const TITLES: Record<ModelPaper["language"], (seed: number) => string> = {
  en: (seed) => `Mixed Paper ${seed}`,
  mr: (seed) => `मिश्र प्रश्नपत्रिका ${seed}`,
  hi: (seed) => `मिश्रित प्रश्नपत्रिका ${seed}`,
  sa: (seed) => `मिश्रप्रश्नपत्रिका ${seed}`,
};

/** "Algebra: Model Paper 3" → "Algebra: Mixed Paper 48213": the subject's part of a written paper's title kept. */
function madeTitle(source: ModelPaper, seed: number): string {
  // Up to the colon as the paper writes it: "Algebra:" in English, "भूगोल :" in Marathi.
  const colon = source.title.lastIndexOf(":");
  const own = TITLES[source.language](seed);
  return colon > 0 ? `${source.title.slice(0, colon + 1)} ${own}` : own;
}

/** A section that must be taken whole: its items share a passage, poem, case study or figure. */
function sharesContext(section: PaperSection): boolean {
  return section.passage !== undefined || section.passageFigure !== undefined;
}

const marksOf = (section: PaperSection) =>
  section.items
    .map((item) => item.marks)
    .sort((a, b) => a - b)
    .join(",");

/** The sections of the sources at one place of the pattern that can stand in for the first source's. */
function compatibleSections(
  sources: readonly ModelPaper[],
  qi: number,
  si: number,
): { section: PaperSection; source: number }[] {
  const template = sources[0]?.questions[qi]?.sections[si];
  if (!template) return [];
  const found: { section: PaperSection; source: number }[] = [];
  sources.forEach((paper, source) => {
    const section = paper.questions[qi]?.sections[si];
    if (
      section &&
      section.label === template.label &&
      section.attempt === template.attempt &&
      section.items.length === template.items.length &&
      marksOf(section) === marksOf(template)
    ) {
      found.push({ section, source });
    }
  });
  return found;
}

/** Candidates from papers not avoided first, each group in a random order. */
function preferred<T extends { source: number }>(candidates: readonly T[], avoid: number, random: () => number): T[] {
  const fresh = candidates.filter((c) => (avoid & (1 << c.source)) === 0);
  const practised = candidates.filter((c) => (avoid & (1 << c.source)) !== 0);
  return [...shuffleWith(fresh, random), ...shuffleWith(practised, random)];
}

const isChoice = (item: PaperItem) => item.options !== undefined;

/**
 * One place of the pattern. A section that shares a passage or figure, or any section of a language paper (whose
 * activities lean on the section's text), is taken whole from one paper. Otherwise each item is drawn from the
 * items at that place in all the papers, with the same marks and kind (a choice question for a choice question),
 * different chapters where possible, and renumbered as the place's items are.
 */
function makeSection(
  sources: readonly ModelPaper[],
  qi: number,
  si: number,
  avoid: number,
  random: () => number,
  usedChapters: Set<string>,
): PaperSection {
  const template = sources[0]?.questions[qi]?.sections[si];
  if (!template) throw new Error(`made paper: no section ${qi}/${si} in ${sources[0]?.id}`);
  const candidates = compatibleSections(sources, qi, si);
  const whole = isLanguageSubject(sources[0]?.subject ?? "english") || candidates.some((c) => sharesContext(c.section));
  if (whole) {
    const chosen = preferred(candidates, avoid, random)[0]?.section ?? template;
    for (const item of chosen.items) usedChapters.add(item.chapter);
    return chosen;
  }
  const pool = preferred(
    candidates.flatMap(({ section, source }) => section.items.map((item) => ({ item, source }))),
    avoid,
    random,
  );
  const taken = new Set<PaperItem>();
  const chapters = new Set<string>();
  const items = template.items.map((slot) => {
    const fits = pool.filter(
      ({ item }) => !taken.has(item) && item.marks === slot.marks && isChoice(item) === isChoice(slot),
    );
    // From the papers not avoided while they have a fitting item: a chapter the paper has not asked yet, else
    // one this section has not, else any.
    const fresh = fits.filter(({ source }) => (avoid & (1 << source)) === 0);
    const from = fresh.length > 0 ? fresh : fits;
    const pick =
      from.find(({ item }) => !usedChapters.has(item.chapter)) ??
      from.find(({ item }) => !chapters.has(item.chapter)) ??
      from[0];
    const item = pick?.item ?? slot;
    taken.add(item);
    chapters.add(item.chapter);
    usedChapters.add(item.chapter);
    return { ...item, id: slot.id };
  });
  return { ...template, items };
}

/** How many times a paper with a problem is drawn again (the next draws of the same seed) before giving up. */
const DRAWS = 25;

/**
 * What the validator would refuse in a draw: give-aways, and heavy chapters (a tenth of the marks or more) that
 * no item asks, as `validate.server.ts` counts them.
 */
function problems(paper: ModelPaper): number {
  const syllabus = SYLLABUSES[paper.subject];
  const used = new Set(paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items.map((i) => i.chapter))));
  const uncovered = syllabus.chapters.filter(
    (chapter) => !used.has(chapter.id) && chapter.weight >= 0.1 * syllabus.blueprint.marksWithOptions,
  ).length;
  return uncovered + findGiveAways(paper).errors.length;
}

/**
 * The made paper for an id, from the written papers given (all of the catalogue's; this picks the sources), or
 * null when the id is not a made paper's or its subject has no written paper in that language.
 */
export function makePaper(id: string, papers: readonly ModelPaper[]): ModelPaper | null {
  const made = parseMadeId(id);
  if (!made) return null;
  const sources = madeSources(papers, made);
  const first = sources[0];
  if (!first) return null;
  const random = seededRandom(made.seed);
  let best: { paper: ModelPaper; problems: number } | null = null;
  for (let draw = 0; draw < DRAWS; draw++) {
    const usedChapters = new Set<string>();
    const paper: ModelPaper = {
      ...first,
      id,
      title: madeTitle(first, made.seed),
      questions: first.questions.map((question, qi) => ({
        ...question,
        sections: question.sections.map((_, si) => makeSection(sources, qi, si, made.avoid, random, usedChapters)),
      })),
    };
    const found = problems(paper);
    if (found === 0) return paper;
    if (!best || found < best.problems) best = { paper, problems: found };
  }
  return best?.paper ?? null;
}
