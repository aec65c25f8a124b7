/**
 * The papers' text fields (a Markdown subset with TeX maths, see content/papers/README.md) to Typst markup.
 *
 * Maths is cut out first (`$$…$$` display, `$…$` inline) and replaced by private-use placeholders, so that Markdown
 * never sees TeX's `*`, `_` or `\`. The rest is read by `marked`'s lexer (paragraphs, `**bold**`, `*italic*`, numbered
 * and bulleted lists, pipe tables) and written as Typst function calls (`#strong[…]`, `#emph[…]`, `#ptable(…)`, lists
 * as hanging-indent blocks) rather than Typst's own shorthand, so no Markdown construct can run into a neighbour. Plain text is escaped so that nothing
 * in it is read as Typst markup; each placeholder becomes the formula converted by `texToTypst`.
 *
 * The output calls two functions the document defines (typst-paper.server.ts's preamble): `ptable` (a table) and `pbox` (an
 * activity box, from `\boxed`).
 */
import { Lexer, type Token, type Tokens } from "marked";
import { texToTypst } from "./typst-tex.server.ts";

const MATH = /\$\$([\s\S]+?)\$\$|\$((?:\\.|[^$\\])+?)\$/g;
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
/** Inline formulas with a fraction or a matrix are set in display style, as printed papers do (text-size is tiny). */
const FRACTION = /\\(d?frac|begin)(?![A-Za-z])/;

interface Formula {
  tex: string;
  display: boolean;
}

/** Converts a text field to Typst markup (block content: paragraphs separated by blank lines). */
export function markdownToTypst(text: string): string {
  const formulas: Formula[] = [];
  const source = text.replace(MATH, (_, display: string | undefined, inline: string | undefined) => {
    formulas.push(display !== undefined ? { tex: display, display: true } : { tex: inline ?? "", display: false });
    return `\uE000${formulas.length - 1}\uE001`;
  });
  const tokens = new Lexer({ gfm: true }).lex(source);
  const context: Context = { formulas };
  return blocks(tokens, context).trim();
}

/** Converts a one-line text field (an option, a marking point, a heading) to inline Typst markup. */
export function inlineMarkdownToTypst(text: string): string {
  const markup = markdownToTypst(text);
  return markup.replace(/\n\n+/g, " #linebreak() ");
}

interface Context {
  formulas: Formula[];
}

function blocks(tokens: Token[], context: Context): string {
  const parts: string[] = [];
  for (const token of tokens) {
    const part = block(token, context);
    if (part.trim() !== "") parts.push(part);
  }
  return parts.join("\n\n");
}

function block(token: Token, context: Context): string {
  switch (token.type) {
    case "space":
    case "hr":
      return "";
    case "paragraph":
      return inlines((token as Tokens.Paragraph).tokens, context);
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inlines(text.tokens, context) : plain(text.text, context);
    }
    case "heading":
      return `#strong[${inlines((token as Tokens.Heading).tokens, context)}]`;
    case "list":
      return list(token as Tokens.List, context);
    case "table":
      return table(token as Tokens.Table, context);
    case "blockquote":
      return `#pad(left: 1.5em)[${blocks((token as Tokens.Blockquote).tokens, context)}]`;
    case "code":
      // Not in the subset: an indented line read as code. Print it as text rather than lose it.
      return plain((token as Tokens.Code).text, context);
    default:
      return "raw" in token && typeof token.raw === "string" ? plain(token.raw, context) : "";
  }
}

/**
 * A list, its markers set inline in a hanging indent rather than with Typst's `enum`/`list`: those align the marker
 * with the top of the item, which sits above the text when the first line holds a tall formula.
 */
function list(token: Tokens.List, context: Context): string {
  const start = typeof token.start === "number" ? token.start : 1;
  const width = token.ordered ? 1.6 : 1.1;
  const spacing = token.loose ? "0.8em" : "0.5em";
  return token.items
    .map((item, i) => {
      const marker = token.ordered ? escapeTypst(`${start + i}.`) : "•";
      const body = blocks(item.tokens, context);
      // `;` ends the box call: an item that starts with "(" or "[" would otherwise be read as more arguments.
      return `#block(above: ${spacing}, below: ${spacing}, pad(left: ${width + 0.4}em, [#h(-${width}em)#box(width: ${width}em)[${marker}];${body}]))`;
    })
    .join("\n");
}

function table(token: Tokens.Table, context: Context): string {
  const columns = token.header.length;
  const align = token.align.map((a) => (a === "center" ? "center" : a === "right" ? "right" : "left"));
  const cell = (c: Tokens.TableCell) => `[${inlines(c.tokens, context)}]`;
  const header = `table.header(${token.header.map((c) => `[#strong${cell(c)}]`).join(", ")})`;
  const rows = token.rows.map((row) => row.map(cell).join(", "));
  return `#ptable(columns: ${columns}, align: (${align.join(", ")},), ${header}, ${rows.join(", ")})`;
}

function inlines(tokens: Token[], context: Context): string {
  return tokens.map((token) => inline(token, context)).join("");
}

function inline(token: Token, context: Context): string {
  switch (token.type) {
    case "text": {
      const text = token as Tokens.Text;
      return text.tokens ? inlines(text.tokens, context) : plain(text.text, context);
    }
    case "strong":
      return `#strong[${inlines((token as Tokens.Strong).tokens, context)}]`;
    case "em":
      return `#emph[${inlines((token as Tokens.Em).tokens, context)}]`;
    case "del":
      return inlines((token as Tokens.Del).tokens, context);
    case "link":
      return inlines((token as Tokens.Link).tokens, context);
    case "br":
      return " #linebreak() ";
    case "escape":
      return plain((token as Tokens.Escape).text, context);
    case "codespan":
      return plain((token as Tokens.Codespan).text, context);
    default:
      return "text" in token && typeof token.text === "string"
        ? plain(token.text, context)
        : "raw" in token && typeof token.raw === "string"
          ? plain(token.raw, context)
          : "";
  }
}

/** Plain text with maths placeholders: escaped text, and each formula as Typst maths. */
function plain(text: string, context: Context): string {
  let out = "";
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    out += escapeTypst(text.slice(last, match.index));
    const formula = context.formulas[Number(match[1])];
    if (formula?.display) out += `\n$ ${texToTypst(formula.tex)} $\n`;
    else if (formula)
      out += `$${texToTypst(FRACTION.test(formula.tex) ? `\\displaystyle ${formula.tex}` : formula.tex)}$`;
    last = (match.index ?? 0) + match[0].length;
  }
  return out + escapeTypst(text.slice(last));
}

/**
 * Plain text as Typst markup that prints it as it is: every character with a meaning in markup is escaped, and so
 * are dots in a run (Typst would make `...` an ellipsis) or after a digit (`1.` starting a line is a numbered item);
 * newlines become spaces (Markdown joins the lines of a paragraph).
 */
export function escapeTypst(text: string): string {
  return text
    .replace(/\r?\n/g, " ")
    .replace(/[\\#$*_@<>`[\]~'"\-=+/:]/g, (c) => `\\${c}`)
    .replace(/(?<=[.\d])\.|\.(?=\.)/g, "\\.");
}
