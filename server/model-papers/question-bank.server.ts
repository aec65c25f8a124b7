/**
 * The question bank of a subject and medium: every item of its published model papers (those an admin retired
 * left out), counted by chapter. `GET /api/v1/question-bank` answers it (issue 25 §4); chapter practice and
 * made-to-order papers draw from the same items.
 */
import type { Medium } from "../../domain/catalog.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { seededShuffle } from "../../domain/random.ts";
import type { SubjectKey } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { itemKeyOf } from "../reviews/notebook.server.ts";
import type { Services } from "../services.server.ts";
import { getModelPapers, getModelPaperView, modelPaperListing } from "./catalog.server.ts";
import { chapterName, type QuestionView, type SectionView } from "./html.server.ts";

/** One chapter of the syllabus, in the API's snake_case: how many items and marks the bank holds for it. */
export interface QuestionBankChapter {
  id: string;
  /** As the medium's textbook names it. */
  name: string;
  items: number;
  marks: number;
}

export interface QuestionBankSummary {
  subject: SubjectKey;
  medium: Medium;
  /** The published model papers the items come from. */
  papers: number;
  items: number;
  /** Every chapter of the syllabus in textbook order, those with no item yet included (with 0). */
  chapters: QuestionBankChapter[];
}

/** Every item of the papers, one entry per item (a choice's alternatives each count: each can be practised). */
function bankItems(papers: readonly ModelPaper[]) {
  return papers.flatMap((paper) =>
    paper.questions.flatMap((question) =>
      question.sections.flatMap((section) => section.items.map((item) => ({ paper, question, section, item }))),
    ),
  );
}

export async function questionBankSummary(
  services: Pick<Services, "database">,
  subject: SubjectKey,
  medium: Medium,
): Promise<QuestionBankSummary> {
  const { byId } = getModelPapers();
  const listed = await modelPaperListing(services, subject, medium);
  const papers = listed.flatMap((summary) => byId.get(summary.id) ?? []);
  const counts = new Map<string, { items: number; marks: number }>();
  const items = bankItems(papers);
  for (const { item } of items) {
    const count = counts.get(item.chapter) ?? { items: 0, marks: 0 };
    count.items += 1;
    count.marks += item.marks;
    counts.set(item.chapter, count);
  }
  const syllabus = SYLLABUSES[subject];
  // Chapter names in the papers' language: a Marathi-medium maths paper names chapters as the Marathi textbook does.
  const language =
    papers[0]?.language ?? (medium === "marathi" && syllabus.language === "en" ? "mr" : syllabus.language);
  return {
    subject,
    medium,
    papers: papers.length,
    items: items.length,
    chapters: syllabus.chapters.map((chapter) => ({
      id: chapter.id,
      name: chapterName({ language }, chapter),
      items: counts.get(chapter.id)?.items ?? 0,
      marks: counts.get(chapter.id)?.marks ?? 0,
    })),
  };
}

/** How many questions one chapter set holds at most: about half an hour of writing. */
export const CHAPTER_SET_SIZE = 10;

/** One question of a chapter set, and where in which model paper it comes from. */
export interface ChapterSetQuestion {
  /** As the model paper page shows it: one section, with one item, or the chosen items of a shared passage. */
  question: QuestionView;
  paperTitle: string;
  /** The item's place in its paper ("2", "B"): the paper's own question number and section label. */
  questionNumber: string;
  /** Its items as the mistake notebook names them (`<paper id>:<item id>`), for the page's flag button. */
  itemKeys: string[];
}

/**
 * Up to CHAPTER_SET_SIZE items of the chosen chapters from the subject's published model papers, mixed: the
 * same seed gives the same set. Each keeps its section's passage or figure, since its words may depend on it,
 * but not a choice's "attempt any two", which a single item does not have.
 */
export async function chapterSet(
  services: Pick<Services, "database">,
  subject: SubjectKey,
  medium: Medium,
  chapters: ReadonlySet<string>,
  seed: number,
): Promise<{ language: ModelPaper["language"]; questions: ChapterSetQuestion[] }> {
  const listed = await modelPaperListing(services, subject, medium);
  const candidates = listed.flatMap((summary) => {
    const view = getModelPaperView(summary.id);
    if (!view) return [];
    return view.questions.flatMap((question) =>
      question.sections.flatMap((section) =>
        section.items
          .filter((item) => chapters.has(item.chapter))
          .map((item) => ({
            paperId: view.id,
            paperTitle: view.title,
            language: view.language,
            question,
            section,
            item,
          })),
      ),
    );
  });
  // The subject's papers in one medium share a language (Marathi-medium maths is in Marathi).
  const language = candidates[0]?.language ?? "en";
  // Items that share a passage, poem or figure are shown together under it once, in the paper's order, where
  // the first of them fell; every other item is a question of its own.
  const groups = new Map<string, typeof candidates>();
  for (const [index, candidate] of seededShuffle(candidates, seed).slice(0, CHAPTER_SET_SIZE).entries()) {
    const { section } = candidate;
    const shared = section.passageHtml !== undefined || section.passageFigure !== undefined;
    const key = shared ? `${candidate.paperId}/${candidate.question.number}/${section.label}` : String(index);
    groups.set(key, [...(groups.get(key) ?? []), candidate]);
  }
  const questions = [...groups.values()].map((group, index): ChapterSetQuestion => {
    const [{ paperId, paperTitle, question, section }] = group as [(typeof candidates)[number]];
    const items = section.items.filter((item) => group.some((picked) => picked.item === item));
    const marks = items.reduce((sum, item) => sum + item.marks, 0);
    const shown: SectionView = {
      ...section,
      label: "",
      // "Solve any two of the following" speaks of items this set does not show.
      instructionHtml:
        section.attempt !== undefined && section.attempt < section.items.length ? "" : section.instructionHtml,
      attempt: undefined,
      marksToWrite: marks,
      marksPrinted: marks,
      // Ids are unique within a paper; a set mixes papers. The page numbers the items of a question itself.
      items: items.map((item) => ({ ...item, id: `${paperId}-${item.id}`, number: undefined })),
    };
    return {
      question: { number: String(index + 1), marksToWrite: marks, marksPrinted: marks, sections: [shown] },
      paperTitle,
      questionNumber: section.label ? `${question.number} (${section.label})` : question.number,
      itemKeys: items.map((item) => itemKeyOf(paperId, item.id)),
    };
  });
  return { language, questions };
}
