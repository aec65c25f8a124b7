/**
 * The words a paper prints around its questions (Q.1, Time, Total Marks, Answer, marks, page numbers) in each of
 * the papers' languages, and its digits: Marathi and Sanskrit papers write Devanagari digits.
 */
import type { ModelPaper } from "../../domain/model-papers.ts";

type Language = ModelPaper["language"];

export interface Wording {
  /** `Q.1`, `प्र. १`. */
  question: (n: string) => string;
  /** Width of the question-number column (Typst length). */
  questionWidth: string;
  time: string;
  duration: (minutes: number) => string;
  totalMarks: string;
  instructions: string;
  modelAnswers: string;
  answer: string;
  marking: string;
  /** Where an answer figure was already shown for an earlier item. */
  seeFigure: string;
  marks: (n: number) => string;
  /** Marks on the right of a section line. */
  bracket: (marks: string) => string;
  page: string;
  /** Western digits, or Devanagari digits for Marathi and Sanskrit (as those papers write them). */
  devanagariDigits: boolean;
}

export const WORDING: Record<Language, Wording> = {
  en: {
    question: (n) => `Q.${n}`,
    questionWidth: "2.9em",
    time: "Time",
    duration: (minutes) => hours(minutes, "Hour", "Hours", (m) => `${m} Minutes`),
    totalMarks: "Total Marks",
    instructions: "General Instructions:",
    modelAnswers: "Model Answers",
    answer: "Answer:",
    marking: "Marking:",
    seeFigure: "(See the figure above.)",
    marks: (n) => `${formatMarks(n)} ${n > 1 ? "marks" : "mark"}`,
    bracket: (m) => `[${m}]`,
    page: "Page",
    devanagariDigits: false,
  },
  mr: {
    question: (n) => `प्र. ${n}`,
    questionWidth: "3.1em",
    time: "वेळ",
    duration: (minutes) => hours(minutes, "तास", "तास", (m) => `${m} मिनिटे`),
    totalMarks: "एकूण गुण",
    instructions: "सूचना :",
    modelAnswers: "आदर्श उत्तरे",
    answer: "उत्तर :",
    marking: "गुणदान :",
    seeFigure: "(वरील आकृती पाहा.)",
    marks: (n) => `${formatMarks(n)} गुण`,
    bracket: (m) => `(${m})`,
    page: "पृष्ठ",
    devanagariDigits: true,
  },
  hi: {
    question: (n) => `प्र. ${n}`,
    questionWidth: "3.1em",
    time: "समय",
    duration: (minutes) => hours(minutes, "घंटा", "घंटे", (m) => `${m} मिनट`),
    totalMarks: "पूर्णांक",
    instructions: "सूचनाएँ :",
    modelAnswers: "आदर्श उत्तर",
    answer: "उत्तर :",
    marking: "अंक-विभाजन :",
    seeFigure: "(ऊपर दी गई आकृति देखिए।)",
    marks: (n) => `${formatMarks(n)} अंक`,
    bracket: (m) => `(${m})`,
    page: "पृष्ठ",
    devanagariDigits: false,
  },
  sa: {
    question: (n) => `प्रश्नः ${n}`,
    questionWidth: "4.4em",
    time: "समयः",
    duration: (minutes) => hours(minutes, "होरा", "होराः", (m) => `${m} निमेषाः`),
    totalMarks: "पूर्णाङ्काः",
    instructions: "सूचनाः",
    modelAnswers: "आदर्शोत्तराणि",
    answer: "उत्तरम् :",
    marking: "गुणदानम् :",
    seeFigure: "(उपरि दत्तं चित्रं पश्यत।)",
    marks: (n) => `${formatMarks(n)} ${n === 1 || n < 1 ? "गुणः" : n === 2 ? "गुणौ" : "गुणाः"}`,
    bracket: (m) => `(${m})`,
    page: "पृष्ठम्",
    devanagariDigits: true,
  },
};

function hours(minutes: number, one: string, many: string, rest: (m: number) => string): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (m === 30 && h > 0) return `${h}½ ${many}`;
  const parts = [];
  if (h > 0) parts.push(`${h} ${h === 1 ? one : many}`);
  if (m > 0) parts.push(rest(m));
  return parts.join(" ");
}

/** 4 → "4", 0.5 → "½", 2.5 → "2½". */
export function formatMarks(n: number): string {
  const whole = Math.floor(n);
  const half = Math.abs(n - whole - 0.5) < 1e-9;
  if (half) return whole === 0 ? "½" : `${whole}½`;
  return String(Math.round(n * 100) / 100);
}

export const DEVANAGARI_DIGITS = "०१२३४५६७८९";

export function localDigits(text: string, wording: Wording): string {
  return wording.devanagariDigits ? text.replace(/[0-9]/g, (d) => DEVANAGARI_DIGITS[Number(d)] ?? d) : text;
}
