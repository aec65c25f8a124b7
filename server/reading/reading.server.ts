/**
 * The last page read of each paper, on the account (issue 26, decision 029): the viewer reopens a paper where the
 * student left it on any device, and the home and progress pages list the papers opened last. A study record of
 * the student's own, like practice attempts: nothing about anyone else, the newest READING_KEEP papers only, and
 * it goes with the account (ON DELETE CASCADE).
 */
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import { z } from "zod";
import { isPaperId, type PaperFileKind } from "../../domain/papers.ts";
import { papersRead } from "../db/schema.ts";
import type { Services } from "../services.server.ts";

/** Papers kept per account: a season of reading, and a bound on what one account can store. */
export const READING_KEEP = 50;
/** `/papers/` + the longest paper id + `/solution.pdf`. */
const PAPER_KEY_MAX = 8 + 100 + 13;
/** Far more pages than any paper has; only a bound. */
export const PAGE_MAX = 10_000;

const PAPER_FILE = /^\/papers\/([^/]+)\/(question|solution)\.pdf$/;

/** The paper and file a key names (`/papers/<id>/question.pdf`), or null for anything else. */
export function paperFileOf(key: string): { id: string; kind: PaperFileKind } | null {
  const [, id, kind] = PAPER_FILE.exec(key) ?? [];
  return id && kind && isPaperId(id) ? { id, kind: kind as PaperFileKind } : null;
}

const PAPER_RULE = "paper must be the path of a paper's PDF on this site, like /papers/<id>/question.pdf";
const paper = z
  .string({ error: PAPER_RULE })
  .max(PAPER_KEY_MAX, `paper must be at most ${PAPER_KEY_MAX} characters`)
  .refine((key) => paperFileOf(key) !== null, PAPER_RULE);

const PAGE_RULE = `page must be a whole number from 1 to ${PAGE_MAX}`;

export const readingQuerySchema = z.object({ paper });
export const readingSchema = z.object({
  paper,
  page: z.number({ error: PAGE_RULE }).int(PAGE_RULE).min(1, PAGE_RULE).max(PAGE_MAX, PAGE_RULE),
});

/** Records the page of a paper as read now, and forgets the account's papers beyond the newest READING_KEEP. */
export async function saveReading(
  services: Pick<Services, "database">,
  userId: string,
  reading: z.output<typeof readingSchema>,
): Promise<void> {
  const { db } = services.database;
  await db
    .insert(papersRead)
    .values({ userId, paper: reading.paper, page: reading.page })
    .onConflictDoUpdate({
      target: [papersRead.userId, papersRead.paper],
      set: { page: reading.page, openedAt: sql`now()` },
    });
  const newest = db
    .select({ paper: papersRead.paper })
    .from(papersRead)
    .where(eq(papersRead.userId, userId))
    .orderBy(desc(papersRead.openedAt))
    .limit(READING_KEEP);
  await db.delete(papersRead).where(and(eq(papersRead.userId, userId), notInArray(papersRead.paper, newest)));
}

/** The page the student last read of a paper, on any device; null when they never opened it signed in. */
export async function pageRead(
  services: Pick<Services, "database">,
  userId: string,
  paperKey: string,
): Promise<number | null> {
  const [row] = await services.database.db
    .select({ page: papersRead.page })
    .from(papersRead)
    .where(and(eq(papersRead.userId, userId), eq(papersRead.paper, paperKey)))
    .limit(1);
  return row?.page ?? null;
}

/** The account's papers, newest first: what "Download my data" gives, and what the lists of papers opened last read. */
export async function readingOf(services: Pick<Services, "database">, userId: string, limit = READING_KEEP) {
  return services.database.db
    .select({ paper: papersRead.paper, page: papersRead.page, openedAt: papersRead.openedAt })
    .from(papersRead)
    .where(eq(papersRead.userId, userId))
    .orderBy(desc(papersRead.openedAt))
    .limit(limit);
}
