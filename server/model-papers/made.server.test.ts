import { existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { isLanguageSubject } from "../../domain/papers.ts";
import { SUBJECT_KEYS } from "../../domain/subjects.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { figuresDirFor, getModelPapers } from "./catalog.server.ts";
import { findGiveAways } from "./give-aways.server.ts";
import { isMadePaperId, madeId, madeSources, makePaper, parseMadeId } from "./made.server.ts";
import { checkPaper } from "./validate.server.ts";

/** Seeds per subject and language: fixed, spread over the range, so a failure names a seed that reproduces it. */
const SEEDS = Array.from({ length: 40 }, (_, i) => 1 + ((i * 24_989) % 999_999));

const { papers } = getModelPapers();
const kinds = SUBJECT_KEYS.flatMap((subject) =>
  isLanguageSubject(subject)
    ? [{ subject, marathi: false }]
    : [
        { subject, marathi: false },
        { subject, marathi: true },
      ],
);

const itemsOf = (paper: ModelPaper) => paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items));

describe("made paper ids", () => {
  it("round-trip, and refuse what is not one", () => {
    const id = madeId({ subject: "math_1", seed: 48213, avoid: 5, marathi: true });
    expect(id).toBe("math-1-made-48213-5-mr");
    expect(parseMadeId(id)).toEqual({ subject: "math_1", seed: 48213, avoid: 5, marathi: true });
    for (const bad of [
      "math-1-model-1",
      "math-1-made-0-0",
      "math-1-made-1000000-0",
      "math-1-made-12-64",
      "math-1-made-12-05",
      "english-made-12-0-mr",
      "physics-made-12-0",
      "math-1-made-12",
      "MATH-1-made-12-0",
    ]) {
      expect(isMadePaperId(bad), bad).toBe(false);
    }
  });
});

describe.each(kinds)("made papers of $subject (Marathi medium: $marathi)", ({ subject, marathi }) => {
  const sources = madeSources(papers, { subject, marathi });

  it("have six written papers to draw from", () => {
    expect(sources.map((p) => p.id)).toHaveLength(6);
  });

  it("pass the validator's blueprint, marks and give-away checks on every seed", () => {
    const figuresDir = figuresDirFor({ subject });
    for (const seed of SEEDS) {
      for (const avoid of [0, 0b000111, 0b111110]) {
        const id = madeId({ subject, seed, avoid, marathi });
        const paper = makePaper(id, papers);
        expect(paper, id).not.toBeNull();
        if (!paper) continue;
        const report = checkPaper(paper, SYLLABUSES[subject], {
          figureExists: (figure) => existsSync(path.join(figuresDir, figure)),
        });
        expect(report.errors, id).toEqual([]);
        expect(findGiveAways(paper).errors, id).toEqual([]);
      }
    }
  });

  it("are the same paper for the same id, and differ between seeds", () => {
    const id = madeId({ subject, seed: 4242, avoid: 0, marathi });
    expect(makePaper(id, papers)).toEqual(makePaper(id, papers));
    const texts = (seed: number) =>
      itemsOf(makePaper(madeId({ subject, seed, avoid: 0, marathi }), papers) as ModelPaper).map((i) => i.text);
    expect(texts(4242)).not.toEqual(texts(4243));
  });

  it("take items from the papers not avoided wherever those can fill the place", () => {
    // Avoid every paper but the last: the paper is then that one's items wherever its places fit.
    const last = sources.length - 1;
    const avoid = (1 << last) - 1;
    const paper = makePaper(madeId({ subject, seed: 77, avoid, marathi }), papers) as ModelPaper;
    const fromLast = new Set(itemsOf(sources[last] as ModelPaper).map((i) => i.text));
    const items = itemsOf(paper);
    const share = items.filter((i) => fromLast.has(i.text)).length / items.length;
    expect(share).toBeGreaterThan(0.9);
  });
});
