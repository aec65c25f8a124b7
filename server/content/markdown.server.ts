import { Marked, type MarkedExtension, type TokenizerExtension, type Tokens } from "marked";
import temml from "temml";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";
import { escapeHtml } from "../http/escape.server.ts";

const NAMED_ENTITIES: Record<string, string> = { colon: ":", tab: "\t", newline: "\n", amp: "&", sol: "/" };

/**
 * What a browser would see as the URL's scheme: character references decoded, and the
 * tabs, newlines and control characters that browsers strip removed (`java&#x09;script:`).
 */
function schemeOf(href: string): string | null {
  const decoded = href
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10) % 0x110000))
    .replace(/&([a-z]+);/gi, (whole, name: string) => NAMED_ENTITIES[name.toLowerCase()] ?? whole);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const compact = decoded.replace(/[\u0000-\u0020\u007f-\u009f]/g, "").toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(compact);
  return match?.[1] ?? null;
}

const SAFE_SCHEMES = new Set(["http", "https", "mailto", "tel"]);

/** A link target we are willing to print: relative, or one of the safe schemes. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (trimmed === "") return null;
  const scheme = schemeOf(trimmed);
  if (scheme === null) return trimmed;
  return SAFE_SCHEMES.has(scheme) ? trimmed : null;
}

function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

/**
 * Markdown to HTML that is safe to put in the page as it is:
 * - raw HTML (block or inline) is printed as escaped text, so `<script>` or `onerror=` never become markup;
 * - links with other schemes than http(s), mailto and tel lose their link (the text stays);
 * - outside links get rel="noopener noreferrer";
 * - images must be local files (no third-party requests), else their alt text is shown;
 * - `#` headings become h2, because every page has its own h1.
 */
const SAFE_RENDERING: MarkedExtension = {
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    heading({ tokens, depth }: Tokens.Heading) {
      const level = Math.min(6, Math.max(2, depth));
      return `<h${level}>${this.parser.parseInline(tokens)}</h${level}>\n`;
    },
    link({ href, title, tokens }: Tokens.Link) {
      const inner = this.parser.parseInline(tokens);
      const target = safeHref(href);
      if (target === null) return `<span>${inner}</span>`;
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      const rel = isExternal(target) ? ' rel="noopener noreferrer"' : "";
      return `<a href="${escapeHtml(target)}"${titleAttr}${rel}>${inner}</a>`;
    },
    image({ href, title, text }: Tokens.Image) {
      const local = href.startsWith("/") && !href.startsWith("//") && safeHref(href) !== null;
      if (!local) return escapeHtml(text);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : "";
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(text)}"${titleAttr} loading="lazy" decoding="async">`;
    },
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Maths: `$…$` (inline) and `$$…$$` (display) TeX, rendered on the server to MathML Core with temml. The browser
// gets <math> elements and nothing else: no maths script, no maths font (Chrome on Android renders MathML Core
// since v109). Only where the caller asks for it (`math: true`): in an article a `$` stays a dollar sign.
// ---------------------------------------------------------------------------------------------------------------

/** TeX that temml could not render: the source as written, whether it was display maths, and temml's message. */
export class MathError extends Error {
  override name = "MathError";
  readonly tex: string;
  readonly displayMode: boolean;
  /** temml's message. */
  readonly reason: string;
  constructor(tex: string, displayMode: boolean, reason: string) {
    super(`cannot render TeX ${displayMode ? `$$${tex}$$` : `$${tex}$`}: ${reason}`);
    this.tex = tex;
    this.displayMode = displayMode;
    this.reason = reason;
  }
}

/**
 * temml's options. `strict` refuses what LaTeX itself would refuse (and `\class`, `\style`…); `trust: false`
 * refuses `\href`, `\url`, `\includegraphics`; sizes are bounded (and macro expansion, by temml's default), so
 * no TeX can make a huge element or loop. No `annotate` (the TeX source would double the size) and no `wrap`:
 * temml's soft line breaks work only in Firefox. temml always throws here: what to do with an error is ours to
 * decide (see `renderMarkdown`'s `mathErrors`).
 */
const TEMML_OPTIONS = {
  throwOnError: true,
  strict: true,
  trust: false,
  annotate: false,
  xml: false,
  wrap: "none",
  maxSize: [10, 300],
} as const satisfies Parameters<typeof temml.renderToString>[1];

/** Renders one TeX snippet to a `<math>` element; throws MathError when temml cannot. */
export function renderTex(tex: string, displayMode: boolean): string {
  try {
    return temml.renderToString(tex, { ...TEMML_OPTIONS, displayMode, maxSize: [...TEMML_OPTIONS.maxSize] });
  } catch (error) {
    throw new MathError(tex, displayMode, error instanceof Error ? error.message.trim() : String(error));
  }
}

/**
 * What happens to TeX that temml cannot render:
 * - "fallback" (the default, for pages): the TeX is printed as escaped text in `<code class="math-error">` and
 *   `onMathError` is told (by default a warning on the console), so one bad snippet never breaks a page;
 * - "throw": a MathError is thrown, naming the snippet (tests over the content use this).
 */
export type MathErrorMode = "fallback" | "throw";

export interface MarkdownOptions {
  /** `$…$` and `$$…$$` are TeX maths, rendered to MathML. Off by default: articles keep their dollar signs. */
  math?: boolean;
  /** Only inline Markdown (no paragraph around the text): for one-line fields such as options and marking points. */
  inline?: boolean;
  /** See MathErrorMode; "fallback" when omitted. */
  mathErrors?: MathErrorMode;
  /** Told of each snippet that fell back (mode "fallback"); defaults to a console warning. */
  onMathError?: (error: MathError) => void;
}

interface MathToken extends Tokens.Generic {
  type: "mathBlock" | "mathInline";
  raw: string;
  tex: string;
  displayMode: boolean;
}

/** `$$…$$` alone on its lines: a display formula block (a paragraph never swallows it). */
const MATH_BLOCK = /^ {0,3}\$\$((?:\\[\s\S]|[^\\$])+?)\$\$[ \t]*(?:\n+|$)/;
const MATH_BLOCK_START = /(?:^|\n)( {0,3}\$\$(?:\\[\s\S]|[^\\$])+?\$\$[ \t]*(?:\n|$))/;
/** `$$…$$` inside a line: display maths within the text. */
const MATH_DISPLAY_INLINE = /^\$\$((?:\\[\s\S]|[^\\$])+?)\$\$/;
/**
 * `$…$`: the opening `$` is not followed by a space and the closing one is not followed by a digit (so
 * "between $5 and $10" stays text); `\$` is a dollar sign, inside maths or out. A space before the closing `$`
 * is allowed: the papers write `$\angle F = $ ?`.
 */
const MATH_INLINE = /^\$(?![\s$])((?:\\[\s\S]|[^\\$])+?)\$(?!\d)/;
/** Every maths span, for masking them from the emphasis scanner (a `*` or `_` in TeX is not a delimiter). */
const MATH_ANYWHERE = /\$\$(?:\\[\s\S]|[^\\$])+?\$\$|\$(?![\s$])(?:\\[\s\S]|[^\\$])+?\$(?!\d)/g;

function mathToken(match: RegExpExecArray, type: MathToken["type"], displayMode: boolean): MathToken {
  return { type, raw: match[0], tex: (match[1] ?? "").trim(), displayMode };
}

const mathBlock: TokenizerExtension = {
  name: "mathBlock",
  level: "block",
  start(src) {
    const match = MATH_BLOCK_START.exec(src);
    return match ? match.index + (match[0].startsWith("\n") ? 1 : 0) : undefined;
  },
  tokenizer(src) {
    const match = MATH_BLOCK.exec(src);
    return match ? mathToken(match, "mathBlock", true) : undefined;
  },
};

const mathInline: TokenizerExtension = {
  name: "mathInline",
  level: "inline",
  start(src) {
    const index = src.indexOf("$");
    return index >= 0 ? index : undefined;
  },
  tokenizer(src) {
    const display = MATH_DISPLAY_INLINE.exec(src);
    if (display) return mathToken(display, "mathInline", true);
    const match = MATH_INLINE.exec(src);
    return match ? mathToken(match, "mathInline", false) : undefined;
  },
};

/** The error handling of the render call in progress (rendering is synchronous, so one at a time). */
let mathContext: { mode: MathErrorMode; onError: (error: MathError) => void } = {
  mode: "fallback",
  onError: warnMathError,
};

function warnMathError(error: MathError): void {
  console.warn(`markdown: ${error.message}`);
}

function renderMathToken(token: MathToken): string {
  let html: string;
  try {
    html = renderTex(token.tex, token.displayMode);
  } catch (error) {
    if (!(error instanceof MathError) || mathContext.mode === "throw") throw error;
    mathContext.onError(error);
    html = `<code class="math-error">${escapeHtml(token.raw.trim())}</code>`;
  }
  if (!token.displayMode) return html;
  // A wide formula scrolls sideways in its own box (page CSS: `.math-display { overflow-x: auto }`) rather than
  // widening the page on a narrow phone.
  return token.type === "mathBlock"
    ? `<div class="math-display">${html}</div>\n`
    : `<span class="math-display">${html}</span>`;
}

const MATH: MarkedExtension = {
  extensions: [
    { ...mathBlock, renderer: (token) => renderMathToken(token as MathToken) },
    { ...mathInline, renderer: (token) => renderMathToken(token as MathToken) },
  ],
  hooks: {
    emStrongMask(src: string) {
      return src.replace(MATH_ANYWHERE, (span) => "a".repeat(span.length));
    },
  },
};

const markdown = new Marked({ gfm: true, async: false }, SAFE_RENDERING);
const markdownWithMath = new Marked({ gfm: true, async: false }, SAFE_RENDERING, MATH);

/**
 * The site's one Markdown renderer (see SAFE_RENDERING for what it lets through). Articles call it with no
 * options; model papers add `math: true` (TeX to MathML) and `inline: true` for one-line fields.
 */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  const { math = false, inline = false } = options;
  if (!math) return inline ? markdown.parseInline(source, { async: false }) : markdown.parse(source, { async: false });
  const previous = mathContext;
  mathContext = { mode: options.mathErrors ?? "fallback", onError: options.onMathError ?? warnMathError };
  try {
    return inline
      ? markdownWithMath.parseInline(source, { async: false })
      : markdownWithMath.parse(source, { async: false });
  } catch (error) {
    // marked appends "Please report this to …" to any error's message: give the caller a clean one.
    if (error instanceof MathError) throw new MathError(error.tex, error.displayMode, error.reason);
    throw error;
  } finally {
    mathContext = previous;
  }
}

/** Words in the Markdown text, as a reader would count them (markup and link targets left out). */
export function countWords(source: string): number {
  const text = source
    .replace(/\]\([^)]*\)/g, "]")
    .replace(/[#*_>`[\]|-]+/g, " ")
    .trim();
  return text === "" ? 0 : text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

export class ContentError extends Error {
  override name = "ContentError";
}

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)([\s\S]*)$/;

/**
 * Splits `---` YAML front matter from the Markdown body and validates it. Every failure
 * names the file, so a typo in one article fails the build or test with a clear message.
 */
export function parseFrontMatter<S extends z.ZodType>(
  source: string,
  schema: S,
  file: string,
): { data: z.output<S>; body: string } {
  const match = FRONT_MATTER.exec(source);
  if (!match) throw new ContentError(`${file}: missing front matter (the file must start with a --- block)`);
  let raw: unknown;
  try {
    raw = parseYaml(match[1] ?? "");
  } catch (error) {
    throw new ContentError(`${file}: front matter is not valid YAML: ${(error as Error).message}`);
  }
  const result = schema.safeParse(raw ?? {});
  if (!result.success) {
    const problems = result.error.issues.map(
      (issue) => `${issue.path.join(".") || "(front matter)"}: ${issue.message}`,
    );
    throw new ContentError(`${file}: invalid front matter: ${problems.join("; ")}`);
  }
  return { data: result.data, body: match[2] ?? "" };
}

/** Splits Markdown at its `## ` headings: the text before the first heading is dropped if blank. */
export function splitSections(body: string): Array<{ heading: string; markdown: string }> {
  const sections: Array<{ heading: string; markdown: string }> = [];
  let current: { heading: string; lines: string[] } | null = null;
  const lead: string[] = [];
  for (const line of body.split(/\r?\n/)) {
    const heading = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading && !line.startsWith("###")) {
      if (current) sections.push({ heading: current.heading, markdown: current.lines.join("\n").trim() });
      current = { heading: heading[1] ?? "", lines: [] };
    } else if (current) current.lines.push(line);
    else lead.push(line);
  }
  if (current) sections.push({ heading: current.heading, markdown: current.lines.join("\n").trim() });
  const intro = lead.join("\n").trim();
  return intro ? [{ heading: "", markdown: intro }, ...sections] : sections;
}
