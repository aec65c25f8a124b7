import { describe, expect, it } from "vitest";
import { MEDIUMS } from "../../domain/catalog.ts";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { isLanguageSubject } from "../../domain/papers.ts";
import { SUBJECT_KEYS } from "../../domain/subjects.ts";
import {
  buildModelPaperCatalog,
  clearModelPaperCache,
  getModelPapers,
  getModelPaperView,
  ModelPaperCatalogError,
  modelPapersFor,
} from "./catalog.server.ts";

describe("the model paper catalogue", () => {
  it("loads the papers once per process, in id order, with a lookup by id", () => {
    clearModelPaperCache();
    const catalog = getModelPapers();
    expect(getModelPapers()).toBe(catalog);
    expect(catalog.papers.length).toBeGreaterThanOrEqual(24);
    const ids = catalog.papers.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => a.localeCompare(b, "en", { numeric: true })));
    expect(catalog.byId.get("math-1-model-1")?.subject).toBe("math_1");
    expect(catalog.byId.size).toBe(catalog.papers.length);
  });

  it("serves at least two papers per subject in every medium, in order, each in the medium's language", () => {
    for (const subject of SUBJECT_KEYS) {
      for (const medium of MEDIUMS) {
        const papers = modelPapersFor(subject, medium);
        expect(papers.length, `${subject} ${medium}`).toBeGreaterThanOrEqual(2);
        // Marathi-medium schools, and Semi-English ones for social science, sit papers written in Marathi.
        const socialScience = subject === "history_and_political_science" || subject === "geography";
        const inMarathi =
          !isLanguageSubject(subject) && (medium === "marathi" || (medium === "semi_english" && socialScience));
        if (inMarathi) for (const paper of papers) expect(paper.language, `${subject} ${medium}`).toBe("mr");
        for (const paper of papers) {
          expect(paper.subject).toBe(subject);
          expect(paper.mediums).toContain(medium);
        }
      }
    }
    expect(
      modelPapersFor("math_1", "english")
        .map((p) => p.id)
        .slice(0, 2),
    ).toEqual(["math-1-model-1", "math-1-model-2"]);
    expect(
      modelPapersFor("math_1", "marathi")
        .map((p) => p.id)
        .slice(0, 2),
    ).toEqual(["math-1-model-1-mr", "math-1-model-2-mr"]);
  });

  it("renders a paper's view once and keeps it; an unknown id has none", () => {
    const view = getModelPaperView("math-2-model-1");
    expect(view?.id).toBe("math-2-model-1");
    expect(getModelPaperView("math-2-model-1")).toBe(view);
    expect(getModelPaperView("no-such-paper")).toBeUndefined();
  });

  it("refuses to publish papers whose files have problems, naming the files", () => {
    const paper = { id: "math-1-model-1" } as ModelPaper;
    const problems = [
      {
        file: "content/papers/math_1/math-1-model-1.yaml",
        problems: ["content/papers/math_1/math-1-model-1.yaml: q1a1: bad"],
      },
      { file: "content/papers/geography/geography-model-3.yaml", problems: ["…: YAML: broken"] },
    ];
    const build = () => buildModelPaperCatalog({ papers: [paper], problems, warnings: [] });
    expect(build).toThrow(ModelPaperCatalogError);
    expect(build).toThrow(/math_1\/math-1-model-1\.yaml, content\/papers\/geography\/geography-model-3\.yaml/);
    expect(build).toThrow(/q1a1: bad/);
    expect(() => buildModelPaperCatalog({ papers: [paper, paper], problems: [], warnings: [] })).toThrow(
      /two papers have the id math-1-model-1/,
    );
  });
});
