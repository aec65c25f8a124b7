/**
 * What happened to the SSC exam in a year, shown under that year's papers (from shared/board-patterns.md).
 * A note with `subjects` applies to those subjects only.
 */
import type { SubjectKey } from "./subjects.ts";

export interface YearNote {
  year: number;
  text: string;
  subjects?: readonly SubjectKey[];
}

export const YEAR_NOTES: readonly YearNote[] = [
  { year: 2018, text: "The last exam on the old syllabus; about 17.7 lakh students sat it." },
  {
    year: 2019,
    text: "The first exam on the new syllabus, with activity-based papers. Languages and social science had no internal marks that year, so those papers were out of 100.",
  },
  {
    year: 2020,
    text: "The Geography paper of 23 March was cancelled because of COVID-19; students got the average of their other papers.",
    subjects: ["geography"],
  },
  { year: 2020, text: "The 80/20 split of written and internal marks came back." },
  {
    year: 2021,
    text: "No written exam because of COVID-19: results came from class 9 and class 10 internal marks. A supplementary exam was held later in the year.",
  },
  {
    year: 2022,
    text: "Exams in the students' own schools, on a syllabus reduced by 25%, with 15 extra minutes for 40-60 mark papers and 30 for papers of 70 marks or more.",
  },
  {
    year: 2023,
    text: "Full syllabus again. Every paper now ends 10 minutes after its printed end time, and the paper is no longer handed out 10 minutes early.",
  },
  { year: 2024, text: "Exams in March; 95.81% of students passed." },
  { year: 2025, text: "Papers from 21 February to 17 March; about 16.1 lakh students registered and 94.10% passed." },
  { year: 2026, text: "Papers from 20 February to 18 March; about 16.15 lakh students registered." },
];

/** The notes for a subject's year, general ones last. */
export function yearNotes(year: number, subject: SubjectKey): string[] {
  const forYear = YEAR_NOTES.filter(
    (note) => note.year === year && (!note.subjects || note.subjects.includes(subject)),
  );
  return [...forYear.filter((n) => n.subjects), ...forYear.filter((n) => !n.subjects)].map((note) => note.text);
}
