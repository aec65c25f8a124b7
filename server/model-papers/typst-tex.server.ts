/**
 * TeX maths (as the paper files write it, for KaTeX/Temml) to Typst maths, through the `tex2typst` package.
 *
 * tex2typst does not know a few commands the papers use, and drops their braces when it meets them
 * (`\boxed{2, 3}` came out as `boxed 2, 3`). Before converting, those commands are cut out of the TeX and replaced by
 * `\text{…}` placeholders, which tex2typst passes through as a quoted string; their own Typst code (the argument
 * converted on its own) is put back in place of the string afterwards:
 *
 * - `\boxed{x}` → `#pbox($x$)` (a framed box, defined in the document's preamble): the activity boxes.
 * - `\phantom{x}` → `#hide($x$)`: the empty boxes' width (`\boxed{\phantom{00}}`).
 * - `\xrightarrow[below]{above}` → `stretch(->)^(above)_(below)`: chemical equations.
 * - `\text{…}` → a Typst string with `"` and `\` escaped (tex2typst copies them raw and breaks the string).
 * - `^\circ` → `°` (tex2typst gives a small ring, `circle.small`, that is not the degree sign).
 * - `\csc` → `\operatorname{cosec}`, as the state textbooks write it.
 */
import { tex2typst } from "tex2typst";

const PLACEHOLDER = /"PSPH(\d+)Z"/g;

/** Converts one TeX formula (without its `$` delimiters) to Typst maths code (without `$`). Throws if it cannot. */
export function texToTypst(tex: string): string {
  const slots: string[] = [];
  const prepared = protect(normalizeTex(tex), slots);
  let typst: string;
  try {
    typst = tex2typst(prepared, { nonStrict: true });
  } catch (error) {
    throw new Error(`cannot convert TeX ${JSON.stringify(tex)}: ${error instanceof Error ? error.message : error}`);
  }
  const used = new Set<number>();
  typst = typst.replace(PLACEHOLDER, (_, n: string) => {
    const index = Number(n);
    used.add(index);
    return slots[index] ?? "";
  });
  if (used.size !== slots.length) throw new Error(`cannot convert TeX ${JSON.stringify(tex)}: a part was lost`);
  return typst.trim();
}

/** Rewrites that need no parsing: the degree sign and cosec. */
function normalizeTex(tex: string): string {
  return tex
    .replace(/\^\s*\{\s*\\circ\s*\}/g, "°")
    .replace(/\^\s*\\circ(?![A-Za-z])/g, "°")
    .replace(/\\csc(?![A-Za-z])/g, "\\operatorname{cosec}");
}

/** Replaces each command tex2typst cannot handle by a placeholder; `slots` receives the Typst code for each. */
function protect(tex: string, slots: string[]): string {
  let out = "";
  let i = 0;
  while (i < tex.length) {
    const ch = tex[i];
    if (ch !== "\\") {
      out += ch;
      i += 1;
      continue;
    }
    const name = /^\\([A-Za-z]+|.)/.exec(tex.slice(i))?.[1] ?? "";
    const after = i + 1 + name.length;
    if (name === "text" || name === "textrm" || name === "mbox") {
      const arg = readArgument(tex, after);
      out += placeholder(slots, typstString(unescapeTexText(arg.value)));
      i = arg.end;
    } else if (name === "boxed") {
      const arg = readArgument(tex, after);
      out += placeholder(slots, `#pbox($${texToTypst(arg.value)}$)`);
      i = arg.end;
    } else if (name === "phantom") {
      const arg = readArgument(tex, after);
      out += placeholder(slots, `#hide($${texToTypst(arg.value)}$)`);
      i = arg.end;
    } else if (name === "xrightarrow" || name === "xleftarrow") {
      let end = after;
      let below = "";
      const optional = /^\s*\[/.exec(tex.slice(end));
      if (optional) {
        const close = findClosing(tex, end + optional[0].length - 1, "[", "]");
        below = tex.slice(end + optional[0].length, close);
        end = close + 1;
      }
      const above = readArgument(tex, end);
      const arrow =
        name === "xrightarrow" ? "stretch(->, size: #(100% + 0.6em))" : "stretch(<-, size: #(100% + 0.6em))";
      const top = above.value.trim() ? `^(${texToTypst(above.value)})` : "";
      const bottom = below.trim() ? `_(${texToTypst(below)})` : "";
      out += placeholder(slots, `${arrow}${top}${bottom}`);
      i = above.end;
    } else {
      out += `\\${name}`;
      i = after;
    }
  }
  return out;
}

function placeholder(slots: string[], code: string): string {
  slots.push(code);
  return `\\text{PSPH${slots.length - 1}Z}`;
}

/** The argument starting at `from` (spaces skipped): a braced group, a command or one character. */
function readArgument(tex: string, from: number): { value: string; end: number } {
  let i = from;
  while (i < tex.length && /\s/.test(tex[i] ?? "")) i += 1;
  if (tex[i] === "{") {
    const close = findClosing(tex, i, "{", "}");
    return { value: tex.slice(i + 1, close), end: close + 1 };
  }
  const command = /^\\([A-Za-z]+|.)/.exec(tex.slice(i));
  if (command) return { value: command[0], end: i + command[0].length };
  if (i >= tex.length) throw new Error(`TeX ${JSON.stringify(tex)}: a command at ${from} has no argument`);
  return { value: tex[i] ?? "", end: i + 1 };
}

/** Index of the bracket closing the one at `open`, skipping escaped brackets (`\{`). */
function findClosing(tex: string, open: number, opening: string, closing: string): number {
  let depth = 0;
  for (let i = open; i < tex.length; i += 1) {
    const ch = tex[i];
    if (ch === "\\") {
      i += 1;
      continue;
    }
    if (ch === opening) depth += 1;
    else if (ch === closing) {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  throw new Error(`TeX ${JSON.stringify(tex)}: unbalanced ${opening}${closing} at ${open}`);
}

/** `\text{…}` content: TeX's escaped characters (`\%`, `\&` …) and spacing commands to plain text. */
function unescapeTexText(text: string): string {
  return text
    .replace(/\\([%&$#_{}])/g, "$1")
    .replace(/\\[,;: ]/g, " ")
    .replace(/~/g, "\u00a0");
}

/** A Typst string literal. */
export function typstString(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`).replace(/\n/g, "\\n")}"`;
}
