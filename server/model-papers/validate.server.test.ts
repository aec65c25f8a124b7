import { describe, expect, it } from "vitest";
import type { ModelPaper, SubjectSyllabus } from "../../domain/model-papers.ts";
import { parsePaper } from "./schema.server.ts";
import { checkPaper, mentionsFigure, paperTotals, validatePaper, writtenMarks } from "./validate.server.ts";

/** A small blueprint: Q1 (A) 2 MCQs, (B) any 2 of 3 × 2 marks; Q2 a passage with items of their own marks (3). */
const SYLLABUS: SubjectSyllabus = {
  subject: "math_1",
  language: "en",
  chapters: [
    { id: "alpha", name: "Alpha", weight: 6 },
    { id: "beta", name: "Beta", weight: 4 },
    { id: "gamma-light", name: "Gamma (light)", weight: 1 },
  ],
  blueprint: {
    subject: "math_1",
    pattern: "Test pattern",
    marks: 9,
    marksWithOptions: 11,
    durationMinutes: 60,
    questions: [
      {
        number: "1",
        sections: [
          { label: "A", kind: "MCQ", of: 2, attempt: 2, marksEach: 1 },
          { label: "B", kind: "Solve any two", of: 3, attempt: 2, marksEach: 2, halfMarks: true },
        ],
      },
      { number: "2", sections: [{ label: "", kind: "Passage", marks: 3, marksWithOptions: 3, halfMarks: true }] },
    ],
  },
};

function goodPaper(): ModelPaper {
  return {
    id: "math-1-model-1",
    subject: "math_1",
    mediums: ["english", "semi_english"],
    language: "en",
    title: "Test paper",
    pattern: "Test pattern",
    marks: 9,
    marksWithOptions: 11,
    durationMinutes: 60,
    instructions: ["All questions are compulsory."],
    questions: [
      {
        number: "1",
        sections: [
          {
            label: "A",
            instruction: "Choose the correct alternative.",
            items: [
              {
                id: "q1a1",
                marks: 1,
                chapter: "alpha",
                text: "What is 2 + 2?",
                options: ["3", "4", "5", "6"],
                correct: "B",
                answer: "(B) 4",
                marking: [{ marks: 1, point: "Alphabet with 4" }],
              },
              {
                id: "q1a2",
                marks: 1,
                chapter: "beta",
                text: "What is 3 × 3?",
                options: ["6", "9", "12", "33"],
                correct: "B",
                answer: "(B) 9",
                marking: [{ marks: 1, point: "Alphabet with 9" }],
              },
            ],
          },
          {
            label: "B",
            instruction: "Solve any two.",
            attempt: 2,
            items: [1, 2, 3].map((n) => ({
              id: `q1b${n}`,
              marks: 2,
              chapter: "alpha",
              text: `Find ${n} + ${n}.`,
              answer: `${n} + ${n} = ${2 * n}`,
              marking: [
                { marks: 1.5, point: "Working" },
                { marks: 0.5, point: "Result" },
              ],
            })),
          },
        ],
      },
      {
        number: "2",
        sections: [
          {
            label: "",
            instruction: "Look at the figure and answer.",
            passageFigure: "figures/shared.svg",
            passageFigureAlt: "A square of side 3 cm.",
            items: [
              {
                id: "q2a1",
                marks: 1,
                chapter: "beta",
                text: "In the figure, what is the side of the square?",
                answer: "3 cm",
                marking: [{ marks: 1, point: "3 cm" }],
              },
              {
                id: "q2a2",
                marks: 2,
                chapter: "gamma-light",
                text: "Find the area of the square.",
                figure: "figures/square.svg",
                figureAlt: "A square of side 3 cm.",
                answer: "Area = 3 × 3 = 9 sq cm",
                marking: [
                  { marks: 1, point: "Formula" },
                  { marks: 1, point: "9 sq cm" },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

const FIGURES = new Set(["figures/shared.svg", "figures/square.svg"]);
const options = { figureExists: (path: string) => FIGURES.has(path) };

function problemsOf(change: (paper: ModelPaper) => void): string[] {
  const paper = structuredClone(goodPaper());
  change(paper);
  return validatePaper(paper, SYLLABUS, options);
}

/** The paper's items by id, for the broken-paper cases. */
function item(paper: ModelPaper, id: string) {
  for (const q of paper.questions) {
    for (const s of q.sections) {
      const found = s.items.find((i) => i.id === id);
      if (found) return found;
    }
  }
  throw new Error(`no item ${id}`);
}

function section(paper: ModelPaper, q: number, s: number) {
  const found = paper.questions[q]?.sections[s];
  if (!found) throw new Error(`no section ${q}.${s}`);
  return found;
}

describe("validatePaper", () => {
  it("passes a good paper, which the schema accepts too", () => {
    expect(parsePaper(goodPaper()).problems).toEqual([]);
    expect(checkPaper(goodPaper(), SYLLABUS, options)).toEqual({ errors: [], warnings: [] });
  });

  it("adds the best attempt items as the marks to be written", () => {
    expect(writtenMarks({ attempt: 2, items: [{ marks: 1 }, { marks: 3 }, { marks: 2 }] as never })).toBe(5);
    expect(writtenMarks({ items: [{ marks: 1 }, { marks: 3 }] as never })).toBe(4);
    expect(paperTotals(goodPaper())).toEqual({ marks: 9, marksWithOptions: 11 });
  });

  it("reports a wrong item count", () => {
    const problems = problemsOf((p) => section(p, 0, 1).items.pop());
    expect(problems).toContain("question 1 (B): 2 items, the blueprint prints 3");
    expect(problems).toContain("the marks printed (with options) add up to 9; the blueprint says 11, the paper 11");
  });

  it("reports a section's marks and the paper's totals when an item's marks are wrong", () => {
    const problems = problemsOf((p) => {
      item(p, "q2a2").marks = 3;
      item(p, "q2a2").marking.push({ marks: 1, point: "Units" });
    });
    expect(problems).toContain("question 2: items add up to 4 marks printed, the blueprint says 3");
    expect(problems).toContain("question 2: the marks to be written add up to 4, the blueprint says 3");
    expect(problems).toContain("the marks to be written add up to 10; the blueprint says 9, the paper 9");
  });

  it("reports an item whose marks differ from the blueprint's marks each", () => {
    const problems = problemsOf((p) => {
      item(p, "q1b2").marks = 3;
      item(p, "q1b2").marking[0] = { marks: 2.5, point: "Working" };
    });
    expect(problems).toContain("q1b2: 3 marks, the blueprint gives 2 to each item of question 1 (B)");
  });

  it("reports front matter that differs from the blueprint", () => {
    const problems = problemsOf((p) => {
      p.marks = 10;
      p.durationMinutes = 90;
      p.pattern = "Old pattern";
    });
    expect(problems).toContain("marks is 10, the blueprint's is 9");
    expect(problems).toContain("durationMinutes is 90, the blueprint's is 60");
    expect(problems).toContain("pattern is Old pattern, the blueprint's is Test pattern");
    expect(problems).toContain("the marks to be written add up to 9; the blueprint says 9, the paper 10");
  });

  it("reports wrong question numbers, section labels and a missing choice", () => {
    const problems = problemsOf((p) => {
      const q2 = p.questions[1];
      if (q2) q2.number = "3";
      section(p, 0, 1).label = "C";
      delete section(p, 0, 1).attempt;
    });
    expect(problems).toContain("question 3: numbered 3, the blueprint's question 2 is 2");
    expect(problems).toContain('question 1 (C): labelled "C", the blueprint\'s section 2 is "B"');
    expect(problems).toContain("question 1 (C): a choice section needs attempt: 2");
  });

  it("reports an unknown chapter", () => {
    expect(problemsOf((p) => (item(p, "q1a1").chapter = "delta"))).toEqual(["q1a1: unknown chapter delta"]);
  });

  it("reports a missing answer, in the schema and in the rules", () => {
    const raw = structuredClone(goodPaper()) as unknown as { questions: { sections: { items: object[] }[] }[] };
    const first = raw.questions[0]?.sections[0]?.items[0] as { answer?: string };
    delete first.answer;
    expect(parsePaper(raw).problems).toEqual(["q1a1: answer: Invalid input: expected string, received undefined"]);
    first.answer = "  ";
    expect(parsePaper(raw).problems).toEqual(["q1a1: answer: must not be empty"]);
    expect(problemsOf((p) => (item(p, "q1b3").answer = ""))).toEqual(["q1b3: no answer"]);
  });

  it("reports marking points that do not add up to the item's marks, or are not half marks", () => {
    expect(problemsOf((p) => (item(p, "q1b3").marking[0] = { marks: 1, point: "Working" }))).toEqual([
      "q1b3: marking points add up to 1.5, item has 2 marks",
    ]);
    expect(
      problemsOf((p) => {
        item(p, "q1b1").marking = [
          { marks: 1.25, point: "Working" },
          { marks: 0.75, point: "Result" },
        ];
      }),
    ).toEqual([
      'q1b1: marking point "Working" has 1.25 marks, not a multiple of 0.5',
      'q1b1: marking point "Result" has 0.75 marks, not a multiple of 0.5',
    ]);
  });

  it("warns about half marks where the blueprint gives whole marks", () => {
    const paper = goodPaper();
    item(paper, "q1a1").marking = [
      { marks: 0.5, point: "Alphabet" },
      { marks: 0.5, point: "Value" },
    ];
    expect(checkPaper(paper, SYLLABUS, options).warnings).toEqual([
      "q1a1: half-mark marking points in a section the blueprint marks in whole marks",
    ]);
  });

  it("reports an MCQ without correct, with other than 4 options, or whose answer names another letter", () => {
    expect(problemsOf((p) => delete item(p, "q1a1").correct)).toEqual([
      "q1a1: MCQ without correct (the right option's letter)",
    ]);
    expect(problemsOf((p) => item(p, "q1a2").options?.pop())).toEqual(["q1a2: MCQ has 3 options, needs exactly 4"]);
    expect(problemsOf((p) => (item(p, "q1a2").answer = "(C) 9"))).toEqual([
      "q1a2: correct is B but the answer starts (C)",
    ]);
    expect(problemsOf((p) => (item(p, "q1b1").correct = "A"))).toEqual(["q1b1: correct given but no options"]);
  });

  it("warns when an MCQ answer neither gives the letter nor the option's text", () => {
    const paper = goodPaper();
    item(paper, "q1a1").answer = "The sum is **4**.";
    item(paper, "q1a2").answer = "The product is eight.";
    expect(checkPaper(paper, SYLLABUS, options)).toEqual({
      errors: [],
      warnings: ["q1a2: the answer neither starts (B) nor contains option B's text"],
    });
  });

  it("reports a missing figure file, missing alt text and a figure path outside figures/", () => {
    expect(problemsOf((p) => (item(p, "q2a2").figure = "figures/circle.svg"))).toEqual([
      "q2a2: figure figures/circle.svg does not exist",
    ]);
    expect(problemsOf((p) => delete item(p, "q2a2").figureAlt)).toEqual([
      "q2a2: figure figures/square.svg has no figureAlt text",
    ]);
    expect(problemsOf((p) => (section(p, 1, 0).passageFigure = "../secret.svg"))).toEqual([
      "question 2: passageFigure ../secret.svg must be figures/<name>.svg",
    ]);
    expect(
      problemsOf((p) => {
        item(p, "q1b1").answerFigure = "figures/graph.svg";
        item(p, "q1b1").answerFigureAlt = "A graph.";
      }),
    ).toEqual(["q1b1: answerFigure figures/graph.svg does not exist"]);
    expect(problemsOf((p) => (item(p, "q1b1").figureAlt = "A lonely description."))).toEqual([
      "q1b1: figureAlt without figure",
    ]);
  });

  it("reports a question that mentions a figure without one", () => {
    expect(
      problemsOf((p) => {
        delete section(p, 1, 0).passageFigure;
        delete section(p, 1, 0).passageFigureAlt;
      }),
    ).toEqual(["q2a1: the question mentions a figure but neither the item nor its section has one"]);
    expect(problemsOf((p) => (item(p, "q1b1").text = "Study the diagram and find x."))).toEqual([
      "q1b1: the question mentions a figure but neither the item nor its section has one",
    ]);
    expect(problemsOf((p) => (section(p, 0, 1).instruction = "Look at the figure and solve any two."))).toEqual([
      "question 1 (B): the instruction mentions a figure but the section has none",
    ]);
    // The item's answer figure (a "draw a ray diagram" question) counts.
    expect(
      problemsOf((p) => {
        item(p, "q1b1").text = "Draw a ray diagram.";
        item(p, "q1b1").answerFigure = "figures/square.svg";
        item(p, "q1b1").answerFigureAlt = "A ray diagram.";
      }),
    ).toEqual([]);
  });

  it("knows which words refer to a figure", () => {
    for (const text of [
      "In the figure, O is the centre.",
      "Study the diagram.",
      "आकृतीत दाखवल्याप्रमाणे",
      "चित्र देखकर लिखिए",
      "आकृति देखिए",
    ]) {
      expect(mentionsFigure(text), text).toBe(true);
    }
    for (const text of [
      "Name the figure of speech in the line.",
      "Expenses are shown in a pie diagram.",
      "चित्रकार ने कहा",
      "**कृती १** : आकृती पूर्ण करा.\n\nहत्यारे : (१) .......... (२) ..........",
      "आकृति पूर्ण कीजिए:\n\n$\\boxed{\\phantom{00}}$",
    ]) {
      expect(mentionsFigure(text), text).toBe(false);
    }
    // "Complete the diagram" with nothing drawn in the text needs a figure.
    expect(mentionsFigure("आकृती पूर्ण करा.")).toBe(true);
  });

  it("reports a duplicate item id, naming where it first appeared", () => {
    expect(problemsOf((p) => (item(p, "q1b3").id = "q1b2"))).toEqual([
      "q1b2: duplicate item id (also in question 1 (B))",
    ]);
    const paper = goodPaper();
    item(paper, "q2a1").id = "q1a1";
    expect(checkPaper(paper, SYLLABUS, options)).toEqual({
      errors: ["q1a1: duplicate item id (also in question 1 (A))"],
      warnings: ["q1a1: in question 2, expected an id starting q2"],
    });
  });

  it("reports a malformed item id and paper id", () => {
    expect(problemsOf((p) => (item(p, "q1b1").id = "Q1-B1"))).toEqual([
      "Q1-B1: item ids are lower-case letters and digits (q<number><label><n>)",
    ]);
    expect(problemsOf((p) => (p.id = "algebra-1"))).toEqual(["id algebra-1 must be math-1-model-<n>"]);
  });

  it("reports a heavy chapter with no item, and warns about a light one", () => {
    const paper = goodPaper();
    for (const id of ["q1a2", "q2a1"]) item(paper, id).chapter = "alpha";
    item(paper, "q2a2").chapter = "alpha";
    expect(checkPaper(paper, SYLLABUS, options)).toEqual({
      errors: ["coverage: chapter beta (weight 4 of 11) has no item"],
      warnings: ["coverage: chapter gamma-light (weight 1) has no item"],
    });
  });

  it("reports a paper in English offered to the Marathi medium, and a wrong language", () => {
    expect(
      problemsOf((p) => {
        p.mediums = ["english", "marathi"];
      }),
    ).toEqual(["a paper written in English cannot serve the marathi medium"]);
    expect(problemsOf((p) => (p.language = "hi"))).toContain("language is hi, the subject's papers are written in en");
  });

  it("takes a Marathi-medium version only with its -mr id, the marathi medium and Marathi chapter names", () => {
    const marathi = (p: ModelPaper) => {
      p.language = "mr";
      p.mediums = ["marathi"];
    };
    expect(problemsOf(marathi)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^id .* must be .*-model-<n>-mr$/)]),
    );
    expect(problemsOf(marathi)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^chapter alpha has no nameMr/)]),
    );
    expect(
      problemsOf((p) => {
        marathi(p);
        p.mediums = ["english", "marathi"];
      }),
    ).toContain("a paper written in Marathi cannot serve the english medium");
    expect(
      problemsOf((p) => {
        p.language = "mr";
        p.mediums = ["semi_english"];
      }),
    ).toContain("a Marathi-medium paper must list the marathi medium");
  });
});

describe("parsePaper", () => {
  it("rejects unknown keys (typos), naming the item or the section", () => {
    const raw = structuredClone(goodPaper()) as unknown as Record<string, unknown>;
    const q = (raw.questions as { sections: Record<string, unknown>[] }[])[0];
    const s = q?.sections[1] as { items: Record<string, unknown>[]; atempt?: number };
    const first = s.items[0] as Record<string, unknown>;
    first.answerFig = "figures/x.svg";
    s.atempt = 2;
    raw.durationMinute = 60;
    expect(parsePaper(raw).problems).toEqual([
      'q1b1: Unrecognized key: "answerFig"',
      'question 1 (B): Unrecognized key: "atempt"',
      '(paper): Unrecognized key: "durationMinute"',
    ]);
  });

  it("rejects wrong types and values, naming the item", () => {
    const raw = structuredClone(goodPaper()) as unknown as { questions: { sections: { items: object[] }[] }[] };
    const first = raw.questions[0]?.sections[0]?.items[0] as Record<string, unknown>;
    first.correct = "E";
    first.marks = "1";
    expect(parsePaper(raw).problems).toEqual([
      "q1a1: marks: Invalid input: expected number, received string",
      'q1a1: correct: Invalid option: expected one of "A"|"B"|"C"|"D"',
    ]);
  });
});
