/**
 * Year rows that tell the truth (issue 25 §5): which March board papers of a subject and medium the site does not
 * hold yet, and "Ask for this paper", counted per slot so that an operator adds the most wanted ones first. Only
 * a count is kept, never who asked; one address can ask at most ASK_LIMIT times an hour.
 */
import { and, eq, isNull, sql } from "drizzle-orm";
import { FIRST_CATALOGUE_YEAR, isMedium, MEDIUMS, type Medium } from "../../domain/catalog.ts";
import { isSubjectKey, SUBJECTS, type SubjectKey } from "../../domain/subjects.ts";
import { paperRequests, papers } from "../db/schema.ts";
import { tooManyRequests } from "../http/rate-limit.server.ts";
import { HttpError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import type { YearGroup } from "./catalog.server.ts";

/** The board held no main exam in 2021 (it was cancelled): there is no paper to add or ask for. */
export const NO_EXAM_YEARS: readonly number[] = [2021];

export const ASK_LIMIT = { max: 20, windowMs: 60 * 60 * 1000 };

/** The last year whose March exam has been written: this year from April on, else last year. */
export function latestExamYear(now: Date = new Date()): number {
  return now.getMonth() >= 3 ? now.getFullYear() : now.getFullYear() - 1;
}

/** Every March slot from 2018 to the latest exam, newest first, without the years that had no exam. */
export function examYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let year = latestExamYear(now); year >= FIRST_CATALOGUE_YEAR; year--) {
    if (!NO_EXAM_YEARS.includes(year)) years.push(year);
  }
  return years;
}

/** The exam years whose March paper the listing does not hold (in this medium), newest first. */
export function missingYears(listing: readonly YearGroup[], now: Date = new Date()): number[] {
  const held = new Set(
    listing.flatMap((group) => (group.papers.some((paper) => paper.session === "march") ? [group.year] : [])),
  );
  return examYears(now).filter((year) => !held.has(year));
}

export interface AskInput {
  subject: string;
  medium: string | null;
  year: string | null;
  ip: string;
}

/**
 * Counts one "Ask for this paper". A 400 names what is wrong (a year that is not an exam year, or whose paper is
 * already on the site), a 429 an address over the limit.
 */
export async function askForPaper(
  services: Pick<Services, "database" | "rateLimiter">,
  input: AskInput,
  now: Date = new Date(),
): Promise<{ subject: SubjectKey; medium: Medium; year: number }> {
  const { subject } = input;
  const year = Number(input.year);
  const medium = input.medium;
  if (!isSubjectKey(subject) || !isMedium(medium) || !examYears(now).includes(year)) {
    throw new HttpError(400, "This paper cannot be asked for", {
      errors: { year: "Choose a board exam year from the list" },
    });
  }
  const [held] = await services.database.db
    .select({ id: papers.id })
    .from(papers)
    .where(
      and(
        eq(papers.subject, subject),
        eq(papers.year, year),
        eq(papers.session, "march"),
        sql`${medium} = any(${papers.mediums})`,
        isNull(papers.retiredAt),
      ),
    )
    .limit(1);
  if (held) throw new HttpError(400, "This paper is already on the site", { errors: { year: "Already added" } });

  const { count, retryAfter } = await services.rateLimiter.hit(`ask-paper:ip:${input.ip}`, ASK_LIMIT.windowMs);
  if (count > ASK_LIMIT.max) throw tooManyRequests(retryAfter);

  await services.database.db
    .insert(paperRequests)
    .values({ subject, medium, year, session: "march", count: 1, lastAskedAt: now })
    .onConflictDoUpdate({
      target: [paperRequests.subject, paperRequests.medium, paperRequests.year, paperRequests.session],
      set: { count: sql`${paperRequests.count} + 1`, lastAskedAt: now },
    });
  return { subject, medium, year };
}

/** One slot of the console's table: every subject, medium and exam year, held or not, with its requests. */
export interface SlotRow {
  subject: SubjectKey;
  medium: Medium;
  year: number;
  /** An official board paper is on the site (a sample does not count). */
  official: boolean;
  requests: number;
}

/**
 * Every March slot from 2018 to the latest exam for every subject and medium (a language paper serves all three
 * mediums), whether it holds an official paper, and how many times it was asked for; most asked first.
 */
export async function slotTable(services: Pick<Services, "database">, now: Date = new Date()): Promise<SlotRow[]> {
  const { db } = services.database;
  const [held, asked] = await Promise.all([
    db
      .select({ subject: papers.subject, year: papers.year, mediums: papers.mediums })
      .from(papers)
      .where(and(eq(papers.session, "march"), eq(papers.official, true), isNull(papers.retiredAt))),
    db.select().from(paperRequests).where(eq(paperRequests.session, "march")),
  ]);
  const official = new Set(held.flatMap((row) => row.mediums.map((m) => `${row.subject}/${m}/${row.year}`)));
  const requests = new Map(asked.map((row) => [`${row.subject}/${row.medium}/${row.year}`, row.count]));
  const rows: SlotRow[] = [];
  for (const subject of SUBJECTS) {
    for (const medium of MEDIUMS) {
      for (const year of examYears(now)) {
        const key = `${subject.key}/${medium}/${year}`;
        rows.push({
          subject: subject.key,
          medium,
          year,
          official: official.has(key),
          requests: requests.get(key) ?? 0,
        });
      }
    }
  }
  return rows.sort((a, b) => b.requests - a.requests);
}
