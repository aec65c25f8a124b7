import { Marked, type Tokens } from "marked";
import { parse as parseYaml } from "yaml";
import type { z } from "zod";

/** The five characters that matter in HTML text and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

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
const markdown = new Marked({ gfm: true, async: false });
markdown.use({
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
});

export function renderMarkdown(source: string): string {
  return markdown.parse(source, { async: false });
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
