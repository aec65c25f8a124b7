import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { stringify } from "yaml";
import type { ModelPaper, SubjectSyllabus } from "../../domain/model-papers.ts";
import { loadModelPapers } from "./load.server.ts";

const SYLLABUS: SubjectSyllabus = {
  subject: "math_1",
  language: "en",
  chapters: [{ id: "alpha", name: "Alpha", weight: 2 }],
  blueprint: {
    subject: "math_1",
    pattern: "Test pattern",
    marks: 2,
    marksWithOptions: 2,
    durationMinutes: 30,
    questions: [
      { number: "1", sections: [{ label: "", kind: "Solve", of: 1, attempt: 1, marksEach: 2, halfMarks: true }] },
    ],
  },
};

function paper(id: string): ModelPaper {
  return {
    id,
    subject: "math_1",
    mediums: ["english", "semi_english"],
    language: "en",
    title: "Test",
    pattern: "Test pattern",
    marks: 2,
    marksWithOptions: 2,
    durationMinutes: 30,
    instructions: ["Solve."],
    questions: [
      {
        number: "1",
        sections: [
          {
            label: "",
            instruction: "Solve.",
            items: [
              {
                id: "q1a1",
                marks: 2,
                chapter: "alpha",
                text: "Find 1 + 1.",
                figure: "figures/one.svg",
                figureAlt: "Two dots.",
                answer: "2",
                marking: [
                  { marks: 1, point: "Working" },
                  { marks: 0.5, point: "Result" },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

describe("loadModelPapers", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "papers-"));
    mkdirSync(path.join(dir, "papers/math_1/figures"), { recursive: true });
    writeFileSync(path.join(dir, "papers/README.md"), "# Papers\n");
    writeFileSync(path.join(dir, "papers/math_1/figures/one.svg"), "<svg/>");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const load = () => loadModelPapers(path.join(dir, "papers"), { syllabuses: { math_1: SYLLABUS }, root: dir });

  it("names the file and the item in every problem, and still returns the paper", () => {
    writeFileSync(path.join(dir, "papers/math_1/math-1-model-1.yaml"), stringify(paper("math-1-model-1")));
    const { papers, problems } = load();
    expect(papers.map((p) => p.id)).toEqual(["math-1-model-1"]);
    expect(problems).toEqual([
      {
        file: "papers/math_1/math-1-model-1.yaml",
        problems: ["papers/math_1/math-1-model-1.yaml: q1a1: marking points add up to 1.5, item has 2 marks"],
      },
    ]);
  });

  it("finds the figures beside the paper, reads only .yaml files, and passes a good paper", () => {
    const good = paper("math-1-model-1");
    const item = good.questions[0]?.sections[0]?.items[0];
    if (item) item.marking = [{ marks: 2, point: "2" }];
    writeFileSync(path.join(dir, "papers/math_1/math-1-model-1.yaml"), stringify(good));
    writeFileSync(path.join(dir, "papers/math_1/notes.txt"), "not a paper");
    expect(load()).toEqual({ papers: [good], problems: [], warnings: [] });
    rmSync(path.join(dir, "papers/math_1/figures/one.svg"));
    expect(load().problems[0]?.problems).toEqual([
      "papers/math_1/math-1-model-1.yaml: q1a1: figure figures/one.svg does not exist",
    ]);
  });

  it("requires the id to match the file name and the subject to match the folder", () => {
    mkdirSync(path.join(dir, "papers/math_2"));
    writeFileSync(path.join(dir, "papers/math_2/math-1-model-2.yaml"), stringify(paper("math-1-model-1")));
    const messages = load().problems.flatMap((p) => p.problems);
    expect(messages).toContain(
      "papers/math_2/math-1-model-2.yaml: id math-1-model-1 must match the file name (math-1-model-2)",
    );
    expect(messages).toContain("papers/math_2/math-1-model-2.yaml: subject math_1 must match the folder (math_2)");
    expect(messages).toContain(
      "papers/math_2/math-1-model-2.yaml: no syllabus for math_2 yet (domain/syllabus/math_2.ts, listed in domain/syllabus/index.ts)",
    );
  });

  it("reports YAML syntax errors, duplicate keys and misspelt keys", () => {
    writeFileSync(path.join(dir, "papers/math_1/math-1-model-1.yaml"), "id: [unclosed\n");
    writeFileSync(path.join(dir, "papers/math_1/math-1-model-2.yaml"), "id: a\nid: b\n");
    const typo = stringify(paper("math-1-model-3")).replace("figureAlt:", "figureAtl:");
    writeFileSync(path.join(dir, "papers/math_1/math-1-model-3.yaml"), typo);
    const { papers, problems } = load();
    expect(papers).toEqual([]);
    expect(problems.map((p) => p.file)).toEqual([
      "papers/math_1/math-1-model-1.yaml",
      "papers/math_1/math-1-model-2.yaml",
      "papers/math_1/math-1-model-3.yaml",
    ]);
    expect(problems[0]?.problems[0]).toMatch(/^papers\/math_1\/math-1-model-1\.yaml: YAML: /);
    expect(problems[1]?.problems).toEqual([
      "papers/math_1/math-1-model-2.yaml: YAML: Map keys must be unique at line 2, column 1",
    ]);
    expect(problems[2]?.problems).toEqual(['papers/math_1/math-1-model-3.yaml: q1a1: Unrecognized key: "figureAtl"']);
  });

  it("reports papers in a folder that is not a subject", () => {
    mkdirSync(path.join(dir, "papers/algebra"));
    writeFileSync(path.join(dir, "papers/algebra/x.yaml"), "id: x\n");
    expect(load().problems).toEqual([
      { file: "papers/algebra", problems: ["papers/algebra: algebra is not a subject key"] },
    ]);
  });
});
