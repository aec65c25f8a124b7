import type { Medium, Standard } from "../../domain/catalog.ts";
import type { SubjectKey } from "../../domain/subjects.ts";
import type { Services } from "../services.server.ts";

/** One paper in the get-question listing (spec §7), shared by the API and the subject page loader. */
export interface PaperListItem {
  id: string;
  session: "march" | "july";
  official: boolean;
  marks: number;
  duration_minutes: number;
  /** Same-origin, e.g. `/papers/<id>/question.pdf`. */
  question_url: string;
  /** Empty string when there is no solution ("Solution Coming Soon"). */
  solution_url: string;
}

export interface YearGroup {
  year: number;
  papers: PaperListItem[];
}

/** Year groups newest first. STUB: the papers backend replaces this body. */
export async function getPaperListing(
  _services: Pick<Services, "database">,
  _query: { subject: SubjectKey; medium: Medium; standard: Standard },
): Promise<YearGroup[]> {
  return [];
}
