// domain/syllabus/history_and_political_science.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * History and Political Science: chapters of the Std X textbook (2018) and the board's written-paper blueprint.
 * Q1-Q5 are History, Q6-Q9 Political Science. Q1-Q2 are confirmed from a board paper; the rest is inferred
 * (see `inferred`), so a correction to the pattern is an edit here.
 */
export const syllabus: SubjectSyllabus = {
  subject: "history_and_political_science",
  language: "en",
  chapters: [
    // History (42 marks with options)
    {
      id: "historiography-development-in-the-west",
      name: "Historiography: Development in the West",
      nameMr: "इतिहासलेखन : पाश्चात्त्य परंपरा",
      weight: 5,
    },
    {
      id: "historiography-indian-tradition",
      name: "Historiography: Indian Tradition",
      nameMr: "इतिहासलेखन : भारतीय परंपरा",
      weight: 5,
    },
    { id: "applied-history", name: "Applied History", nameMr: "उपयोजित इतिहास", weight: 5 },
    { id: "history-of-indian-arts", name: "History of Indian Arts", nameMr: "भारतीय कलांचा इतिहास", weight: 5 },
    { id: "mass-media-and-history", name: "Mass Media and History", nameMr: "प्रसारमाध्यमे आणि इतिहास", weight: 4 },
    {
      id: "entertainment-and-history",
      name: "Entertainment and History",
      nameMr: "मनोरंजनाची माध्यमे आणि इतिहास",
      weight: 4,
    },
    { id: "sports-and-history", name: "Sports and History", nameMr: "खेळ आणि इतिहास", weight: 4 },
    { id: "tourism-and-history", name: "Tourism and History", nameMr: "पर्यटन आणि इतिहास", weight: 5 },
    { id: "heritage-management", name: "Heritage Management", nameMr: "ऐतिहासिक ठेव्यांचे जतन", weight: 5 },
    // Political Science (22 marks with options)
    { id: "working-of-the-constitution", name: "Working of the Constitution", nameMr: "संविधानाची वाटचाल", weight: 5 },
    { id: "the-electoral-process", name: "The Electoral Process", nameMr: "निवडणूक प्रक्रिया", weight: 4 },
    { id: "political-parties", name: "Political Parties", nameMr: "राजकीय पक्ष", weight: 5 },
    {
      id: "social-and-political-movements",
      name: "Social and Political Movements",
      nameMr: "सामाजिक व राजकीय चळवळी",
      weight: 4,
    },
    {
      id: "challenges-faced-by-indian-democracy",
      name: "Challenges faced by Indian Democracy",
      nameMr: "भारतीय लोकशाहीपुढील आव्हाने",
      weight: 4,
    },
  ],
  blueprint: {
    subject: "history_and_political_science",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 64,
    durationMinutes: 120,
    inferred:
      "Q1 and Q2 are confirmed (2023 board paper). The marks of Q3-Q9 are inferred from secondary sources: " +
      "History 28 marks to write (Q1 6, Q2 8, Q3 explain with reasons any 2 of 4 x 3, Q4 passage-based " +
      "questions 4, Q5 answer in detail any 1 of 2 x 4) and Political Science 12 (Q6 (A) choose the correct " +
      "option and rewrite 2 x 1, (B) true or false with reasons any 1 of 2 x 2; Q7 explain the concept any 1 " +
      "of 2 x 2; Q8 answer in brief any 1 of 2 x 2; Q9 answer in detail any 1 of 2 x 4). Printed with options: 64.",
    questions: [
      {
        number: "1",
        sections: [
          {
            label: "A",
            kind: "Choose the correct option from the given options and rewrite the statement",
            of: 3,
            attempt: 3,
            marksEach: 1,
          },
          { label: "B", kind: "Find the incorrect pair in every set and write it", of: 3, attempt: 3, marksEach: 1 },
        ],
      },
      {
        number: "2",
        sections: [
          { label: "A", kind: "Complete the concept map (any two)", of: 3, attempt: 2, marksEach: 2, halfMarks: true },
          { label: "B", kind: "Write short notes (any two)", of: 3, attempt: 2, marksEach: 2 },
        ],
      },
      {
        number: "3",
        sections: [
          {
            label: "",
            kind: "Explain the following statements with reasons (any two)",
            of: 4,
            attempt: 2,
            marksEach: 3,
          },
        ],
      },
      {
        number: "4",
        sections: [{ label: "", kind: "Read the passage and answer the questions", marks: 4, marksWithOptions: 4 }],
      },
      {
        number: "5",
        sections: [
          { label: "", kind: "Answer the following questions in detail (any one)", of: 2, attempt: 1, marksEach: 4 },
        ],
      },
      {
        number: "6",
        sections: [
          {
            label: "A",
            kind: "Choose the correct option from the given options and rewrite the statement",
            of: 2,
            attempt: 2,
            marksEach: 1,
          },
          {
            label: "B",
            kind: "State whether the following statements are true or false with reasons (any one)",
            of: 2,
            attempt: 1,
            marksEach: 2,
          },
        ],
      },
      {
        number: "7",
        sections: [{ label: "", kind: "Explain the following concepts (any one)", of: 2, attempt: 1, marksEach: 2 }],
      },
      {
        number: "8",
        sections: [
          { label: "", kind: "Answer the following questions in brief (any one)", of: 2, attempt: 1, marksEach: 2 },
        ],
      },
      {
        number: "9",
        sections: [
          { label: "", kind: "Answer the following questions in detail (any one)", of: 2, attempt: 1, marksEach: 4 },
        ],
      },
    ],
  },
};
