import type { PaperListItem, YearGroup } from "../../server/papers/catalog.server.ts";
import { paperTitle } from "../papers/subject-paper-list";
import type { Translate } from "../site/i18n";
import type { ViewerPaper } from "./paper-viewer";

/** A listed paper as the viewer shows it: "Mathematics 1, March 2023", its question and solution. */
export function listedViewerPaper(subjectName: string, paper: PaperListItem, year: number, t?: Translate): ViewerPaper {
  return {
    id: paper.id,
    title: `${subjectName}, ${paperTitle(t, paper, year)}`,
    questionUrl: paper.question_url,
    solutionUrl: paper.solution_url || undefined,
    questionPreview: paper.question_preview,
    solutionPreview: paper.solution_preview,
  };
}

/** The paper `id` in a listing, as the viewer shows it. */
export function findListedPaper(
  years: YearGroup[],
  subjectName: string,
  id: string,
  t?: Translate,
): ViewerPaper | null {
  for (const group of years) {
    const paper = group.papers.find((p) => p.id === id);
    if (paper) return listedViewerPaper(subjectName, paper, group.year, t);
  }
  return null;
}
