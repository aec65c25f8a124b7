import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** Always 12 digits, starting with the country code 91. */
    phone: text("phone").notNull(),
    passwordHash: text("password_hash").notNull(),
    /** 1 student, 2 parent, 3 teacher; null when not given. */
    role: smallint("role"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`), uniqueIndex("users_phone_idx").on(t.phone)],
);

export const sessions = pgTable(
  "sessions",
  {
    /** sha256 of the cookie token: a leaked table row cannot be replayed as a cookie. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const papers = pgTable(
  "papers",
  {
    id: text("id").primaryKey(),
    standard: smallint("standard").notNull(),
    subject: text("subject").notNull(),
    year: smallint("year").notNull(),
    session: text("session").notNull(),
    /** One file may serve several mediums: language papers are the same in every medium. */
    mediums: text("mediums").array().notNull(),
    marks: smallint("marks").notNull(),
    durationMinutes: smallint("duration_minutes").notNull(),
    questionSha256: text("question_sha256").notNull(),
    questionPages: integer("question_pages").notNull(),
    solutionSha256: text("solution_sha256"),
    solutionPages: integer("solution_pages"),
    /** Sample and model papers must never be shown as official. */
    official: boolean("official").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("papers_listing_idx").on(t.standard, t.subject, t.year)],
);

/**
 * PaperStation's own model papers (content/papers): their typeset PDFs in the file store. The text
 * itself is read from the content files; this row says which stored PDFs belong to which version of
 * the source, so that unchanged papers are not typeset again.
 */
export const modelPapers = pgTable("model_papers", {
  id: text("id").primaryKey(),
  subject: text("subject").notNull(),
  mediums: text("mediums").array().notNull(),
  title: text("title").notNull(),
  /** sha256 of the paper's source file, its figures and the typesetter: what the PDFs were made from. */
  sourceSha256: text("source_sha256").notNull(),
  questionSha256: text("question_sha256").notNull(),
  questionPages: integer("question_pages").notNull(),
  solutionSha256: text("solution_sha256").notNull(),
  solutionPages: integer("solution_pages").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const vitals = pgTable(
  "vitals",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    value: doublePrecision("value").notNull(),
    rating: text("rating").notNull(),
    route: text("route").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("vitals_created_idx").on(t.createdAt)],
);

/**
 * Timed practice on a model paper (issue 13). The attempt lives here from Start, so a reload, a closed
 * tab or a second device continue it; the clock follows `startedAt`/`deadlineAt`. An account's attempts
 * go with the account (ON DELETE CASCADE).
 */
export const practiceAttempts = pgTable(
  "practice_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paperId: text("paper_id").notNull(),
    subject: text("subject").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** Start plus the board duration plus the 10 minutes the board adds at the end. */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }).notNull(),
    /** Set by 'Finish' before the deadline; time up needs no write. */
    writingEndedAt: timestamp("writing_ended_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** True once 24 hours passed without a result: the attempt ended as "not finished". */
    ended: boolean("ended").notNull().default(false),
    /** Item id → "attempted" | "skipped", as marked while writing. */
    statuses: jsonb("statuses").$type<Record<string, string>>().notNull().default({}),
    /** Item id → marks the student gave themself. */
    marks: jsonb("marks").$type<Record<string, number>>().notNull().default({}),
    /** Set when finished: the score (domain/practice.ts) as it was then. */
    scored: doublePrecision("scored"),
    maxMarks: integer("max_marks"),
    result: jsonb("result"),
  },
  (t) => [
    index("practice_attempts_user_idx").on(t.userId, t.startedAt),
    // One open attempt per user and paper, even when two devices press Start at the same moment.
    uniqueIndex("practice_attempts_open_idx")
      .on(t.userId, t.paperId)
      .where(sql`${t.finishedAt} is null and ${t.ended} = false`),
  ],
);
