// domain/syllabus/science_2.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/** Science and Technology Part 2: chapters of the Std X textbook (2018) and the board's written-paper blueprint. */
export const syllabus: SubjectSyllabus = {
  subject: "science_2",
  language: "en",
  chapters: [
    { id: "heredity-and-evolution", name: "Heredity and Evolution", nameMr: "आनुवंशिकता व उत्क्रांती", weight: 8 },
    {
      id: "life-processes-part-1",
      name: "Life Processes in Living Organisms Part 1",
      nameMr: "सजीवांतील जीवनप्रक्रिया भाग 1",
      weight: 7,
    },
    {
      id: "life-processes-part-2",
      name: "Life Processes in Living Organisms Part 2",
      nameMr: "सजीवांतील जीवनप्रक्रिया भाग 2",
      weight: 8,
    },
    { id: "environmental-management", name: "Environmental Management", nameMr: "पर्यावरणीय व्यवस्थापन", weight: 6 },
    { id: "towards-green-energy", name: "Towards Green Energy", nameMr: "हरित ऊर्जेच्या दिशेने", weight: 6 },
    { id: "animal-classification", name: "Animal Classification", nameMr: "प्राण्यांचे वर्गीकरण", weight: 7 },
    {
      id: "introduction-to-microbiology",
      name: "Introduction to Microbiology",
      nameMr: "ओळख सूक्ष्मजीवशास्त्राची",
      weight: 5,
    },
    {
      id: "cell-biology-and-biotechnology",
      name: "Cell Biology and Biotechnology",
      nameMr: "पेशीविज्ञान व जैवतंत्रज्ञान",
      weight: 6,
    },
    { id: "social-health", name: "Social Health", nameMr: "सामाजिक आरोग्य", weight: 4 },
    { id: "disaster-management", name: "Disaster Management", nameMr: "आपत्ती व्यवस्थापन", weight: 3 },
  ],
  blueprint: {
    subject: "science_2",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 60,
    durationMinutes: 120,
    inferred:
      "Q1 (5 MCQs and 5 one-mark items) is confirmed for Part 2. Q2 to Q4 are inferred from the Science Part 1 " +
      "pattern, which board-patterns.md says Part 2 follows: Q2 (A) scientific reasons, any 2 of 3 x 2; " +
      "(B) any 3 of 5 x 2; Q3 any 5 of 8 x 3; Q4 any 1 of 2 x 5. Check against a real Part 2 paper. " +
      "Chapter weights are an even reading of the textbook's length, not a published board table.",
    questions: [
      {
        number: "1",
        sections: [
          { label: "A", kind: "Choose the correct alternative", of: 5, attempt: 5, marksEach: 1 },
          {
            label: "B",
            kind: "Answer the following (name, match, odd one out, true or false)",
            of: 5,
            attempt: 5,
            marksEach: 1,
          },
        ],
      },
      {
        number: "2",
        sections: [
          { label: "A", kind: "Give scientific reasons (any two)", of: 3, attempt: 2, marksEach: 2, halfMarks: true },
          {
            label: "B",
            kind: "Answer the following questions (any three)",
            of: 5,
            attempt: 3,
            marksEach: 2,
            halfMarks: true,
          },
        ],
      },
      {
        number: "3",
        sections: [
          {
            label: "",
            kind: "Answer the following questions (any five)",
            of: 8,
            attempt: 5,
            marksEach: 3,
            halfMarks: true,
          },
        ],
      },
      {
        number: "4",
        sections: [
          {
            label: "",
            kind: "Answer the following question in detail (any one)",
            of: 2,
            attempt: 1,
            marksEach: 5,
            halfMarks: true,
          },
        ],
      },
    ],
  },
};
