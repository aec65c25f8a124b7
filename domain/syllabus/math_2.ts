// domain/syllabus/math_2.ts
import type { SubjectSyllabus } from "../model-papers.ts";
import { syllabus as algebra } from "./math_1.ts";

/** Mathematics Part 2 (Geometry): chapters of the Std X textbook (2018) and the board's written-paper blueprint. */
export const syllabus: SubjectSyllabus = {
  subject: "math_2",
  language: "en",
  chapters: [
    { id: "similarity", name: "Similarity", nameMr: "समरूपता", weight: 10 },
    { id: "pythagoras-theorem", name: "Pythagoras Theorem", nameMr: "पायथागोरसचे प्रमेय", weight: 7 },
    { id: "circle", name: "Circle", nameMr: "वर्तुळ", weight: 12 },
    { id: "geometric-constructions", name: "Geometric Constructions", nameMr: "भौमितिक रचना", weight: 7 },
    { id: "co-ordinate-geometry", name: "Co-ordinate Geometry", nameMr: "निर्देशक भूमिती", weight: 7 },
    { id: "trigonometry", name: "Trigonometry", nameMr: "त्रिकोणमिती", weight: 7 },
    { id: "mensuration", name: "Mensuration", nameMr: "महत्त्वमापन", weight: 10 },
  ],
  blueprint: {
    subject: "math_2",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 60,
    durationMinutes: 120,
    inferred:
      "Q1 (A) and (B) are confirmed. Q2 to Q5 are inferred from the Algebra (math_1) paper, which has the same skeleton: " +
      "Q2 (A) activities any 2 of 3 x 2, (B) any 4 of 5 x 2; Q3 (A) activity any 1 of 2 x 3, (B) any 2 of 4 x 3; " +
      "Q4 any 2 of 3 x 4; Q5 any 1 of 2 x 3. Check against a published Geometry paper.",
    // Inferred from Algebra: the same questions, so a correction to the skeleton is one edit (math_1.ts).
    questions: algebra.blueprint.questions,
  },
};
