import { basePath, type Locale, localeFromPath } from "./i18n.ts";

/**
 * The twelve SSC subjects. This list is the single source for routes, the API,
 * the footer and the tests: add or rename a subject here and nowhere else.
 */
export const SUBJECT_KEYS = [
  "english",
  "hindi_full",
  "hindi_half",
  "sanskrit_full",
  "sanskrit_half",
  "marathi",
  "history_and_political_science",
  "geography",
  "math_1",
  "math_2",
  "science_1",
  "science_2",
] as const;

export type SubjectKey = (typeof SUBJECT_KEYS)[number];

export interface Subject {
  /** API key, as in spec §3 (`math_1`). */
  key: SubjectKey;
  /** Route slug: `/maharashtra-board-${slug}-question-papers`. */
  slug: string;
  /** Display name exactly as the spec's subject page header list. */
  name: string;
  /** Name in Marathi, shown beside the display name. */
  nameMr: string;
  /** Used in download file names (`...-Algebra-Question-Paper.pdf`). */
  fileLabel: string;
  /** A language paper: the same paper serves every medium. */
  language: boolean;
  /** Usual board pattern for the written paper; the catalogue row is the truth for a given paper. */
  marks: number;
  durationMinutes: number;
}

export const SUBJECTS: readonly Subject[] = [
  {
    key: "english",
    language: true,
    slug: "english",
    name: "English",
    nameMr: "इंग्रजी",
    fileLabel: "English",
    marks: 80,
    durationMinutes: 180,
  },
  {
    key: "hindi_full",
    language: true,
    slug: "hindi-full",
    name: "Hindi(Full)",
    nameMr: "हिंदी (संपूर्ण)",
    fileLabel: "Hindi-Full",
    marks: 80,
    durationMinutes: 180,
  },
  {
    key: "hindi_half",
    language: true,
    slug: "hindi-half",
    name: "Hindi(Half)",
    nameMr: "हिंदी (संयुक्त)",
    fileLabel: "Hindi-Composite",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "sanskrit_full",
    language: true,
    slug: "sanskrit-full",
    name: "Sanskrit(Full)",
    nameMr: "संस्कृत (संपूर्ण)",
    fileLabel: "Sanskrit-Full",
    marks: 80,
    durationMinutes: 180,
  },
  {
    key: "sanskrit_half",
    language: true,
    slug: "sanskrit-half",
    name: "Sanskrit(Half)",
    nameMr: "संस्कृत (संयुक्त)",
    fileLabel: "Sanskrit-Composite",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "marathi",
    language: true,
    slug: "marathi",
    name: "Marathi",
    nameMr: "मराठी",
    fileLabel: "Marathi",
    marks: 80,
    durationMinutes: 180,
  },
  {
    key: "history_and_political_science",
    language: false,
    slug: "history-and-political-science",
    name: "History and Political Science",
    nameMr: "इतिहास आणि राज्यशास्त्र",
    fileLabel: "History-and-Political-Science",
    marks: 60,
    durationMinutes: 120,
  },
  {
    key: "geography",
    language: false,
    slug: "geography",
    name: "Geography",
    nameMr: "भूगोल",
    fileLabel: "Geography",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "math_1",
    language: false,
    slug: "math-1",
    name: "Mathematics 1",
    nameMr: "गणित भाग 1",
    fileLabel: "Algebra",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "math_2",
    language: false,
    slug: "math-2",
    name: "Mathematics 2",
    nameMr: "गणित भाग 2",
    fileLabel: "Geometry",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "science_1",
    language: false,
    slug: "science-1",
    name: "Science and Technology 1",
    nameMr: "विज्ञान आणि तंत्रज्ञान भाग 1",
    fileLabel: "Science-and-Technology-1",
    marks: 40,
    durationMinutes: 120,
  },
  {
    key: "science_2",
    language: false,
    slug: "science-2",
    name: "Science and Technology 2",
    nameMr: "विज्ञान आणि तंत्रज्ञान भाग 2",
    fileLabel: "Science-and-Technology-2",
    marks: 40,
    durationMinutes: 120,
  },
];

export function subjectPath(subject: Pick<Subject, "slug">): string {
  return `/maharashtra-board-${subject.slug}-question-papers`;
}

export function footerLabel(subject: Pick<Subject, "name">): string {
  return `${subject.name} SSC`;
}

export function isSubjectKey(value: unknown): value is SubjectKey {
  return typeof value === "string" && (SUBJECT_KEYS as readonly string[]).includes(value);
}

export function subjectByKey(key: SubjectKey): Subject {
  const subject = SUBJECTS.find((s) => s.key === key);
  if (!subject) throw new Error(`Unknown subject key ${key}`);
  return subject;
}

export function subjectBySlug(slug: string): Subject | undefined {
  return SUBJECTS.find((s) => s.slug === slug);
}

/** What the path of a subject page, or of a model paper's page under it, names. */
export interface SubjectPagePath {
  subject: Subject;
  /** A model paper's page: the paper id in its path. Whether such a paper exists is for the page's loader to say. */
  paperId?: string;
  locale: Locale;
}

const SUBJECT_BY_PATH = new Map(SUBJECTS.map((subject) => [subjectPath(subject), subject]));

/**
 * The subject page (`/maharashtra-board-math-1-question-papers`) or model paper page (`…/math-1-model-1`) a path
 * is, in either language (`/mr/…`); null for any other path. Exact, as the pages' loaders have always been: one of
 * the subjects' own paths, in its letter case, with no trailing slash, and at most one segment after it.
 */
export function parseSubjectPath(pathname: string): SubjectPagePath | null {
  const path = basePath(pathname);
  const slash = path.indexOf("/", 1);
  const subject = SUBJECT_BY_PATH.get(slash < 0 ? path : path.slice(0, slash));
  if (!subject) return null;
  const locale = localeFromPath(pathname);
  if (slash < 0) return { subject, locale };
  const paperId = path.slice(slash + 1);
  return paperId && !paperId.includes("/") ? { subject, paperId, locale } : null;
}
