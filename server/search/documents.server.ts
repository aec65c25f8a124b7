/**
 * What the site search finds (issue 16), as plain rows for the `search_documents` table: the subjects, every
 * model-paper question, the articles in both languages and the catalogue's papers. Pure functions of the
 * content and the catalogue rows, so that a rebuild can hash each row and skip the unchanged ones.
 */
import { createHash } from "node:crypto";
import { EXAM_SESSIONS, type ExamSession, MEDIUM_NAMES, MEDIUMS, type Medium } from "../../domain/catalog.ts";
import { localizePath } from "../../domain/i18n.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { splitItemNumber } from "../../domain/model-papers.ts";
import type { SearchHitLang, SearchKind } from "../../domain/search.ts";
import { SUBJECTS, type Subject, type SubjectKey, subjectByKey, subjectPath } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import type { Article } from "../content/articles.server.ts";
import { modelPaperPath } from "../model-papers/catalog.server.ts";
import { texToText } from "./tex-text.server.ts";

export interface SearchDocument {
  id: string;
  kind: SearchKind;
  lang: SearchHitLang;
  title: string;
  titleMr: string | null;
  context: string | null;
  contextMr: string | null;
  url: string;
  urlMr: string;
  keywords: string;
  body: string;
  extra: string;
  paperId: string | null;
  modelPaperId: string | null;
  position: number;
}

/**
 * Other names students type for a subject: the textbooks' names (Algebra, Geometry), short forms, and the
 * Marathi and Hindi words for them. Searched as keywords, never shown.
 */
const SUBJECT_ALIASES: Record<SubjectKey, string> = {
  english: "English language इंग्लिश अंग्रेजी",
  hindi_full: "Hindi full Lokbharati लोकभारती हिंदी संपूर्ण",
  hindi_half: "Hindi half composite Lokvani लोकवाणी हिंदी संयुक्त",
  sanskrit_full: "Sanskrit full Amod आमोदः संस्कृतम् सम्पूर्णम्",
  sanskrit_half: "Sanskrit half composite Anand आनन्दः संस्कृतम् संयुक्तम्",
  marathi: "Marathi first language Kumarbharati कुमारभारती मराठी",
  history_and_political_science: "History Political Science Civics इतिहास राज्यशास्त्र",
  geography: "Geography भूगोल",
  math_1: "Maths Mathematics Math part 1 Algebra बीजगणित गणित",
  math_2: "Maths Mathematics Math part 2 Geometry भूमिती गणित",
  science_1: "Science part 1 Physics Chemistry विज्ञान भौतिकशास्त्र रसायनशास्त्र",
  science_2: "Science part 2 Biology Environment विज्ञान जीवशास्त्र पर्यावरण",
};

const SESSION_NAMES_MR: Record<ExamSession, string> = { march: "मार्च", july: "जुलै" };
const SESSION_NAMES: Record<ExamSession, string> = { march: "March", july: "July" };
const MEDIUM_NAMES_MR: Record<Medium, string> = { english: "इंग्रजी", marathi: "मराठी", semi_english: "सेमी इंग्रजी" };

/** Model papers and the pages of both languages exist under `/mr` too. */
function both(path: string): Pick<SearchDocument, "url" | "urlMr"> {
  return { url: path, urlMr: localizePath(path, "mr") };
}

export function subjectDocuments(): SearchDocument[] {
  return SUBJECTS.map((subject, position) => ({
    id: `subject:${subject.key}`,
    kind: "subject",
    lang: "en",
    title: subject.name,
    titleMr: subject.nameMr,
    context: "Question papers, solutions and model papers",
    contextMr: "प्रश्नपत्रिका, उत्तरे आणि नमुना प्रश्नपत्रिका",
    ...both(subjectPath(subject)),
    keywords: `${SUBJECT_ALIASES[subject.key]} ${subject.fileLabel.replaceAll("-", " ")} question papers प्रश्नपत्रिका`,
    body: "",
    extra: "",
    paperId: null,
    modelPaperId: null,
    position,
  }));
}

/**
 * A model paper's Markdown and TeX as plain, readable text (decision 015): the maths as a student reads it
 * ("x² + 5x + 6 = 0", "(a+b)/2", "Σ fᵢxᵢ = 2400", see tex-text.server.ts), Markdown's marks gone, its words and
 * numbers kept.
 */
export function plainText(source: string): string {
  // Maths and the text around it take turns: odd pieces are what was between `$…$` or `$$…$$`.
  const pieces = source.split(/\$\$([\s\S]*?)\$\$|\$((?:\\.|[^$\\])+)\$/);
  let text = "";
  for (let i = 0; i < pieces.length; i += 3) {
    text += ` ${markdownWords(pieces[i] ?? "")} `;
    const maths = pieces[i + 1] ?? pieces[i + 2];
    if (maths !== undefined) text += ` ${texToText(maths)} `;
  }
  return (
    text
      .replace(/\s+/g, " ")
      // The spaces around a formula, before the punctuation that follows it and inside brackets: "= 0, what".
      .replace(/ (?=[,.;:?!)\]])|(?<=[([]) /g, "")
      .trim()
  );
}

/** Markdown outside maths: links keep their text; images, emphasis, headings, quotes and table rules go. */
function markdownWords(markdown: string): string {
  return (
    markdown
      .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      // A TeX command outside maths (none is meant to be there) goes too.
      .replace(/\\[a-zA-Z]+|[*#>|`~]+/g, " ")
      .replace(/(?<=\s|^)[-:]{3,}(?=\s|$)/g, " ")
  );
}

/** "Q.2 (A) (3)": where a question is, as the paper prints it (Devanagari papers: "प्र. 2 (A) (3)"). */
function questionLabel(paper: ModelPaper, number: string, section: string, item: string): string {
  const q = paper.language === "en" ? `Q.${number}` : `प्र. ${number}`;
  return `${q}${section ? ` (${section})` : ""} (${item})`;
}

export function questionDocuments(papers: readonly ModelPaper[]): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const paper of papers) {
    const subject = subjectByKey(paper.subject);
    const chapters = new Map(SYLLABUSES[paper.subject].chapters.map((chapter) => [chapter.id, chapter]));
    const path = modelPaperPath(paper);
    let position = 0;
    for (const question of paper.questions) {
      for (const section of question.sections) {
        section.items.forEach((item, index) => {
          const own = splitItemNumber(item.text);
          const chapter = chapters.get(item.chapter);
          // The chapter in the paper's language first (the context line), both names searchable.
          const chapterShown =
            paper.language === "mr" && chapter?.nameMr ? chapter.nameMr : (chapter?.name ?? item.chapter);
          const label = questionLabel(paper, question.number, section.label, own.number ?? String(index + 1));
          const body = [own.text, ...(item.options ?? [])].map(plainText).join(" · ");
          documents.push({
            id: `question:${paper.id}:${item.id}`,
            kind: "question",
            lang: paper.language,
            title: `${paper.title} · ${label}`,
            titleMr: null,
            context: `${paper.language === "mr" ? subject.nameMr : subject.name} · ${chapterShown}`,
            contextMr: `${subject.nameMr} · ${chapterShown}`,
            ...both(`${path}#${item.id}`),
            keywords: [chapter?.name, chapter?.nameMr, subject.name, subject.nameMr, question.heading]
              .filter(Boolean)
              .join(" · "),
            body,
            extra: plainText(item.answer),
            paperId: null,
            modelPaperId: paper.id,
            position: position++,
          });
        });
      }
    }
  }
  return documents;
}

/** Markdown to words: links keep their text; headings, emphasis, tables and images go. */
function markdownText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/[*_#>|`~]+/g, " ")
    .replace(/-{3,}/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

export function articleDocuments(articles: { en: readonly Article[]; mr: readonly Article[] }): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const locale of ["en", "mr"] as const) {
    articles[locale].forEach((article, position) => {
      documents.push({
        id: `article:${locale}:${article.slug}`,
        kind: "article",
        lang: locale,
        title: article.title,
        titleMr: null,
        context: article.date,
        contextMr: article.date,
        // Each article is a page in its own language only: the same address for every visitor.
        url: article.path,
        urlMr: article.path,
        keywords: article.description,
        body: markdownText(article.markdown),
        extra: "",
        paperId: null,
        modelPaperId: null,
        position,
      });
    });
  }
  return documents;
}

/** A catalogue row, as much of it as the search needs. */
export interface PaperRow {
  id: string;
  subject: string;
  year: number;
  session: string;
  mediums: string[];
  official: boolean;
}

function mediumsOf(row: PaperRow): Medium[] {
  return MEDIUMS.filter((medium) => row.mediums.includes(medium));
}

export function paperDocuments(rows: readonly PaperRow[]): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const row of rows) {
    const subject = SUBJECTS.find((s) => s.key === row.subject);
    if (!subject) continue;
    const session: ExamSession = (EXAM_SESSIONS as readonly string[]).includes(row.session)
      ? (row.session as ExamSession)
      : "march";
    const mediums = mediumsOf(row);
    const every = mediums.length === MEDIUMS.length;
    const mediumEn = every ? "" : ` (${mediums.map((m) => MEDIUM_NAMES[m]).join(", ")} medium)`;
    const mediumMr = every ? "" : ` (${mediums.map((m) => MEDIUM_NAMES_MR[m]).join(", ")} माध्यम)`;
    const kindEn = row.official ? "Board question paper" : "Sample paper, not an official board paper";
    const kindMr = row.official ? "बोर्डाची प्रश्नपत्रिका" : "नमुना प्रश्नपत्रिका, बोर्डाची अधिकृत नाही";
    const path = `${subjectPath(subject)}?paper=${encodeURIComponent(row.id)}&kind=question`;
    documents.push({
      id: `paper:${row.id}`,
      kind: "paper",
      lang: "en",
      title: `${subject.name}, ${SESSION_NAMES[session]} ${row.year}${mediumEn}`,
      titleMr: `${subject.nameMr}, ${SESSION_NAMES_MR[session]} ${row.year}${mediumMr}`,
      context: kindEn,
      contextMr: kindMr,
      ...both(path),
      keywords: [
        paperKeywords(subject),
        `${row.year} ${SESSION_NAMES[session]} ${SESSION_NAMES_MR[session]}`,
        mediums.map((m) => `${MEDIUM_NAMES[m]} ${MEDIUM_NAMES_MR[m]}`).join(" "),
        row.official ? "official board" : "sample",
      ].join(" · "),
      body: "",
      extra: "",
      paperId: row.id,
      modelPaperId: null,
      // Newest first among equally good matches.
      position: -(row.year * 10 + (session === "march" ? 1 : 0)),
    });
  }
  return documents;
}

function paperKeywords(subject: Subject): string {
  return `${SUBJECT_ALIASES[subject.key]} question paper प्रश्नपत्रिका`;
}

/** sha256 of a document: what a rebuild compares to skip unchanged rows. */
export function documentHash(document: SearchDocument): string {
  return createHash("sha256").update(JSON.stringify(document)).digest("hex");
}
