// domain/syllabus/geography.ts
import type { SubjectSyllabus } from "../model-papers.ts";

/**
 * Geography: chapters of the Std X textbook (2018; India and Brazil compared throughout) and the board's
 * written-paper blueprint. The seven question types are confirmed from a sample paper; their marks are
 * inferred (see `inferred`), so a correction to the pattern is an edit here.
 */
export const syllabus: SubjectSyllabus = {
  subject: "geography",
  language: "en",
  chapters: [
    { id: "field-visit", name: "Field Visit", nameMr: "क्षेत्रभेट", weight: 4 },
    { id: "location-and-extent", name: "Location and Extent", nameMr: "स्थान-विस्तार", weight: 6 },
    {
      id: "physiography-and-drainage",
      name: "Physiography and Drainage",
      nameMr: "प्राकृतिक रचना व जलप्रणाली",
      weight: 8,
    },
    { id: "climate", name: "Climate", nameMr: "हवामान", weight: 8 },
    {
      id: "natural-vegetation-and-wildlife",
      name: "Natural Vegetation and Wildlife",
      nameMr: "नैसर्गिक वनस्पती व प्राणी",
      weight: 7,
    },
    { id: "population", name: "Population", nameMr: "लोकसंख्या", weight: 8 },
    { id: "human-settlements", name: "Human Settlements", nameMr: "मानवी वस्ती", weight: 6 },
    { id: "economy-and-occupations", name: "Economy and Occupations", nameMr: "अर्थव्यवस्था व व्यवसाय", weight: 6 },
    {
      id: "tourism-transport-and-communication",
      name: "Tourism, Transport and Communication",
      nameMr: "पर्यटन, वाहतूक व संदेशवहन",
      weight: 6,
    },
  ],
  blueprint: {
    subject: "geography",
    pattern: "Board pattern 2024-2026",
    marks: 40,
    marksWithOptions: 59,
    durationMinutes: 120,
    inferred:
      "The seven question types follow a board sample; their marks are inferred: Q1 choose the correct option " +
      "4 x 1; Q2 find the odd one out any 4 of 5 x 1; Q3 match the columns, one set of 4 pairs (4); Q4 map " +
      "work (A) mark any 4 of 5 x 1 and (B) read the map any 4 of 5 x 1; Q5 graph (draw a graph from data, or " +
      "read a given graph) any 1 of 2 x 6; Q6 give geographical reasons any 2 of 4 x 3; Q7 answer in detail " +
      "any 2 of 3 x 4. The board's map question uses an outline map of India or Brazil; our map work uses a " +
      "latitude-longitude grid without national outlines (or a schematic marked not to scale), because " +
      "national boundaries cannot be drawn accurately by hand. Printed with options: 59.",
    questions: [
      {
        number: "1",
        sections: [
          { label: "", kind: "Choose the correct option and rewrite the sentence", of: 4, attempt: 4, marksEach: 1 },
        ],
      },
      {
        number: "2",
        sections: [{ label: "", kind: "Find the odd one out (any four)", of: 5, attempt: 4, marksEach: 1 }],
      },
      {
        number: "3",
        sections: [{ label: "", kind: "Match the columns", of: 1, attempt: 1, marksEach: 4 }],
      },
      {
        number: "4",
        sections: [
          {
            label: "A",
            kind: "Mark the following on the latitude-longitude grid (any four)",
            of: 5,
            attempt: 4,
            marksEach: 1,
          },
          {
            label: "B",
            kind: "Observe the given map and answer the questions (any four)",
            of: 5,
            attempt: 4,
            marksEach: 1,
          },
        ],
      },
      {
        number: "5",
        sections: [
          {
            label: "",
            kind: "Draw a graph from the given data, or read the given graph, and answer the questions (any one)",
            of: 2,
            attempt: 1,
            marksEach: 6,
          },
        ],
      },
      {
        number: "6",
        sections: [{ label: "", kind: "Give geographical reasons (any two)", of: 4, attempt: 2, marksEach: 3 }],
      },
      {
        number: "7",
        sections: [{ label: "", kind: "Answer in detail (any two)", of: 3, attempt: 2, marksEach: 4 }],
      },
    ],
  },
};
