import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { ModelPaper, SubjectSyllabus } from "../../domain/model-papers.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { MathError } from "../content/markdown.server.ts";
import { figuresDirFor, getModelPapers } from "./catalog.server.ts";
import { chaptersCovered, renderPaperHtml } from "./html.server.ts";

const SYLLABUS: SubjectSyllabus = {
  subject: "math_1",
  language: "en",
  chapters: [
    { id: "alpha", name: "Alpha", weight: 2 },
    { id: "beta", name: "Beta", weight: 2 },
    { id: "gamma", name: "Gamma", weight: 2 },
  ],
  blueprint: {
    subject: "math_1",
    pattern: "Test pattern",
    marks: 3,
    marksWithOptions: 4,
    durationMinutes: 30,
    questions: [],
  },
};

function fixture(overrides: { text?: string; answer?: string; instruction?: string } = {}): ModelPaper {
  return {
    id: "math-1-model-9",
    subject: "math_1",
    mediums: ["english", "semi_english"],
    language: "en",
    title: "Test paper",
    pattern: "Test pattern",
    marks: 3,
    marksWithOptions: 4,
    durationMinutes: 30,
    instructions: ["All questions are **compulsory**.", "Marks: $x^2$"],
    questions: [
      {
        number: "1",
        heading: "विभाग 1",
        sections: [
          {
            label: "A",
            instruction: overrides.instruction ?? "Choose the correct alternative.",
            attempt: 1,
            passage: "A passage with $\\frac{1}{2}$.",
            passageFigure: "figures/evil.svg",
            passageFigureAlt: "The passage's figure.",
            items: [
              {
                id: "q1a1",
                marks: 1,
                chapter: "gamma",
                text: overrides.text ?? "Which is a quadratic equation?",
                options: ["$x + 5 = 0$", "$x^2 - 3x + 2 = 0$", "$x^3 + 1 = 0$", "$\\frac{1}{x} = 2$"],
                correct: "B",
                figure: "figures/evil.svg",
                figureAlt: "Two lines meeting at A.",
                answer: overrides.answer ?? "(B) $x^2 - 3x + 2 = 0$",
                marking: [{ marks: 1, point: "Correct alphabet: **B**" }],
              },
              {
                id: "q1a2",
                marks: 1,
                chapter: "alpha",
                text: "Second.",
                answer: "Answer.",
                answerFigure: "figures/evil.svg",
                answerFigureAlt: "The answer's figure.",
                marking: [{ marks: 1, point: "Point" }],
              },
            ],
          },
          {
            label: "B",
            instruction: "Solve.",
            items: [
              {
                id: "q1b1",
                marks: 2,
                chapter: "alpha",
                text: "Solve.",
                answer: "Done.",
                marking: [{ marks: 2, point: "Point" }],
              },
            ],
          },
        ],
      },
    ],
  };
}

const EVIL_SVG = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="60" viewBox="0 0 100 60" onload="alert(1)">
<script>alert(2)</script><line x1="0" y1="0" x2="100" y2="60" stroke="#000" onclick="alert(3)"/>
<text x="10" y="20" font-size="12">A</text></svg>`;

describe("renderPaperHtml", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "paper-html-"));
    mkdirSync(path.join(dir, "figures"));
    writeFileSync(path.join(dir, "figures/evil.svg"), EVIL_SVG);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const render = (paper: ModelPaper) =>
    renderPaperHtml(paper, { figuresDir: dir, syllabus: SYLLABUS, mathErrors: "throw" });

  it("gives a plain, serialisable view with marks, chapters and HTML fields", () => {
    const view = render(fixture());
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(view).toMatchObject({ id: "math-1-model-9", language: "en", marks: 3, marksWithOptions: 4 });
    expect(view.instructionsHtml[0]).toBe("All questions are <strong>compulsory</strong>.");
    expect(view.instructionsHtml[1]).toMatch(/^Marks: <math>.*<\/math>$/);
    const question = view.questions[0];
    expect(question).toMatchObject({ number: "1", heading: "विभाग 1", marksToWrite: 3, marksPrinted: 4 });
    const [a, b] = question?.sections ?? [];
    expect(a).toMatchObject({ label: "A", attempt: 1, marksToWrite: 1, marksPrinted: 2 });
    expect(b).toMatchObject({ label: "B", marksToWrite: 2, marksPrinted: 2 });
    expect(b).not.toHaveProperty("attempt");
    expect(b).not.toHaveProperty("passageHtml");
    expect(a?.passageHtml).toMatch(/^<p>A passage with <math>.*<mfrac>/);
    const item = a?.items[0];
    expect(item).toMatchObject({ id: "q1a1", marks: 1, chapter: "gamma", chapterName: "Gamma", correct: "B" });
    expect(item?.options).toHaveLength(4);
    for (const option of item?.options ?? []) expect(option).toMatch(/^<math>.*<\/math>$/);
    expect(item?.answerHtml).toMatch(/^<p>\(B\) <math>/);
    expect(item?.marking).toEqual([{ marks: 1, pointHtml: "Correct alphabet: <strong>B</strong>" }]);
    expect(a?.items[1]).not.toHaveProperty("figure");
    expect(a?.items[1]).not.toHaveProperty("options");
    expect(a?.items[1]?.answerFigure?.alt).toBe("The answer's figure.");
  });

  it("inlines each figure sanitised: no script, no on* attribute, role=img and the alt as aria-label", () => {
    const view = render(fixture());
    const section = view.questions[0]?.sections[0];
    const figures = [section?.passageFigure, section?.items[0]?.figure, section?.items[1]?.answerFigure];
    for (const figure of figures) {
      expect(figure?.svg).toMatch(/^<svg [^>]*role="img"[^>]*>/);
      expect(figure?.svg).toContain(`aria-label="${figure?.alt.replace(/'/g, "&#39;")}"`);
      expect(figure?.svg).toContain('viewBox="0 0 100 60"');
      expect(figure?.svg).not.toMatch(/<script|\son\w+=|alert|<\?xml/i);
      expect(figure?.svg).toContain('<line x1="0" y1="0" x2="100" y2="60" stroke="#000"/>');
    }
    expect(section?.items[0]?.figure?.alt).toBe("Two lines meeting at A.");
  });

  it("refuses a figure path outside the paper's folder", () => {
    const paper = fixture();
    const item = paper.questions[0]?.sections[1]?.items[0];
    if (item) item.figure = "../../etc/passwd.svg";
    expect(() => render(paper)).toThrow(/not an \.svg file inside/);
  });

  it("still escapes dangerous Markdown in paper text", () => {
    const view = render(
      fixture({
        text: 'Find $x$. <script>alert(1)</script> <img src=x onerror="alert(2)"> [link](javascript:alert(3))',
        answer: "<iframe src=https://evil.example></iframe>\n\n$x = 1$",
        instruction: '<b onmouseover="alert(4)">Choose</b>',
      }),
    );
    const section = view.questions[0]?.sections[0];
    const html = [section?.instructionHtml, section?.items[0]?.textHtml, section?.items[0]?.answerHtml].join("\n");
    expect(html).not.toMatch(/<script|<img|<iframe|<b |href=|javascript:alert/i);
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("&lt;iframe");
    expect(html).toContain("<math>");
  });

  it("passes Devanagari text through as it is", () => {
    const text = "चित्रं दृष्ट्वा वस्तूनां नामानि संस्कृतेन लिखत। (केवलं चत्वारि) (४) – मधुमक्खी";
    const view = render(fixture({ text, answer: `सूर्यः $\\boxed{\\phantom{00}}$` }));
    const item = view.questions[0]?.sections[0]?.items[0];
    expect(item?.textHtml).toBe(`<p>${text}</p>\n`);
    expect(item?.answerHtml).toMatch(/^<p>सूर्यः <math>/);
  });

  it("names the paper and the item when TeX fails in strict mode, and falls back otherwise", () => {
    const bad = fixture({ answer: "Bad $\\frac{1}{$" });
    expect(() => render(bad)).toThrow(/^model paper math-1-model-9 q1a1 answer: cannot render TeX/);
    const reported: string[] = [];
    const view = renderPaperHtml(bad, {
      figuresDir: dir,
      syllabus: SYLLABUS,
      onMathError: (error, where) => reported.push(`${where}: ${error.tex}`),
    });
    expect(view.questions[0]?.sections[0]?.items[0]?.answerHtml).toContain('<code class="math-error">');
    expect(reported).toEqual(["math-1-model-9 q1a1 answer: \\frac{1}{"]);
  });
});

describe("chaptersCovered", () => {
  it("names the chapters the items use, in the syllabus's order", () => {
    expect(chaptersCovered(fixture(), SYLLABUS)).toEqual(["Alpha", "Gamma"]);
  });
});

describe("the model papers in content/papers as pages", () => {
  const { papers } = getModelPapers();

  it("all render, with no TeX error (strict: any error fails) and no temml warning", () => {
    expect(papers.length).toBeGreaterThanOrEqual(24);
    const log = vi.spyOn(console, "log");
    const failures: string[] = [];
    try {
      for (const paper of papers) {
        try {
          renderPaperHtml(paper, { figuresDir: figuresDirFor(paper), mathErrors: "throw" });
        } catch (error) {
          failures.push(error instanceof MathError || error instanceof Error ? error.message : String(error));
        }
      }
      const warnings = log.mock.calls.map((call) => call.join(" ")).filter((line) => /temml/i.test(line));
      expect([...failures, ...warnings]).toEqual([]);
    } finally {
      log.mockRestore();
    }
  });

  it("turn every $…$ into MathML (no dollar sign or TeX command left in the text) and name every chapter", () => {
    for (const paper of papers) {
      const view = renderPaperHtml(paper, { figuresDir: figuresDirFor(paper), mathErrors: "throw" });
      const json = JSON.stringify(view);
      const text = json.replace(/<svg[\s\S]*?<\/svg>/g, "");
      expect(text.match(/.{0,40}(?:\$|\\\\[a-zA-Z]+\b).{0,40}/g), paper.id).toBeNull();
      const syllabus = SYLLABUSES[paper.subject];
      const items = view.questions.flatMap((q) => q.sections.flatMap((s) => s.items));
      for (const item of items) expect(item.chapterName, `${paper.id} ${item.id}`).not.toBe(item.chapter);
      if (syllabus) expect(chaptersCovered(paper, syllabus).length).toBeGreaterThan(0);
      // A page stays small: the largest paper (figures inlined) is about 100 KB before compression.
      expect(Buffer.byteLength(json), paper.id).toBeLessThan(200_000);
    }
  });
});
