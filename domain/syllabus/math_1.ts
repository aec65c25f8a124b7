// domain/syllabus/math_1.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/** Mathematics Part 1 (Algebra): chapters of the Std X textbook (2018) and the board's written-paper blueprint. */
export const syllabus: SubjectSyllabus = {
  subject: "math_1",
  language: "en",
  chapters: [
    {
      id: "linear-equations-in-two-variables",
      name: "Linear Equations in Two Variables",
      nameMr: "दोन चलांतील रेषीय समीकरणे",
      weight: 12,
    },
    { id: "quadratic-equations", name: "Quadratic Equations", nameMr: "वर्गसमीकरणे", weight: 12 },
    { id: "arithmetic-progression", name: "Arithmetic Progression", nameMr: "अंकगणिती श्रेढी", weight: 10 },
    { id: "financial-planning", name: "Financial Planning", nameMr: "अर्थनियोजन", weight: 8 },
    { id: "probability", name: "Probability", nameMr: "संभाव्यता", weight: 8 },
    { id: "statistics", name: "Statistics", nameMr: "सांख्यिकी", weight: 10 },
  ],
  blueprint: {
    subject: "math_1",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 60,
    durationMinutes: 120,
    inferred:
      "Q1 and Q2 are confirmed from the 2026 paper. Q3 (A) activity, any 1 of 2 x 3; Q3 (B) any 2 of 4 x 3; Q4 any 2 of 3 x 4 and Q5 any 1 of 2 x 3 (higher-order thinking) follow a detailed secondary table and still need checking against a published paper. Chapter weights are our estimate of the usual marks with options per chapter.",
    questions: [
      {
        number: "1",
        sections: [
          { label: "A", kind: "Multiple choice questions", of: 4, attempt: 4, marksEach: 1 },
          { label: "B", kind: "Solve the following questions", of: 4, attempt: 4, marksEach: 1 },
        ],
      },
      {
        number: "2",
        sections: [
          { label: "A", kind: "Complete any two activities", of: 3, attempt: 2, marksEach: 2, halfMarks: true },
          { label: "B", kind: "Solve any four", of: 5, attempt: 4, marksEach: 2, halfMarks: true },
        ],
      },
      {
        number: "3",
        sections: [
          { label: "A", kind: "Complete any one activity", of: 2, attempt: 1, marksEach: 3, halfMarks: true },
          { label: "B", kind: "Solve any two", of: 4, attempt: 2, marksEach: 3, halfMarks: true },
        ],
      },
      {
        number: "4",
        sections: [{ label: "", kind: "Solve any two", of: 3, attempt: 2, marksEach: 4, halfMarks: true }],
      },
      {
        number: "5",
        sections: [
          {
            label: "",
            kind: "Solve any one (higher-order thinking)",
            of: 2,
            attempt: 1,
            marksEach: 3,
            halfMarks: true,
          },
        ],
      },
    ],
  },
};
