/**
 * The model papers as the app serves them: read from content/papers once per process (the files ship with the
 * app and change only with a deploy), refused as a whole if any file has a problem (the content tests guarantee
 * there is none), and each paper's page view rendered once, on first request.
 */
import path from "node:path";
import { isNotNull } from "drizzle-orm";
import type { Medium } from "../../domain/catalog.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { paperFileUrl } from "../../domain/papers.ts";
import { type SubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { createCache } from "../cache/cache.server.ts";
import type { Database } from "../db/client.server.ts";
import { modelPapers } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { chaptersCovered, type PaperView, renderPaperHtml } from "./html.server.ts";
import { type LoadedPapers, loadModelPapers, PAPERS_DIR } from "./load.server.ts";
import { isMadePaperId, makePaper } from "./made.server.ts";

export interface ModelPaperCatalog {
  /** Every paper, in id order. */
  papers: ModelPaper[];
  byId: Map<string, ModelPaper>;
}

export class ModelPaperCatalogError extends Error {
  override name = "ModelPaperCatalogError";
}

const byIdOrder = (a: ModelPaper, b: ModelPaper) => a.id.localeCompare(b.id, "en", { numeric: true });

/** The catalogue from loaded papers; throws ModelPaperCatalogError naming every file with a problem. */
export function buildModelPaperCatalog(loaded: LoadedPapers): ModelPaperCatalog {
  if (loaded.problems.length > 0) {
    const files = loaded.problems.map((p) => p.file);
    const lines = loaded.problems.flatMap((p) => p.problems);
    throw new ModelPaperCatalogError(
      `model papers not published: ${files.length} file(s) have problems (${files.join(", ")}):\n${lines.join("\n")}`,
    );
  }
  const papers = [...loaded.papers].sort(byIdOrder);
  const byId = new Map<string, ModelPaper>();
  for (const paper of papers) {
    if (byId.has(paper.id)) throw new ModelPaperCatalogError(`model papers: two papers have the id ${paper.id}`);
    byId.set(paper.id, paper);
  }
  return { papers, byId };
}

let catalog: ModelPaperCatalog | null = null;
const views = new Map<string, PaperView>();

/** Every model paper, loaded from content/papers on first use and kept for the life of the process. */
export function getModelPapers(): ModelPaperCatalog {
  catalog ??= buildModelPaperCatalog(loadModelPapers(PAPERS_DIR));
  return catalog;
}

/**
 * Made papers (issue 25 §3) and their page views, kept per catalogue: a made paper is a function of its id and
 * the written papers, so nothing but the bounds drops one. The bounds keep a crawler that walks seeds from
 * growing the process.
 */
const madePapers = createCache<ModelPaperCatalog, ModelPaper>({ name: "made papers", madeFrom: [], max: 500 });
const madeViews = createCache<ModelPaperCatalog, PaperView>({ name: "made paper views", madeFrom: [], max: 200 });

/** A written model paper, or a made one (its id says so); undefined for any other id. */
export function findModelPaper(id: string): ModelPaper | undefined {
  const catalog = getModelPapers();
  const written = catalog.byId.get(id);
  if (written || !isMadePaperId(id)) return written;
  const kept = madePapers.get(catalog, id);
  if (kept) return kept;
  const made = makePaper(id, catalog.papers);
  if (!made) return undefined;
  madePapers.set(catalog, id, made);
  return made;
}

/** The subject's papers that serve the medium (the paper's `mediums` include it), in id order. */
export function modelPapersFor(subject: SubjectKey, medium: Medium): ModelPaper[] {
  return getModelPapers().papers.filter((paper) => paper.subject === subject && paper.mediums.includes(medium));
}

/** The folder a paper's figure paths are relative to. */
export function figuresDirFor(paper: Pick<ModelPaper, "subject">): string {
  return path.join(PAPERS_DIR, paper.subject);
}

/**
 * A paper's page view, rendered once per process; undefined for an unknown id. TeX that cannot be rendered is
 * printed as its source and logged (the content tests render every paper strictly, so none should be).
 */
export function getModelPaperView(id: string): PaperView | undefined {
  const cached = views.get(id);
  if (cached) return cached;
  if (isMadePaperId(id)) {
    const catalog = getModelPapers();
    const kept = madeViews.get(catalog, id);
    if (kept) return kept;
    const made = findModelPaper(id);
    if (!made) return undefined;
    const view = renderPaperHtml(made, { figuresDir: figuresDirFor(made) });
    madeViews.set(catalog, id, view);
    return view;
  }
  const paper = getModelPapers().byId.get(id);
  if (!paper) return undefined;
  const view = renderPaperHtml(paper, { figuresDir: figuresDirFor(paper) });
  views.set(id, view);
  return view;
}

/** Forgets the loaded papers and rendered views (tests). */
export function clearModelPaperCache(): void {
  catalog = null;
  views.clear();
  listings.clear();
}

/**
 * How long one read of the retired ids serves every listing: as the paper listing's cache (decision 006),
 * so that a retirement by another instance shows within seconds and costs one query per two seconds.
 */
export const RETIRED_TTL_MS = 2000;

const retired = createCache<Database, ReadonlySet<string>>({
  name: "retired model papers",
  madeFrom: ["catalogue"],
  max: 1,
  ttlMs: RETIRED_TTL_MS,
  load: (database) =>
    database.db
      .select({ id: modelPapers.id })
      .from(modelPapers)
      .where(isNotNull(modelPapers.retiredAt))
      .then((rows) => new Set(rows.map((row) => row.id))),
});

/** The model papers an admin retired (issue 15): hidden from listings, their page, practice and PDFs. */
export function retiredModelPaperIds(services: Pick<Services, "database">): Promise<ReadonlySet<string>> {
  return retired.fetch(services.database, "");
}

export async function isModelPaperRetired(services: Pick<Services, "database">, id: string): Promise<boolean> {
  return (await retiredModelPaperIds(services)).has(id);
}

/** One model paper in a listing (the subject page and `GET /api/v1/model-papers`), in the API's snake_case. */
export interface ModelPaperSummary {
  id: string;
  title: string;
  subject: SubjectKey;
  language: ModelPaper["language"];
  marks: number;
  marks_with_options: number;
  duration_minutes: number;
  /** Chapter names in textbook order. */
  chapters: string[];
  /** The paper's own page (HTML), and its typeset PDFs (signed in). */
  page_url: string;
  question_url: string;
  solution_url: string;
}

export function modelPaperPath(paper: Pick<ModelPaper, "id" | "subject">): string {
  return `${subjectPath(subjectByKey(paper.subject))}/${paper.id}`;
}

const listings = new Map<string, ModelPaperSummary[]>();

/**
 * The subject's model papers for a medium, as listed, without those an admin retired. The listing is built
 * once per process (the papers change only with a deploy, and every subject page and API call asks for
 * it); the retired ones are taken out per call from a set read every two seconds at most.
 */
export async function modelPaperListing(
  services: Pick<Services, "database">,
  subject: SubjectKey,
  medium: Medium,
): Promise<ModelPaperSummary[]> {
  const listing = contentListing(subject, medium);
  const hidden = await retiredModelPaperIds(services);
  // The same array when nothing is retired: the common case allocates nothing.
  return hidden.size === 0 || !listing.some((paper) => hidden.has(paper.id))
    ? listing
    : listing.filter((paper) => !hidden.has(paper.id));
}

function contentListing(subject: SubjectKey, medium: Medium): ModelPaperSummary[] {
  const key = `${subject}/${medium}`;
  const cached = listings.get(key);
  if (cached) return cached;
  const listing = modelPapersFor(subject, medium).map((paper) => ({
    id: paper.id,
    title: paper.title,
    subject: paper.subject,
    language: paper.language,
    marks: paper.marks,
    marks_with_options: paper.marksWithOptions,
    duration_minutes: paper.durationMinutes,
    chapters: chaptersCovered(paper, SYLLABUSES[paper.subject]),
    page_url: modelPaperPath(paper),
    question_url: paperFileUrl(paper.id, "question"),
    solution_url: paperFileUrl(paper.id, "solution"),
  }));
  listings.set(key, listing);
  return listing;
}
