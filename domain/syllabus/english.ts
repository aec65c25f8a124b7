// domain/syllabus/english.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * English (Kumarbharati, Std X, 2018): the textbook's four units as the source areas of the prose and poetry
 * questions, plus the skill areas of the paper, and the board's written-paper blueprint (80 marks, 3 hours).
 * PaperStation's papers use their own passages and poems "in the spirit of" each unit, never textbook extracts.
 */
export const syllabus: SubjectSyllabus = {
  subject: "english",
  language: "en",
  chapters: [
    { id: "unit-1", name: "Unit One (prose and poetry)", weight: 7.5 },
    { id: "unit-2", name: "Unit Two (prose and poetry)", weight: 7.5 },
    { id: "unit-3", name: "Unit Three (prose and poetry)", weight: 7.5 },
    { id: "unit-4", name: "Unit Four (prose and poetry)", weight: 7.5 },
    { id: "language-study", name: "Language Study (grammar and vocabulary)", weight: 15 },
    { id: "non-textual-passage-and-summary", name: "Non-textual Passage and Summary", weight: 15 },
    { id: "writing-skills", name: "Writing Skills", weight: 30 },
    { id: "creative-writing", name: "Creative Writing", weight: 15 },
  ],
  blueprint: {
    subject: "english",
    pattern: "Board pattern 2024-2026",
    marks: 80,
    marksWithOptions: 105,
    durationMinutes: 180,
    inferred:
      "Sections I-IV (Q1-Q4) follow the confirmed pattern. Section I's vocabulary part (Q1 B) is taken as any one of two items of 2 marks (Section I = 10 marks: 4 + 4 + 2), and the poetry comprehension (Q3 A) as three activities of 2, 2 and 1 marks. Sections V and VI are inferred: a secondary copy of the board's 2019-20 activity-sheet framework gives Section V as Q5 letter writing (formal or informal), Q6 (A) information transfer (non-verbal to verbal or verbal to non-verbal) and (B) views and counterviews or a speech, and Section VI as Q7 (A) expansion of a theme or a news report and (B) developing a story, 5 marks each (the copy prints 10 beside the letter, which does not fit the 80-mark total). This blueprint keeps those marks (Section V 15, Section VI 10) but numbers them as one question per section, Q5 (A) letter, any one of two (informal or formal); (B) information transfer, any one of two; (C) speech or views and counterviews, any one of two; Q6 creative writing, any two of three (expansion of ideas, news report, developing a story). The question numbering and the exact choices in Sections V and VI must be checked against a recent board paper.",
    questions: [
      {
        number: "1",
        heading: "Section I: Language Study",
        sections: [
          { label: "A1", kind: "Do as directed (any four)", of: 5, attempt: 4, marksEach: 1, halfMarks: true },
          { label: "A2", kind: "Do as directed (any two)", of: 3, attempt: 2, marksEach: 2 },
          { label: "B", kind: "Vocabulary (any one)", of: 2, attempt: 1, marksEach: 2, halfMarks: true },
        ],
      },
      {
        number: "2",
        heading: "Section II: Textual Passages",
        sections: [
          {
            label: "A",
            kind: "Read the extract and complete the activities",
            marks: 10,
            marksWithOptions: 10,
            halfMarks: true,
          },
          {
            label: "B",
            kind: "Read the extract and complete the activities",
            marks: 10,
            marksWithOptions: 10,
            halfMarks: true,
          },
        ],
      },
      {
        number: "3",
        heading: "Section III: Poetry",
        sections: [
          {
            label: "A",
            kind: "Read the poem and complete the activities",
            marks: 5,
            marksWithOptions: 5,
            halfMarks: true,
          },
          { label: "B", kind: "Appreciation of the poem", of: 1, attempt: 1, marksEach: 5 },
        ],
      },
      {
        number: "4",
        heading: "Section IV: Non-textual Passage",
        sections: [
          {
            label: "A",
            kind: "Read the passage and complete the activities",
            marks: 10,
            marksWithOptions: 10,
            halfMarks: true,
          },
          { label: "B", kind: "Summary of the passage", of: 1, attempt: 1, marksEach: 5 },
        ],
      },
      {
        number: "5",
        heading: "Section V: Writing Skills",
        sections: [
          { label: "A", kind: "Letter writing: informal or formal (any one)", of: 2, attempt: 1, marksEach: 5 },
          { label: "B", kind: "Information transfer (any one)", of: 2, attempt: 1, marksEach: 5 },
          {
            label: "C",
            kind: "Drafting a speech or views and counterviews (any one)",
            of: 2,
            attempt: 1,
            marksEach: 5,
            halfMarks: true,
          },
        ],
      },
      {
        number: "6",
        heading: "Section VI: Creative Writing",
        sections: [
          {
            label: "",
            kind: "Expansion of ideas, news report, developing a story (any two)",
            of: 3,
            attempt: 2,
            marksEach: 5,
          },
        ],
      },
    ],
  },
};
