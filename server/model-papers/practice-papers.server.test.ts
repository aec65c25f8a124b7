import { describe, expect, it } from "vitest";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { checkMarks, type MarkableSection, markableSections, scoreAttempt } from "../../domain/practice.ts";
import { SYLLABUSES } from "../../domain/syllabus/index.ts";
import { getModelPapers } from "./catalog.server.ts";

const { papers } = getModelPapers();

function sectionsOf(paper: ModelPaper): MarkableSection[] {
  return markableSections(paper, SYLLABUSES[paper.subject]);
}

function fullMarks(sections: MarkableSection[]): Record<string, number> {
  return Object.fromEntries(sections.flatMap((s) => s.items).map((item) => [item.id, item.max]));
}

describe("practice on the real model papers", () => {
  it("has the papers to check", () => {
    expect(papers.length).toBeGreaterThanOrEqual(24);
  });

  describe.each(papers.map((paper) => [paper.id, paper] as const))("%s", (id, paper) => {
    const sections = sectionsOf(paper);

    it("has a maximum score equal to the paper's marks", () => {
      const score = scoreAttempt(sections, {});
      expect(score.max, `${id} max`).toBe(paper.marks);
      expect(score.scored, `${id} scored with no marks`).toBe(0);
      const byQuestion = score.byQuestion.reduce((a, q) => a + q.max, 0);
      expect(byQuestion, `${id} byQuestion max`).toBe(paper.marks);
    });

    it("scores full marks on every item as the paper's marks and 100%", () => {
      const score = scoreAttempt(sections, fullMarks(sections));
      expect(score.scored, `${id} scored`).toBe(paper.marks);
      expect(score.max, `${id} max`).toBe(paper.marks);
      expect(score.percentage, `${id} percentage`).toBe(100);
    });

    it("puts every item in exactly one section", () => {
      const seen = new Map<string, number>();
      for (const section of sections) {
        for (const item of section.items) seen.set(item.id, (seen.get(item.id) ?? 0) + 1);
      }
      const paperItems = paper.questions.flatMap((q) => q.sections.flatMap((s) => s.items.map((i) => i.id)));
      for (const itemId of paperItems) {
        expect(seen.get(itemId), `${id} ${itemId} sections`).toBe(1);
      }
      expect([...seen.keys()].sort(), `${id} item ids`).toEqual([...new Set(paperItems)].sort());
      expect(sections.flatMap((s) => s.items).length, `${id} item count`).toBe(paperItems.length);
    });

    it("uses half steps exactly where the blueprint section allows half marks", () => {
      const blueprint = SYLLABUSES[paper.subject].blueprint;
      for (const section of sections) {
        const where = `${id} Q${section.question} (${section.label})`;
        const printed = blueprint.questions
          .find((q) => q.number === section.question)
          ?.sections.find((s) => s.label === section.label);
        expect(printed, `${where} is in the blueprint`).toBeDefined();
        const step = printed?.halfMarks === true ? 0.5 : 1;
        for (const item of section.items) {
          expect(item.step, `${where} ${item.id} step`).toBe(step);
        }
      }
    });

    it("accepts every item's maximum", () => {
      for (const item of sections.flatMap((s) => s.items)) {
        expect(checkMarks(sections, { [item.id]: item.max }), `${id} ${item.id} max ${item.max}`).toEqual({});
      }
      expect(checkMarks(sections, fullMarks(sections)), `${id} full marks`).toEqual({});
    });
  });
});
