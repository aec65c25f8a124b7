/**
 * TeX maths as a student reads it, for the search index and its snippets (decision 015): `x^2` is "x²",
 * `\frac{a+b}{2}` is "(a+b)/2", `\sum f_i x_i` is "Σ fᵢxᵢ", `\mathrm{CH_3COOH}` is "CH3COOH" (as people type a
 * formula), a fill-in box is "□". Words (`\text{…}`), numbers and signs stay, so the text is still searched by
 * its words; commands nobody reads (`\left`, `\phantom`, spacing) go.
 */

const SYMBOLS: Record<string, string> = {
  times: "×",
  div: "÷",
  cdot: "·",
  pm: "±",
  mp: "∓",
  le: "≤",
  leq: "≤",
  ge: "≥",
  geq: "≥",
  ne: "≠",
  neq: "≠",
  approx: "≈",
  equiv: "≡",
  propto: "∝",
  sim: "∼",
  cong: "≅",
  parallel: "∥",
  perp: "⊥",
  angle: "∠",
  triangle: "△",
  square: "□",
  therefore: "∴",
  because: "∵",
  circ: "°",
  degree: "°",
  infty: "∞",
  sum: "Σ",
  rightarrow: "→",
  to: "→",
  Rightarrow: "⇒",
  leftarrow: "←",
  leftrightarrow: "↔",
  uparrow: "↑",
  downarrow: "↓",
  ldots: "…",
  cdots: "…",
  dots: "…",
  vert: "|",
  mid: "|",
  percent: "%",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  delta: "δ",
  Delta: "Δ",
  theta: "θ",
  lambda: "λ",
  mu: "μ",
  pi: "π",
  rho: "ρ",
  sigma: "σ",
  Sigma: "Σ",
  phi: "φ",
  omega: "ω",
  Omega: "Ω",
};

/** Symbols written against the name after them. */
const PREFIXES = new Set(["angle", "triangle", "square"]);

/** Skips the spaces after a command; returns nothing, to be used in a template. */
function skipSpaces(reader: Reader): string {
  while (reader.source[reader.at] === " ") reader.at++;
  return "";
}

/** Named functions, written as words: "sin θ". */
const FUNCTIONS = new Set(["sin", "cos", "tan", "cot", "sec", "cosec", "csc", "log", "ln", "exp", "max", "min"]);
/** Spacing and sizing commands: a space at most. */
const SPACES = new Set([
  "quad",
  "qquad",
  "enspace",
  ",",
  ";",
  ":",
  "!",
  " ",
  "displaystyle",
  "textstyle",
  "left",
  "right",
]);
/** Commands whose argument is text, shown as it is. */
const TEXT_COMMANDS = new Set(["text", "textbf", "textit", "mbox", "mathrm", "mathbf", "mathit", "operatorname"]);

const SUPERSCRIPT: Record<string, string> = {
  "0": "⁰",
  "1": "¹",
  "2": "²",
  "3": "³",
  "4": "⁴",
  "5": "⁵",
  "6": "⁶",
  "7": "⁷",
  "8": "⁸",
  "9": "⁹",
  "+": "⁺",
  "-": "⁻",
  "=": "⁼",
  "(": "⁽",
  ")": "⁾",
  n: "ⁿ",
  i: "ⁱ",
  "°": "°",
};
const SUBSCRIPT: Record<string, string> = {
  "0": "₀",
  "1": "₁",
  "2": "₂",
  "3": "₃",
  "4": "₄",
  "5": "₅",
  "6": "₆",
  "7": "₇",
  "8": "₈",
  "9": "₉",
  "+": "₊",
  "-": "₋",
  "=": "₌",
  "(": "₍",
  ")": "₎",
  a: "ₐ",
  e: "ₑ",
  h: "ₕ",
  i: "ᵢ",
  j: "ⱼ",
  k: "ₖ",
  l: "ₗ",
  m: "ₘ",
  n: "ₙ",
  o: "ₒ",
  p: "ₚ",
  r: "ᵣ",
  s: "ₛ",
  t: "ₜ",
  x: "ₓ",
};

/** `text` in small raised or lowered characters, when every character has one; otherwise null. */
function script(text: string, table: Record<string, string>): string | null {
  const chars = [...text.replace(/\s+/g, "")];
  if (chars.length === 0 || !chars.every((c) => c in table)) return null;
  return chars.map((c) => table[c]).join("");
}

/** A fraction's part, in brackets when it is more than one number or name: (a+b)/2, not a+b/2. */
function operand(text: string): string {
  const t = text.trim();
  // One number or name, a name with its brackets ("n(A)", "A(△ABC)"), a box, or already in brackets.
  const atom = /^[\p{L}\p{N}.,°′□∠△√∛²³¹⁰⁴-⁹ⁿ₀-₉ᵢₙ]*(\([^()]*\))?$/u;
  return atom.test(t) || /^\([^()]*\)$/u.test(t) ? t : `(${t})`;
}

interface Reader {
  source: string;
  at: number;
  /** Inside `\mathrm{…}` (chemistry): subscripts are plain digits, "H2O", as people type formulas. */
  chemistry: boolean;
}

/** The next argument: a `{…}` group, a command, or one character; converted. */
function argument(reader: Reader): string {
  const { source } = reader;
  while (source[reader.at] === " ") reader.at++;
  const c = source[reader.at];
  if (c === undefined) return "";
  if (c === "{") {
    const end = closing(source, reader.at);
    const inner = source.slice(reader.at + 1, end);
    reader.at = end + 1;
    return convert(inner, reader.chemistry);
  }
  if (c === "\\") {
    const start = reader.at;
    reader.at++;
    command(reader);
    // One command and what it took: converted on its own.
    return convert(source.slice(start, reader.at), reader.chemistry);
  }
  reader.at += c.length;
  return c;
}

/** The index of the `}` that closes the `{` at `open` (the end of the text if none). */
function closing(source: string, open: number): number {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return source.length;
}

/** Reads a command's name after its backslash (letters, or one other character). */
function commandName(reader: Reader): string {
  const match = /^[a-zA-Z]+|^./su.exec(reader.source.slice(reader.at));
  const name = match?.[0] ?? "";
  reader.at += name.length;
  return name;
}

/** Moves past a command (its name and arguments) without converting: for `argument`'s single command. */
function command(reader: Reader): void {
  const name = commandName(reader);
  const args = ARGUMENTS[name] ?? 0;
  for (let i = 0; i < args; i++) argument(reader);
}

const ARGUMENTS: Record<string, number> = {
  frac: 2,
  dfrac: 2,
  tfrac: 2,
  sqrt: 1,
  boxed: 1,
  phantom: 1,
  bar: 1,
  overline: 1,
  vec: 1,
  hat: 1,
  xrightarrow: 1,
  begin: 1,
  end: 1,
  ...Object.fromEntries([...TEXT_COMMANDS].map((name) => [name, 1])),
};

/** TeX maths (what is between `$…$`) as readable text. */
export function texToText(source: string, chemistry = false): string {
  return convert(source, chemistry)
    .replace(/\s+/g, " ")
    .replace(/ (?=[,;])/g, "")
    .trim();
}

function convert(source: string, chemistry: boolean): string {
  const reader: Reader = { source, at: 0, chemistry };
  let out = "";
  while (reader.at < source.length) {
    const c = source[reader.at] as string;
    if (c === "\\") {
      reader.at++;
      out += commandText(reader);
      continue;
    }
    reader.at++;
    if (c === "^" || c === "_") {
      const arg = argument(reader);
      out = out.trimEnd() + attached(arg, c === "^", reader.chemistry);
    } else if (c === "{" || c === "}") {
      // A bare group: its contents, in place.
    } else if (c === "&" || c === "~") out += " ";
    else out += c;
  }
  return out;
}

/** A superscript or subscript, written against what it belongs to. */
function attached(arg: string, up: boolean, chemistry: boolean): string {
  const text = arg.trim();
  if (text === "°") return "°";
  if (!up && chemistry) return text;
  const small = script(text, up ? SUPERSCRIPT : SUBSCRIPT);
  if (small !== null) return small;
  return `${up ? "^" : "_"}${operand(text)}`;
}

/** The text of the command whose backslash was just read (and of the arguments it takes). */
function commandText(reader: Reader): string {
  const name = commandName(reader);
  if (name === "\\") return "; ";
  if (name === "{" || name === "}" || name === "%" || name === "$" || name === "&" || name === "#" || name === "_")
    return name;
  if (SPACES.has(name)) {
    // `\left.` and `\right.` are invisible delimiters.
    if ((name === "left" || name === "right") && reader.source[reader.at] === ".") reader.at++;
    return name === "left" || name === "right" ? "" : " ";
  }
  if (name in SYMBOLS) {
    const symbol = SYMBOLS[name] as string;
    // "∠ABC", "△PQR", "□PQRS": as the textbook writes them, against the name that follows.
    if (PREFIXES.has(name)) return ` ${symbol}${skipSpaces(reader)}`;
    return symbol === "°" ? "°" : ` ${symbol} `;
  }
  if (FUNCTIONS.has(name)) return ` ${name} `;
  if (TEXT_COMMANDS.has(name)) {
    const chemistry = reader.chemistry;
    reader.chemistry = name === "mathrm" || chemistry;
    const text = argument(reader);
    reader.chemistry = chemistry;
    return text;
  }
  switch (name) {
    case "frac":
    case "dfrac":
    case "tfrac": {
      const top = argument(reader);
      const bottom = argument(reader);
      return ` ${operand(top)}/${operand(bottom)} `;
    }
    case "sqrt": {
      let root = "√";
      if (reader.source[reader.at] === "[") {
        const end = reader.source.indexOf("]", reader.at);
        const index = reader.source.slice(reader.at + 1, end === -1 ? undefined : end).trim();
        reader.at = end === -1 ? reader.source.length : end + 1;
        root = index === "3" ? "∛" : index === "4" ? "∜" : `${script(index, SUPERSCRIPT) ?? index}√`;
      }
      return `${root}${operand(argument(reader))}`;
    }
    case "boxed": {
      // A box to fill in (its contents a \phantom) or a boxed answer.
      const inner = argument(reader).trim();
      return inner === "" || inner === "□" ? " □ " : ` ${inner} `;
    }
    case "phantom":
      argument(reader);
      return "";
    case "bar":
    case "overline":
    case "vec":
    case "hat": {
      const inner = argument(reader).trim();
      // One letter takes a combining mark (x̄); longer (a segment's name, AB) stays as it is.
      const mark = name === "vec" ? "\u20D7" : name === "hat" ? "\u0302" : "\u0304";
      return [...inner].length === 1 ? `${inner}${mark}` : inner;
    }
    case "xrightarrow": {
      const label = argument(reader).trim();
      return label ? ` →(${label}) ` : " → ";
    }
    case "begin": {
      const environment = argument(reader);
      return /matrix/.test(environment) ? (environment.startsWith("v") ? " |" : " (") : " ";
    }
    case "end": {
      const environment = argument(reader);
      return /matrix/.test(environment) ? (environment.startsWith("v") ? "| " : ") ") : " ";
    }
    default:
      // Anything else is layout nobody reads.
      return " ";
  }
}
