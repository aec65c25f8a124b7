import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { PDFArray, PDFDocument, type PDFFont, PDFHexString, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import {
  EXAM_SESSIONS,
  type ExamSession,
  formatDuration,
  MEDIUM_NAMES,
  MEDIUMS,
  type Medium,
  PAPER_YEARS,
  SESSION_LABELS,
} from "../../domain/catalog.ts";
import type { PaperFileKind } from "../../domain/papers.ts";
import { SUBJECTS, type Subject } from "../../domain/subjects.ts";
import { forgetCaches } from "../cache/cache.server.ts";
import { papers } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { type PaperSlot, paperCount, paperId, paperRow } from "./catalog.server.ts";
import { storePaperFile } from "./previews.server.ts";
import type { PaperStore } from "./store.server.ts";

export const SAMPLE_NOTICE = "Sample paper, not an official board paper";

/** The main exam every year; a supplementary (July) paper only in some, as on the real site. */
const JULY_YEARS: readonly number[] = [2019, 2022];
/** Fixed so that every run writes the same bytes (pdf-lib would otherwise stamp "now"). */
const FIXED_DATE = new Date("2024-01-01T00:00:00Z");
const PRODUCER = "PaperStation sample generator";
const PAGES = 4;

export interface SamplePaper {
  id: string;
  slot: PaperSlot;
  subject: Subject;
  mediums: Medium[];
  hasSolution: boolean;
}

/**
 * Every subject, medium and sample year. Language papers are one file for all mediums. 2023 and
 * July 2022 have no solution yet, so "Solution Coming Soon" shows on every subject page.
 */
export function samplePlan(): SamplePaper[] {
  const plan: SamplePaper[] = [];
  for (const subject of SUBJECTS) {
    const mediumSets: Medium[][] = subject.language ? [[...MEDIUMS]] : MEDIUMS.map((m) => [m]);
    for (const year of PAPER_YEARS) {
      for (const session of EXAM_SESSIONS) {
        if (session === "july" && !JULY_YEARS.includes(year)) continue;
        for (const mediums of mediumSets) {
          const slot: PaperSlot = { standard: 10, subject: subject.key, year, session };
          plan.push({
            id: paperId(slot, mediums),
            slot,
            subject,
            mediums,
            hasSolution: year !== 2023 && !(year === 2022 && session === "july"),
          });
        }
      }
    }
  }
  return plan;
}

function mediumText(mediums: readonly Medium[]): string {
  return mediums.length === MEDIUMS.length
    ? "All mediums (English, Marathi, Semi English)"
    : mediums.map((m) => MEDIUM_NAMES[m]).join(", ");
}

function sessionText(session: ExamSession): string {
  return `${SESSION_LABELS[session]} (${session === "march" ? "main" : "supplementary"} examination)`;
}

const QUESTION_LINES = [
  "Q.1 (A) Choose the correct alternative and write its letter. (4 marks)",
  "Q.1 (B) Solve or answer the following questions. (4 marks)",
  "Q.2 (A) Complete the following activities. (4 marks)",
  "Q.2 (B) Attempt any two of the following. (6 marks)",
  "Q.3 (A) Answer any one of the following in detail. (4 marks)",
  "Q.3 (B) Attempt any two of the following. (6 marks)",
  "Q.4 Attempt any one of the following. (4 marks)",
  "Q.5 Attempt any one of the following. (3 marks)",
];

/** One deterministic sample PDF: the same paper and kind always gives the same bytes. */
export async function generateSamplePdf(paper: SamplePaper, kind: PaperFileKind): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const { subject, slot } = paper;
  const what = kind === "question" ? "Question Paper" : "Model Answers";
  const title = `${subject.name} - ${what} - ${slot.year} ${SESSION_LABELS[slot.session]}`;

  doc.setTitle(`${title} (sample)`);
  doc.setAuthor("PaperStation");
  doc.setSubject(SAMPLE_NOTICE);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  const idHex = createHash("sha256").update(`${paper.id}/${kind}`).digest("hex").slice(0, 32);
  doc.context.trailerInfo.ID = PDFArray.withContext(doc.context);
  (doc.context.trailerInfo.ID as PDFArray).push(PDFHexString.of(idHex));
  (doc.context.trailerInfo.ID as PDFArray).push(PDFHexString.of(idHex));

  const facts = [
    `Maharashtra State Board - SSC (Standard 10)`,
    `Subject: ${subject.name}`,
    `Year: ${slot.year}`,
    `Session: ${sessionText(slot.session)}`,
    `Medium: ${mediumText(paper.mediums)}`,
    `Total marks: ${subject.marks}`,
    `Duration: ${formatDuration(subject.durationMinutes)}`,
  ];

  for (let n = 1; n <= PAGES; n++) {
    const page = doc.addPage([595.28, 841.89]);
    drawNotice(page, bold, n);
    let y = 740;
    const line = (text: string, font: PDFFont = regular, size = 12) => {
      page.drawText(text, { x: 56, y, size, font, color: rgb(0.1, 0.1, 0.1) });
      y -= size * 1.7;
    };
    if (n === 1) {
      line(title, bold, 16);
      y -= 8;
      for (const fact of facts) line(fact);
      y -= 12;
      line("General instructions", bold, 13);
      line("1. All questions are compulsory unless stated otherwise.");
      line("2. Figures to the right indicate full marks.");
      line("3. This sample only shows the layout of a paper; its questions are placeholders.");
    } else {
      line(`${subject.name} - ${slot.year} ${SESSION_LABELS[slot.session]} - ${what}`, bold, 13);
      y -= 6;
      for (let i = 0; i < 6; i++) {
        const text = QUESTION_LINES[(n * 3 + i) % QUESTION_LINES.length] ?? "";
        line(kind === "question" ? text : `Answer to ${text.split(" (")[0]}: a worked model answer goes here.`);
        line(`   (i) ................................................................`);
        line(`   (ii) ...............................................................`);
      }
    }
    page.drawText(
      `${subject.name} | ${slot.year} ${slot.session} | ${mediumText(paper.mediums)} | Page ${n} of ${PAGES}`,
      {
        x: 56,
        y: 40,
        size: 9,
        font: regular,
        color: rgb(0.35, 0.35, 0.35),
      },
    );
  }
  return doc.save({ useObjectStreams: false, objectsPerTick: Number.POSITIVE_INFINITY });
}

/** On every page, top and bottom, so no screenshot of a sample passes as a board paper. */
function drawNotice(page: PDFPage, font: PDFFont, pageNumber: number) {
  const color = rgb(0.75, 0.1, 0.1);
  page.drawRectangle({ x: 40, y: 780, width: 515, height: 34, borderColor: color, borderWidth: 1.5 });
  page.drawText(SAMPLE_NOTICE, { x: 56, y: 792, size: 15, font, color });
  page.drawText(`${SAMPLE_NOTICE} (page ${pageNumber})`, { x: 56, y: 60, size: 10, font, color });
}

export interface SampleReport {
  papers: number;
  files: number;
  bytes: number;
  milliseconds: number;
}

/** Generates every sample file into the store and returns the catalogue rows to insert. */
export async function buildSamples(store: PaperStore) {
  const started = performance.now();
  const rows: (typeof papers.$inferInsert)[] = [];
  let files = 0;
  let bytes = 0;
  for (const paper of samplePlan()) {
    const question = await storePaperFile(store, await generateSamplePdf(paper, "question"), { image: "after-start" });
    files++;
    bytes += question.size;
    let solution: { sha256: string } | null = null;
    if (paper.hasSolution) {
      const stored = await storePaperFile(store, await generateSamplePdf(paper, "solution"), { image: "after-start" });
      files++;
      bytes += stored.size;
      solution = stored;
    }
    rows.push({
      id: paper.id,
      ...paperRow(
        paper.slot,
        paper.mediums,
        {
          question: { sha256: question.sha256, pages: PAGES },
          solution: solution ? { sha256: solution.sha256, pages: PAGES } : undefined,
        },
        false,
      ),
    });
  }
  return { rows, files, bytes, milliseconds: performance.now() - started };
}

/**
 * Fills an empty catalogue with samples; does nothing when any paper exists. Ids are derived
 * from the slot, so two instances starting at once insert the same rows and the second is a no-op.
 */
export async function seedSamplePapers(
  services: Pick<Services, "database" | "paperStore">,
): Promise<SampleReport | null> {
  if ((await paperCount(services)) > 0) return null;
  const { rows, files, bytes, milliseconds } = await buildSamples(services.paperStore);
  await services.database.db.transaction(async (tx) => {
    // Re-checked inside the transaction: an import may have run while the files were generated.
    const [existing] = await tx.select({ n: sql<number>`count(*)::int` }).from(papers);
    if (Number(existing?.n ?? 0) > 0) return;
    for (let i = 0; i < rows.length; i += 100) {
      await tx
        .insert(papers)
        .values(rows.slice(i, i + 100))
        .onConflictDoNothing();
    }
  });
  // The caches only, not afterCatalogueChange: start-up's search sync, which runs next, indexes the samples.
  forgetCaches(services.database, "catalogue");
  return { papers: rows.length, files, bytes, milliseconds };
}
