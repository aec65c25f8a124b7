/**
 * The year notes (what happened to the SSC exam in a year, shown under that year's papers), kept in the
 * database so that admins can edit them (issue 15). The migration that made the table seeded it with the
 * notes that used to live in the code, in English and Marathi.
 */
import { asc, eq } from "drizzle-orm";
import type { YearNoteInput, YearNoteRow } from "../../domain/admin.ts";
import type { Locale } from "../../domain/i18n.ts";
import type { SubjectKey } from "../../domain/subjects.ts";
import { createCache } from "../cache/cache.server.ts";
import type { Database, Db } from "../db/client.server.ts";
import { users, yearNotes } from "../db/schema.ts";
import { HttpError } from "../http/respond.server.ts";
import type { Services } from "../services.server.ts";
import { writeAudit } from "./audit.server.ts";
import type { AdminUser } from "./auth.server.ts";
import { afterCatalogueChange } from "./changes.server.ts";

type Note = typeof yearNotes.$inferSelect;

/**
 * How long one read of the notes serves every subject page: like the paper listing (decision 006), an
 * edit made on another instance shows within seconds, and a busy subject page costs no query per request.
 */
export const YEAR_NOTES_TTL_MS = 2000;

const notes = createCache<Database, Note[]>({
  name: "year notes",
  madeFrom: ["catalogue"],
  max: 1,
  ttlMs: YEAR_NOTES_TTL_MS,
  load: (database) => database.db.select().from(yearNotes).orderBy(asc(yearNotes.year), asc(yearNotes.id)),
});

/**
 * The notes for a subject's year in the page's language, those for this subject before the general ones.
 * A Marathi page shows the Marathi text where there is one, the English text otherwise.
 */
export async function yearNotesFor(
  services: Pick<Services, "database">,
  year: number,
  subject: SubjectKey,
  locale: Locale,
): Promise<string[]> {
  const forYear = (await notes.fetch(services.database, "")).filter(
    (note) => note.year === year && (!note.subjects || note.subjects.includes(subject)),
  );
  const ordered = [...forYear.filter((n) => n.subjects), ...forYear.filter((n) => !n.subjects)];
  return ordered.map((note) => (locale === "mr" && note.textMr ? note.textMr : note.text));
}

/** Every note for the console, by year, with who changed it last. */
export async function listYearNotes(services: Pick<Services, "database">): Promise<YearNoteRow[]> {
  const rows = await services.database.db
    .select({ note: yearNotes, name: users.name, email: users.email })
    .from(yearNotes)
    .leftJoin(users, eq(users.id, yearNotes.updatedBy))
    .orderBy(asc(yearNotes.year), asc(yearNotes.id));
  return rows.map(({ note, name, email }) => ({
    ...auditFields(note),
    id: note.id,
    updatedAt: note.updatedAt.toISOString(),
    updatedBy: name !== null && email !== null ? { name, email } : null,
  }));
}

/** What the audit log keeps of a note. */
function auditFields(note: Note) {
  return { year: note.year, subjects: note.subjects, text: note.text, textMr: note.textMr };
}

async function findNote(tx: Db, id: number): Promise<Note> {
  const [note] = Number.isSafeInteger(id) ? await tx.select().from(yearNotes).where(eq(yearNotes.id, id)).limit(1) : [];
  if (!note) throw new HttpError(404, "No such year note");
  return note;
}

async function noteRow(services: Pick<Services, "database">, id: number): Promise<YearNoteRow> {
  const row = (await listYearNotes(services)).find((note) => note.id === id);
  if (!row) throw new HttpError(404, "No such year note");
  return row;
}

/** `input` has passed yearNoteInputSchema (domain/admin.ts). */
export async function createYearNote(
  services: Pick<Services, "database">,
  admin: AdminUser,
  input: YearNoteInput,
): Promise<YearNoteRow> {
  const id = await services.database.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(yearNotes)
      .values({ ...input, updatedBy: admin.id })
      .returning();
    if (!note) throw new Error("year note was not inserted");
    await writeAudit(tx as unknown as Db, admin, {
      action: "year-note.create",
      before: null,
      after: auditFields(note),
    });
    return note.id;
  });
  afterCatalogueChange(services);
  return noteRow(services, id);
}

export async function updateYearNote(
  services: Pick<Services, "database">,
  admin: AdminUser,
  id: number,
  input: YearNoteInput,
): Promise<YearNoteRow> {
  await services.database.db.transaction(async (tx) => {
    const before = await findNote(tx as unknown as Db, id);
    const [after] = await tx
      .update(yearNotes)
      .set({ ...input, updatedBy: admin.id, updatedAt: new Date() })
      .where(eq(yearNotes.id, id))
      .returning();
    if (!after) throw new HttpError(404, "No such year note");
    await writeAudit(tx as unknown as Db, admin, {
      action: "year-note.update",
      before: auditFields(before),
      after: auditFields(after),
    });
  });
  afterCatalogueChange(services);
  return noteRow(services, id);
}

export async function deleteYearNote(
  services: Pick<Services, "database">,
  admin: AdminUser,
  id: number,
): Promise<void> {
  await services.database.db.transaction(async (tx) => {
    const before = await findNote(tx as unknown as Db, id);
    await tx.delete(yearNotes).where(eq(yearNotes.id, id));
    await writeAudit(tx as unknown as Db, admin, {
      action: "year-note.delete",
      before: auditFields(before),
      after: null,
    });
  });
  afterCatalogueChange(services);
}
