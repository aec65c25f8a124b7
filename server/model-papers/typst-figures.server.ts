/**
 * A paper's SVG figures as Typst images: inlined as bytes (the compiler reads nothing from disk), their text pointed
 * at the paper's fonts, at their own size up to the column's width.
 */
import { typstString } from "./typst-tex.server.ts";

/** SVG text by figure path, for every figure the PDF shows. */
export type FigureFiles = ReadonlyMap<string, string>;

/** Widest a figure may be: the text column less the item indent. */
export const FIGURE_MAX_WIDTH_PT = 400;

/**
 * A figure as a Typst `image`: the SVG inlined, its text pointed at the paper's fonts (`svgFonts`), at its own size
 * (CSS px, 0.75 pt each) up to `maxWidth`.
 */
export function figureCall(svg: string, alt: string | undefined, maxWidth = FIGURE_MAX_WIDTH_PT): string {
  const fonted = svgFonts(svg);
  const width = svgWidth(svg);
  const size = width ? `${Math.min(width * 0.75, maxWidth).toFixed(1)}pt` : "60%";
  const altText = alt ? `, alt: ${typstString(alt)}` : "";
  return `#fig(${typstString(fonted)}, ${size}${altText})`;
}

/** Symbols Noto Sans lacks that figures use (∠ → ▲). */
const SVG_SYMBOL = /[\u2190-\u21ff\u2200-\u22ff\u25a0-\u25ff]/;
const DEVANAGARI = /[\u0900-\u097f]/;

/**
 * Points an SVG's text at the paper's fonts, one font per `<text>` element that has every character of it: Noto
 * Sans, Noto Sans Devanagari for Devanagari, New Computer Modern Math for maths symbols Noto Sans lacks (∠). Typst
 * ignores generic families (`sans-serif`), and a character missing from the chosen font is taken from whatever font
 * the machine has (an SVG's text does not follow the document's `fallback: false`): on this machine ∠ came out in
 * DejaVu Sans.
 */
export function svgFonts(svg: string): string {
  return svg.replace(/<text\b([^>]*)>([\s\S]*?)<\/text>/g, (_, attributes: string, content: string) => {
    const text = content.replace(/<[^>]*>/g, "");
    const family = DEVANAGARI.test(text)
      ? "Noto Sans Devanagari"
      : SVG_SYMBOL.test(text)
        ? "New Computer Modern Math"
        : "Noto Sans";
    const rest = attributes.replace(/\sfont-family=(["'])[^"']*\1/g, "");
    return `<text font-family="${family}"${rest}>${content}</text>`;
  });
}

/** The SVG's width in CSS px: its `width`, else its `viewBox`'s. */
export function svgWidth(svg: string): number | undefined {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const width = /\swidth=["']\s*([\d.]+)(px)?\s*["']/.exec(root)?.[1];
  if (width) return Number(width);
  const viewBox = /\sviewBox=["']\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(root)?.[1];
  return viewBox ? Number(viewBox) : undefined;
}
