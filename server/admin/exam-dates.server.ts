/**
 * The SSC exam's first day for each season (issue 27 §3): the date a student's review of mistakes is spaced to,
 * unless they set their own on the profile. Set in the console, audit-logged in the same transaction.
 */
import { desc, eq } from "drizzle-orm";
import { indianDay } from "../../domain/i18n.ts";
import type { Db } from "../db/client.server.ts";
import { examDates } from "../db/schema.ts";
import type { Services } from "../services.server.ts";
import { writeAudit } from "./audit.server.ts";
import type { AdminUser } from "./auth.server.ts";

export async function listExamDates(services: Pick<Services, "database">) {
  return services.database.db.select().from(examDates).orderBy(desc(examDates.year)).limit(20);
}

/** A valid "YYYY-MM-DD" in February or March of `year`, the board's season; else why not. */
export function examDateProblem(year: number, day: string): string | null {
  if (!Number.isInteger(year) || year < 2020 || year > 2100) return "Choose the exam's year.";
  const parsed = new Date(`${day}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(parsed.getTime()) || indianDay(parsed) !== day) {
    return "Enter the date as YYYY-MM-DD.";
  }
  if (!day.startsWith(`${year}-02`) && !day.startsWith(`${year}-03`)) {
    return `The SSC exam starts in February or March of ${year}.`;
  }
  return null;
}

export async function setExamDate(services: Pick<Services, "database">, admin: AdminUser, year: number, day: string) {
  await services.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(examDates).where(eq(examDates.year, year)).limit(1);
    await tx
      .insert(examDates)
      .values({ year, day, updatedBy: admin.id })
      .onConflictDoUpdate({ target: examDates.year, set: { day, updatedBy: admin.id, updatedAt: new Date() } });
    await writeAudit(tx as unknown as Db, admin, {
      action: "exam-date.set",
      before: before ? { year, day: before.day } : null,
      after: { year, day },
    });
  });
}
