/**
 * Typesets a model paper (or its model answers) as an A4 PDF laid out like a board paper, with Typst: Typst shapes
 * Devanagari properly (conjuncts, matras, Marathi's own letter forms through the text's language) and writes the
 * text so that it can be copied and searched.
 *
 * The figures the PDF shows are read here; the paper then becomes one Typst source (typst-paper.server.ts) with the
 * figures inlined as bytes, compiled by typst-compile.server.ts. Nothing is read from disk by the compiler and
 * renders never share state.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ModelPaper } from "../../domain/model-papers.ts";
import { compileTypst, type RenderedPdf } from "./typst-compile.server.ts";
import type { FigureFiles } from "./typst-figures.server.ts";
import { type PdfKind, paperToTypst } from "./typst-paper.server.ts";
import { FIGURE_PATH_PATTERN } from "./validate.server.ts";

export interface RenderPdfOptions {
  /** The folder the paper's figure paths (`figures/<name>.svg`) are relative to: the paper file's folder. */
  figuresDir: string;
}

/** Renders the question paper or the model answers. Throws with Typst's messages if the source does not compile. */
export async function renderPaperPdf(
  paper: ModelPaper,
  kind: PdfKind,
  options: RenderPdfOptions,
): Promise<RenderedPdf> {
  const figures = await loadFigures(paper, kind, options.figuresDir);
  const source = paperToTypst(paper, kind, figures);
  return compileTypst(source, `${paper.id} (${kind})`);
}

/** The SVG text of every figure the question paper (or the model answers) shows, read from `figuresDir`. */
async function loadFigures(paper: ModelPaper, kind: PdfKind, figuresDir: string): Promise<FigureFiles> {
  const wanted = new Set<string>();
  for (const question of paper.questions) {
    for (const section of question.sections) {
      if (section.passageFigure && kind === "question") wanted.add(section.passageFigure);
      for (const item of section.items) {
        if (item.figure) wanted.add(item.figure);
        if (item.answerFigure && kind === "solution") wanted.add(item.answerFigure);
      }
    }
  }
  const figures = new Map<string, string>();
  await Promise.all(
    [...wanted].map(async (figure) => {
      if (!FIGURE_PATH_PATTERN.test(figure))
        throw new Error(`${paper.id}: figure path ${figure} is not figures/<name>.svg`);
      figures.set(figure, await readFile(path.join(figuresDir, figure), "utf8"));
    }),
  );
  return figures;
}
