/**
 * A model paper (or its model answers) as one Typst source, laid out like a board paper on A4: the text fields
 * through `markdownToTypst` (Markdown subset and TeX maths), the figures inlined (`figureCall`), the words around
 * the questions in the paper's language (`WORDING`).
 *
 * Fonts: Noto Sans and Noto Sans Devanagari, and Typst's embedded New Computer Modern Math for maths (and for the
 * few symbols Noto Sans lacks: ▲ → √ ≈). The compiler also sees the machine's fonts, so every text sets its fonts
 * explicitly with `fallback: false`: a character none of these fonts has would print as a blank box rather than
 * quietly change fonts from machine to machine. The document has no date (`date: none`), so the same paper gives
 * the same bytes.
 */
import type { ModelPaper, PaperItem, PaperSection } from "../../domain/model-papers.ts";
import { subjectByKey } from "../../domain/subjects.ts";
import { FIGURE_MAX_WIDTH_PT, type FigureFiles, figureCall, svgWidth } from "./typst-figures.server.ts";
import { escapeTypst, inlineMarkdownToTypst, markdownToTypst } from "./typst-markup.server.ts";
import { typstString } from "./typst-tex.server.ts";
import { DEVANAGARI_DIGITS, formatMarks, localDigits, WORDING, type Wording } from "./typst-wording.server.ts";
import { writtenMarks } from "./validate.server.ts";

/** The question paper, or its model answers. */
export type PdfKind = "question" | "solution";

const NOTICE = "PaperStation model paper — not an official board paper";

/** The whole Typst source of the question paper or the model answers. */
export function paperToTypst(paper: ModelPaper, kind: PdfKind, figures: FigureFiles): string {
  // A Marathi-medium Mathematics, Science or social science paper writes 0-9 throughout, as its text does (the
  // answer checks read those numbers); the language papers number their questions in Devanagari.
  const wording = subjectByKey(paper.subject).language
    ? WORDING[paper.language]
    : { ...WORDING[paper.language], devanagariDigits: false };
  const devanagari = paper.language !== "en";
  const bodyFonts = devanagari
    ? `("Noto Sans Devanagari", "Noto Sans", "New Computer Modern Math")`
    : `("Noto Sans", "Noto Sans Devanagari", "New Computer Modern Math")`;
  const subject = subjectByKey(paper.subject);
  const digits = (text: string | number) => localDigits(String(text), wording);
  const kindLabel = kind === "solution" ? wording.modelAnswers : "";

  const out: string[] = [];
  out.push(`#set document(title: ${typstString(`${paper.title}${kindLabel ? ` — ${kindLabel}` : ""}`)}, author: "PaperStation", date: none)
#set text(font: ${bodyFonts}, size: 10.5pt, lang: "${paper.language}", hyphenate: false, fallback: false)
#show math.equation: set text(font: ("New Computer Modern Math", "Noto Sans", "Noto Sans Devanagari"), fallback: false)
#show math.equation.where(block: false): set text(top-edge: "bounds", bottom-edge: "bounds")
#set par(leading: ${devanagari ? "0.8em" : "0.65em"}, spacing: ${devanagari ? "1.1em" : "0.9em"})
#let qw = ${wording.questionWidth}
#set table(stroke: 0.5pt + luma(90), inset: (x: 6pt, y: 4pt))
#let deva(s) = ${wording.devanagariDigits ? `s.replace(regex("[0-9]"), m => "${DEVANAGARI_DIGITS}".clusters().at(int(m.text)))` : "s"}
#set page(
  paper: "a4",
  margin: (x: 1.9cm, top: 2.3cm, bottom: 2.1cm),
  header: [
    #set text(size: 8pt, fill: luma(60), lang: "en")
    #grid(columns: (1fr, auto), column-gutter: 1em, [#strong[${escapeTypst(NOTICE)}]], align(right)[${escapeTypst(subject.name)}${kindLabel ? ` · ${escapeTypst(kindLabel)}` : ""}])
    #v(-5pt)
    #line(length: 100%, stroke: 0.4pt + luma(150))
  ],
  footer: context [
    #set text(size: 8.5pt, fill: luma(60))
    #align(center)[${escapeTypst(wording.page)} #deva(str(here().page())) / #deva(str(counter(page).final().first()))]
  ],
)
#let pbox(body) = box(stroke: 0.6pt, inset: (x: 3pt, y: 3pt), body)
#let ptable(..args) = block(above: 0.6em, below: 0.6em, table(..args))
#let fig(svg, width, alt: none) = block(above: 0.7em, below: 0.7em, width: 100%, align(center, image(bytes(svg), format: "svg", width: width, alt: alt)))
#let qhead(body) = block(above: 1.4em, below: 0.8em, sticky: true, width: 100%, align(center, text(size: 11.5pt, weight: "bold", body)))
#let qline(q, label, body, marks) = block(above: 1.2em, below: 0.75em, sticky: true, grid(
  columns: (qw, if label == [] { 0em } else { 2.4em }, 1fr, auto),
  column-gutter: (0em, 0em, 1em),
  strong(q), strong(label), strong(body), strong(marks),
))
// The item's number inline, in a hanging indent, so it sits on the first line's baseline however tall that line is.
#let itm(num, body) = block(above: 0.75em, below: 0.75em, pad(left: qw + 2.3em, if num == [] { body } else { [#h(-2.3em)#box(width: 2.3em, num)#body] }))
#let figrow(cols, ..cells) = block(above: 0.75em, below: 0.75em, pad(left: qw, grid(columns: (1fr,) * cols, column-gutter: 1.2em, row-gutter: 1.2em, ..cells.pos().map(((num, body)) => pad(left: 2.3em, [#h(-2.3em)#box(width: 2.3em, num)#body])))))
#let opts(cols, ..xs) = block(above: 0.65em, grid(columns: (1fr,) * cols, column-gutter: 1.2em, row-gutter: 0.7em, ..xs.pos().map(x => [#box(width: 2em, x.at(0))#x.at(1)])))
#let passage(body) = block(above: 0.7em, below: 0.9em, pad(left: qw, block(width: 100%, inset: (x: 10pt, y: 8pt), stroke: 0.5pt + luma(120), body)))
#let ask(body) = text(size: 9.5pt, fill: luma(80), body)
#let answer(label, body) = block(above: 0.5em, below: 0.5em, [#strong(label) ] + body)
#let marking(label, points) = block(above: 0.55em, text(size: 9.5pt, fill: luma(40), grid(columns: (auto, 1fr), column-gutter: 0.5em, row-gutter: 0.45em, strong(label), ..points.enumerate().map(((i, p)) => if i == 0 { (p,) } else { ([], p) }).flatten())))
`);

  // Title block, as a board paper opens.
  out.push(`#align(center)[
  #text(size: 8.5pt)[Written by PaperStation to the pattern of the Maharashtra State Board of Secondary and Higher Secondary Education, SSC (Std X) · ${escapeTypst(paper.pattern)}]
  #v(2pt)
  #text(size: 14pt, weight: "bold")[${escapeTypst(subject.name.toUpperCase())}]
  #v(-2pt)
  #text(size: 12pt, weight: "bold")[${inlineMarkdownToTypst(paper.title)}]${
    kindLabel
      ? `
  #v(-2pt)
  #text(size: 12pt, weight: "bold")[${escapeTypst(kindLabel)}]`
      : ""
  }
]
#v(4pt)
#grid(columns: (1fr, 1fr), strong[${escapeTypst(`${wording.time}: ${digits(wording.duration(paper.durationMinutes))}`)}], align(right, strong[${escapeTypst(`${wording.totalMarks}: ${digits(paper.marks)}`)}]))
#v(-4pt)
#line(length: 100%, stroke: 0.8pt)
`);

  if (paper.instructions.length > 0 && kind === "question") {
    const rows = paper.instructions
      .map((text, i) => `[${escapeTypst(`(${digits(i + 1)})`)}], [${inlineMarkdownToTypst(text)}]`)
      .join(", ");
    out.push(`#block(above: 0.6em, below: 0.8em)[
  #strong[${escapeTypst(wording.instructions)}]
  #pad(left: 0.6em, grid(columns: (2.2em, 1fr), row-gutter: 0.5em, ${rows}))
]
#line(length: 100%, stroke: 0.4pt)
`);
  }

  const shown = new Set<string>();
  for (const question of paper.questions) {
    if (question.heading) out.push(`#qhead[${inlineMarkdownToTypst(question.heading)}]`);
    question.sections.forEach((section, index) => {
      out.push(sectionTypst(paper, kind, question.number, index === 0, section, figures, wording, shown));
    });
  }
  return `${out.join("\n")}\n`;
}

function sectionTypst(
  paper: ModelPaper,
  kind: PdfKind,
  questionNumber: string,
  first: boolean,
  section: PaperSection,
  figures: FigureFiles,
  wording: Wording,
  shown: Set<string>,
): string {
  const digits = (text: string | number) => localDigits(String(text), wording);
  const { instruction, marks } = splitMarks(section, wording);
  const q = first ? escapeTypst(wording.question(digits(questionNumber))) : "";
  const label = section.label ? escapeTypst(`(${section.label})`) : "";
  const out: string[] = [
    `#qline([${q}], [${label}], [${inlineMarkdownToTypst(instruction)}], [${escapeTypst(marks)}])`,
  ];

  if (kind === "question") {
    if (section.passage) out.push(`#passage[${markdownToTypst(section.passage)}]`);
    if (section.passageFigure) out.push(`#pad(left: qw, ${figureOf(section.passageFigure, section.passageFigureAlt)})`);
  }
  if (kind === "question" && isPictureRow(section, figures)) {
    // Short items that each show a small picture (name the object, read the clock): side by side, as papers print them.
    const cells = section.items.map((item, index) => {
      const svg = figures.get(item.figure ?? "") ?? "";
      const { number, text } = numbered(item, index, wording);
      return `([${number}], [${markdownToTypst(text)}\n${figureCall(svg, item.figureAlt, PICTURE_MAX_WIDTH_PT)}])`;
    });
    out.push(`#figrow(${Math.min(3, cells.length)}, ${cells.join(", ")})`);
    return out.join("\n");
  }
  section.items.forEach((item, index) => {
    out.push(itemTypst(paper, kind, item, index, figures, wording, shown));
  });
  return out.join("\n");

  function figureOf(figure: string, alt: string | undefined): string {
    const svg = figures.get(figure);
    if (svg === undefined) throw new Error(`${paper.id}: figure ${figure} was not loaded`);
    return figureCall(svg, alt).slice(1);
  }
}

/**
 * The section's instruction and the marks to print beside it. Hindi and Sanskrit papers end the instruction with its
 * marks ("… कीजिए: (8)"): those are moved to the right-hand column rather than printed twice.
 */
function splitMarks(section: PaperSection, wording: Wording): { instruction: string; marks: string } {
  const written = writtenMarks(section);
  const trailing = /\s*\(([0-9०-९]+(?:[.½][0-9०-९]*)?)\)\s*$/.exec(section.instruction);
  if (trailing?.[1]) {
    const value = Number(trailing[1].replace(/[०-९]/g, (d) => String(DEVANAGARI_DIGITS.indexOf(d))).replace("½", ".5"));
    if (value === written) {
      return { instruction: section.instruction.slice(0, trailing.index), marks: `(${trailing[1]})` };
    }
  }
  return { instruction: section.instruction, marks: wording.bracket(localDigits(formatMarks(written), wording)) };
}

/** An item's own numbering at the start of its text (`(1) …`, `(१) …`), as Hindi and Sanskrit papers write it. */
const OWN_NUMBER = /^\s*(\([0-9०-९]+\))[ \t]*/;

/**
 * The item's number as printed (`(1)`, `(१)`) and its text: a text that starts with its own number keeps that number,
 * moved into the number column, rather than getting a second one.
 */
function numbered(item: PaperItem, index: number, wording: Wording): { number: string; text: string } {
  const own = OWN_NUMBER.exec(item.text);
  if (own?.[1]) return { number: escapeTypst(own[1]), text: item.text.slice(own[0].length) };
  return { number: escapeTypst(localDigits(`(${index + 1})`, wording)), text: item.text };
}

const PICTURE_MAX_WIDTH_PT = 130;

/** Every item is a short question with a small figure and no options. */
function isPictureRow(section: PaperSection, figures: FigureFiles): boolean {
  return (
    section.items.length >= 2 &&
    section.items.every((item) => {
      const svg = item.figure ? figures.get(item.figure) : undefined;
      const width = svg ? svgWidth(svg) : undefined;
      return width !== undefined && width <= 240 && !item.options && plainLength(item.text) <= 80;
    })
  );
}

function itemTypst(
  paper: ModelPaper,
  kind: PdfKind,
  item: PaperItem,
  index: number,
  figures: FigureFiles,
  wording: Wording,
  shown: Set<string>,
): string {
  const { number, text: ownText } = numbered(item, index, wording);
  const figure = (file: string | undefined, alt: string | undefined, maxWidth = FIGURE_MAX_WIDTH_PT) => {
    if (!file) return "";
    // Model answers show a figure once (several items may mark their answers on one map).
    if (kind === "solution" && shown.has(file)) return `\n\n#emph[${escapeTypst(wording.seeFigure)}]`;
    shown.add(file);
    const svg = figures.get(file);
    if (svg === undefined) throw new Error(`${paper.id}: ${item.id}: figure ${file} was not loaded`);
    return `\n${figureCall(svg, alt, maxWidth)}`;
  };
  if (kind === "question") {
    return `#itm([${number}])[${markdownToTypst(ownText)}${optionsTypst(item.options)}${figure(item.figure, item.figureAlt)}]`;
  }
  // A fill-in-the-boxes activity: its answer repeats the working with the boxes filled, so only the task is shown.
  const activity = /\\boxed\{\s*\\phantom/.test(ownText);
  const paragraphs = ownText.trim().split(/\n\s*\n/);
  const text = markdownToTypst(activity && paragraphs.length > 1 ? `${paragraphs[0]} …` : ownText);
  const points = item.marking.map(
    (m) => `[${escapeTypst(`${localDigits(wording.marks(m.marks), wording)} — `)}${inlineMarkdownToTypst(m.point)}]`,
  );
  // The question's own figure, smaller: the answer is what this PDF is for.
  const questionSvg = item.figure ? figures.get(item.figure) : undefined;
  const small = (questionSvg ? (svgWidth(questionSvg) ?? 0) : 0) <= 240;
  return `#itm([${number}])[#ask[${text}]${figure(item.figure, item.figureAlt, small ? 90 : 240)}
#answer(${typstString(wording.answer)})[${markdownToTypst(item.answer)}]${figure(item.answerFigure, item.answerFigureAlt)}
#marking(${typstString(wording.marking)}, (${points.join(", ")},))]`;
}

const LETTERS = ["A", "B", "C", "D", "E", "F"];

/** MCQ options (A)-(D): four to a line when short, two when medium, one each when long. */
function optionsTypst(options: string[] | undefined): string {
  if (!options || options.length === 0) return "";
  const longest = Math.max(...options.map((o) => plainLength(o)));
  const columns = longest <= 16 ? Math.min(4, options.length) : longest <= 38 ? 2 : 1;
  const cells = options.map((o, i) => `([(${LETTERS[i] ?? i + 1})], [${inlineMarkdownToTypst(o)}])`);
  return `\n#opts(${columns}, ${cells.join(", ")})`;
}

/** Rough printed length of a text field: maths counted by its TeX without commands. */
function plainLength(text: string): number {
  return text
    .replace(/\\(frac|dfrac)\{([^}]*)\}\{([^}]*)\}/g, "$2")
    .replace(/\\[A-Za-z]+/g, "")
    .replace(/[{}$^_*]/g, "").length;
}
