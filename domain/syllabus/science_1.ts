// domain/syllabus/science_1.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Science and Technology Part 1 (physics and chemistry): chapters of the Std X textbook (2018) and the
 * board's written-paper blueprint. Weights are marks with options in one paper (60): physics 31, chemistry 29.
 */
export const syllabus: SubjectSyllabus = {
  subject: "science_1",
  language: "en",
  chapters: [
    { id: "gravitation", name: "Gravitation", nameMr: "गुरुत्वाकर्षण", weight: 6 },
    {
      id: "periodic-classification-of-elements",
      name: "Periodic Classification of Elements",
      nameMr: "मूलद्रव्यांचे आवर्ती वर्गीकरण",
      weight: 6,
    },
    {
      id: "chemical-reactions-and-equations",
      name: "Chemical Reactions and Equations",
      nameMr: "रासायनिक अभिक्रिया व समीकरणे",
      weight: 8,
    },
    {
      id: "effects-of-electric-current",
      name: "Effects of Electric Current",
      nameMr: "विद्युतधारेचे परिणाम",
      weight: 7,
    },
    { id: "heat", name: "Heat", nameMr: "उष्णता", weight: 6 },
    { id: "refraction-of-light", name: "Refraction of Light", nameMr: "प्रकाशाचे अपवर्तन", weight: 4 },
    { id: "lenses", name: "Lenses", nameMr: "भिंगे व त्यांचे उपयोग", weight: 6 },
    { id: "metallurgy", name: "Metallurgy", nameMr: "धातुविज्ञान", weight: 7 },
    { id: "carbon-compounds", name: "Carbon Compounds", nameMr: "कार्बनी संयुगे", weight: 8 },
    { id: "space-missions", name: "Space Missions", nameMr: "अवकाश मोहिमा", weight: 2 },
  ],
  blueprint: {
    subject: "science_1",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 60,
    durationMinutes: 120,
    questions: [
      {
        number: "1",
        sections: [
          { label: "A", kind: "Choose the correct alternative", of: 5, attempt: 5, marksEach: 1 },
          {
            label: "B",
            kind: "Answer the following (match, name, true or false, odd one out, correlation)",
            of: 5,
            attempt: 5,
            marksEach: 1,
          },
        ],
      },
      {
        number: "2",
        sections: [
          { label: "A", kind: "Give scientific reasons (any two)", of: 3, attempt: 2, marksEach: 2 },
          { label: "B", kind: "Answer the following (any three)", of: 5, attempt: 3, marksEach: 2 },
        ],
      },
      {
        number: "3",
        sections: [{ label: "", kind: "Answer the following (any five)", of: 8, attempt: 5, marksEach: 3 }],
      },
      {
        number: "4",
        sections: [{ label: "", kind: "Answer the following in detail (any one)", of: 2, attempt: 1, marksEach: 5 }],
      },
    ],
  },
};
