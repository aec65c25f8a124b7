import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** PostgreSQL bytea as a Buffer (postgres-js) or Uint8Array (PGlite). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

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
    /**
     * Site operator (issue 15): only `npm run admin:create` sets it, never sign-up. Kept apart from
     * `role`, which says who the person is (student, parent, teacher) and stays 1-3.
     */
    admin: boolean("admin").notNull().default(false),
    /**
     * The account's language (issue 26): `en` or `mr`, from the page it signed up on and the language switch
     * while signed in; the emails to the account are in it. Null for accounts from before.
     */
    locale: text("locale"),
    /**
     * The medium the student last chose while signed in (issue 26, decision 029), given to each new device at
     * sign-in as its `medium` cookie, so that the listings follow the student. Null until one is chosen.
     */
    medium: text("medium"),
    /** The student's own exam date ("YYYY-MM-DD", issue 27 §3); null follows the year's date in `exam_dates`. */
    examDay: text("exam_day"),
    /**
     * The account's answer to "Are you under 18?" (decision 028, amended 2026-11-29): `adult` or `minor`, and when it
     * was given. Null when unknown (an API sign-up without `under_18`, an account from before): such an account is
     * asked once before anything else (`/age`).
     */
    ageGroup: text("age_group"),
    ageDeclaredAt: timestamp("age_declared_at", { withTimezone: true }),
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

/**
 * Devices that signed in to an account (OWASP's "device cookies", decision 004): a sign-in from one of them is
 * limited on its own, so that strangers' wrong guesses never lock the owner out. Only the cookie's hash is kept.
 */
export const loginDevices = pgTable(
  "login_devices",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_devices_user_idx").on(t.userId)],
);

/**
 * Password-reset links (issue 26): 256 random bits in the emailed link, of which only the sha256 is kept. A link
 * lasts 30 minutes and works once; using one removes every link of the account.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);

/**
 * A new email waiting for its confirmation (issue 26): the link sent to the new address carries 256 random bits,
 * of which only the sha256 is kept; it lasts 24 hours and works once. The account keeps its email until then.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    newEmail: text("new_email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId)],
);

/**
 * A parent's consent for the account of someone under 18 (issue 26, decision 028; DPDP Act s.9, Rules rule 10).
 * A row without `givenAt` is an account waiting for consent: it cannot sign in, holds only what sign-up asked,
 * and is deleted 7 days after `requestedAt`. The emailed link's 256 random bits are kept only as a sha256, until
 * the parent answers. An account without a row was made by someone who said they are 18 or older, or before
 * this existed.
 */
export const parentalConsents = pgTable(
  "parental_consents",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    parentEmail: text("parent_email").notNull(),
    tokenHash: text("token_hash"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the link was last mailed: a sign-in attempt mails it again at most once in 10 minutes. */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** How many consent emails went out (the first, re-sends at sign-in, changes of address): at most CONSENT_MAX_SENDS. */
    sends: integer("sends").notNull().default(1),
    givenAt: timestamp("given_at", { withTimezone: true }),
    /** The notice the parent agreed to (domain/consent.ts's CONSENT_NOTICE_VERSION). */
    noticeVersion: text("notice_version"),
    /** The parent's own account, which sees the child's progress and can withdraw; null if it was deleted. */
    parentUserId: text("parent_user_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("parental_consents_token_idx").on(t.tokenHash),
    index("parental_consents_parent_idx").on(t.parentUserId),
    index("parental_consents_requested_idx").on(t.requestedAt),
  ],
);

/**
 * The papers a student opened last, with the page they read (issue 26, decision 029): the viewer reopens a
 * paper there on any device, and the home and progress pages list the newest. Only the student's own reading:
 * at most 50 rows per account (the oldest go on each write: server/reading), and they go with the account.
 */
export const papersRead = pgTable(
  "papers_read",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The PDF's path on this site, as the viewer opens it: `/papers/<id>/question.pdf` or `solution.pdf`. */
    paper: text("paper").notNull(),
    page: integer("page").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.paper] })],
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
    /** Set when an admin retires the paper: hidden from listings, its PDFs answer 404, its files stay. */
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    /** The admin who changed the row last; null for the import CLI and the sample generator. */
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
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
  /** Retired by an admin: hidden from listings and practice, PDFs 404; the content file stays. */
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
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
    /**
     * Item id → the indices of the marking points the student ticked (issue 27 §1). The item's mark is their sum
     * (in `marks`); the points not ticked are what the mistake notebook shows as missed.
     */
    points: jsonb("points").$type<Record<string, number[]>>().notNull().default({}),
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

/**
 * Paper files in PostgreSQL when DATABASE_URL is set (issue 15), so that every instance serves every
 * file. Content-addressed like the folder store; the bytes are split into fixed-size chunks so that a
 * range request reads only the chunks it covers, and a 50 MB file never travels as one value.
 */
/**
 * The mistake notebook and its spaced review (issue 27, decision 030): one card per item a student marked below
 * full marks or flagged. The schedule (`dueDay`, `gapDays`, `fullReviews`, `lastReviewDay`) is
 * domain/review-schedule.ts's `ReviewCard`; a card is deleted when the item leaves the notebook. `itemKey` is
 * `<paper id>:<item id>`.
 */
export const reviewCards = pgTable(
  "review_cards",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemKey: text("item_key").notNull(),
    subject: text("subject").notNull(),
    chapter: text("chapter").notNull(),
    addedDay: text("added_day").notNull(),
    dueDay: text("due_day").notNull(),
    gapDays: integer("gap_days").notNull(),
    fullReviews: smallint("full_reviews").notNull().default(0),
    lastReviewDay: text("last_review_day"),
    /** Indices of the marking points missed the last time (none for an item only flagged). */
    missed: jsonb("missed").$type<number[]>().notNull().default([]),
    /** Put in by the student's flag rather than by marks. */
    flagged: boolean("flagged").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.itemKey] }), index("review_cards_due_idx").on(t.userId, t.dueDay)],
);

/** The SSC exam's first day for each year's exam, as an admin sets it in the console (issue 27 §3). */
export const examDates = pgTable("exam_dates", {
  year: smallint("year").primaryKey(),
  /** "YYYY-MM-DD", India's calendar. */
  day: text("day").notNull(),
  updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paperFiles = pgTable("paper_files", {
  sha256: text("sha256").primaryKey(),
  size: bigint("size", { mode: "number" }).notNull(),
  chunkSize: integer("chunk_size").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const paperFileChunks = pgTable(
  "paper_file_chunks",
  {
    sha256: text("sha256")
      .notNull()
      .references(() => paperFiles.sha256, { onDelete: "cascade" }),
    /** 0-based chunk number: bytes n*chunkSize .. (n+1)*chunkSize-1 of the file. */
    n: integer("n").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.n] })],
);

/**
 * The first page of a stored file as a WebP (issue 28, decision 033), a few tens of KB: one row, read whole.
 * Beside the file in the folder store; here when the files are in PostgreSQL.
 */
export const paperPreviews = pgTable("paper_previews", {
  sha256: text("sha256")
    .primaryKey()
    .references(() => paperFiles.sha256, { onDelete: "cascade" }),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every admin change (issue 15), written in the same transaction as the change. `before` and `after`
 * are the changed record as it was and as it became (null for a creation or a deletion).
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Null once the admin's account is deleted; `adminEmail` still says who it was. */
    adminId: text("admin_id").references(() => users.id, { onDelete: "set null" }),
    adminEmail: text("admin_email").notNull(),
    /** e.g. paper.upload, paper.replace, paper.retire, paper.restore, year-note.update, report.status */
    action: text("action").notNull(),
    /** The paper concerned, when there is one (official, sample or model id). */
    paperId: text("paper_id"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [index("audit_log_paper_idx").on(t.paperId, t.at), index("audit_log_admin_idx").on(t.adminId, t.at)],
);

/** "Report a problem" on a paper (issue 15): from anyone, signed in or not. */
export const problemReports = pgTable(
  "problem_reports",
  {
    id: text("id").primaryKey(),
    paperId: text("paper_id").notNull(),
    /** wrong-paper | pages | solution | other */
    reason: text("reason").notNull(),
    /** For model papers: the question it concerns, e.g. "Q2(A)(1)". */
    question: text("question"),
    /** At most 1,000 characters, stored as typed and escaped wherever it is shown. */
    message: text("message"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** open | fixed | wont-fix */
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("problem_reports_status_idx").on(t.status, t.createdAt),
    index("problem_reports_paper_idx").on(t.paperId),
  ],
);

/**
 * What happened to the SSC exam in a year, shown under that year's papers; editable by admins
 * (issue 15). The migration that created it seeded the notes from shared/board-patterns.md.
 */
export const yearNotes = pgTable(
  "year_notes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    year: smallint("year").notNull(),
    /** Null: every subject. */
    subjects: text("subjects").array(),
    text: text("text").notNull(),
    /** The Marathi pages' text; the English one is shown when it is null. */
    textMr: text("text_mr"),
    updatedBy: text("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("year_notes_year_idx").on(t.year)],
);

/** PostgreSQL tsvector; only the database writes it (generated columns). */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Every column of a search document, weighted: the title (and its Marathi title) A, keywords (chapter, subject
 * and session names) B, the text C, a question's answer D. One expression per text search configuration.
 */
function searchVector(config: "english" | "search_simple") {
  const part = (text: string, weight: string) => `setweight(to_tsvector('${config}'::regconfig, ${text}), '${weight}')`;
  return sql.raw(
    [
      part(`"title" || ' ' || coalesce("title_mr", '')`, "A"),
      part(`"keywords"`, "B"),
      part(`"body"`, "C"),
      part(`"extra"`, "D"),
    ].join(" || "),
  );
}

/**
 * The site search's index (issue 16, decision 015): one row per subject, model-paper question, article and
 * official or sample paper, rebuilt from the content files and the catalogue at start-up and after admin
 * changes. `hash` lets a rebuild skip unchanged rows. English text is searched with the `english`
 * configuration (word forms), all text with `search_simple` (`simple` without English stop words; migration 0004).
 */
export const searchDocuments = pgTable(
  "search_documents",
  {
    /** `subject:math_1`, `question:math-1-model-1:q1a2`, `article:mr:<slug>`, `paper:<paper id>`. */
    id: text("id").primaryKey(),
    /** subject | question | article | paper */
    kind: text("kind").notNull(),
    /** Language of the text: en, mr, hi or sa. */
    lang: text("lang").notNull(),
    title: text("title").notNull(),
    /** The title Marathi pages show, when it differs (subjects, papers). */
    titleMr: text("title_mr"),
    context: text("context"),
    contextMr: text("context_mr"),
    /** The English page's path, and the Marathi page's (the same path when the page exists in one language). */
    url: text("url").notNull(),
    urlMr: text("url_mr").notNull(),
    keywords: text("keywords").notNull().default(""),
    body: text("body").notNull().default(""),
    extra: text("extra").notNull().default(""),
    /** Official or sample paper: hidden while the `papers` row is retired (checked at query time). */
    paperId: text("paper_id"),
    /** Model-paper question: hidden while the model paper is retired. */
    modelPaperId: text("model_paper_id"),
    /** Order among equals (a paper's questions in print order, subjects in the site's order). */
    position: integer("position").notNull().default(0),
    /** sha256 of everything above: a rebuild rewrites only changed rows. */
    hash: text("hash").notNull(),
    tsvEn: tsvector("tsv_en").generatedAlwaysAs(searchVector("english")),
    tsvSimple: tsvector("tsv_simple").generatedAlwaysAs(searchVector("search_simple")),
  },
  (t) => [
    index("search_documents_en_idx").using("gin", t.tsvEn),
    index("search_documents_simple_idx").using("gin", t.tsvSimple),
  ],
);

/**
 * Every word of the index once (from `ts_stat`): what a misspelt query word is compared with, by trigrams in
 * memory (server/search/lexicon.server.ts).
 */
export const searchWords = pgTable("search_words", { word: text("word").primaryKey() });

/**
 * "Ask for this paper" (issue 25 §5): how many times students asked for a board paper that is not on the site
 * yet, per slot and medium. Only a count: nothing about who asked.
 */
export const paperRequests = pgTable(
  "paper_requests",
  {
    subject: text("subject").notNull(),
    medium: text("medium").notNull(),
    year: integer("year").notNull(),
    /** march | july */
    session: text("session").notNull(),
    count: integer("count").notNull().default(0),
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subject, t.medium, t.year, t.session] })],
);
