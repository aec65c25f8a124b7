/**
 * Makes an SVG file's markup safe to inline in a page. The model papers' figures are our own files, but inlining
 * must be safe whatever a file holds, so this keeps only what a drawing needs (an allow-list, not a deny-list):
 * - elements: shapes, text, groups and the few definitions a figure uses (markers, gradients, clip paths);
 *   anything else is dropped with everything inside it (`<script>`, `<style>`, `<foreignObject>`, `<image>`,
 *   `<a>`, animations, HTML elements that would break out of the SVG);
 * - attributes: geometry and presentation only, so no `on*` handler, no `style`, no `class`; a `href` (or
 *   `xlink:href`) only when it points into the figure (`#id`), a `url(…)` value only when it is `url(#id)`;
 * - comments, the XML prolog, processing instructions and the doctype go; CDATA becomes escaped text;
 * - ids are prefixed (and the references to them), so two figures on one page cannot take each other's markers;
 * - the root gets `role="img"` and `aria-label` (the figure's alt text) and keeps its `viewBox`, `width` and
 *   `height`; `style="max-width:100%;height:auto"` lets it shrink to a narrow phone's width with its proportions.
 * Whitespace between elements is dropped (not inside text). Every value is decoded and written again escaped.
 */
import { escapeHtml } from "../http/escape.server.ts";

export class SvgError extends Error {
  override name = "SvgError";
}

export interface SanitizeSvgOptions {
  /** The figure's description for screen readers (the paper's `figureAlt`). */
  alt: string;
  /** Prefix for the figure's ids, unique on the page (`q2a1-figure`); lower-case letters, digits and hyphens. */
  idPrefix?: string;
}

/** SVG elements a drawing may use, as SVG spells them (case matters in SVG). */
const ELEMENTS = new Set([
  "svg",
  "g",
  "defs",
  "title",
  "desc",
  "path",
  "line",
  "polyline",
  "polygon",
  "rect",
  "circle",
  "ellipse",
  "text",
  "tspan",
  "textPath",
  "marker",
  "symbol",
  "use",
  "clipPath",
  "mask",
  "pattern",
  "linearGradient",
  "radialGradient",
  "stop",
]);

/** Elements whose whitespace is content. */
const TEXT_ELEMENTS = new Set(["text", "tspan", "textPath", "title", "desc"]);

/** Geometry and presentation attributes. `id` and the references are handled apart. */
const ATTRIBUTES = new Set([
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "fx",
  "fy",
  "d",
  "points",
  "width",
  "height",
  "viewBox",
  "preserveAspectRatio",
  "transform",
  "fill",
  "fill-opacity",
  "fill-rule",
  "stroke",
  "stroke-width",
  "stroke-dasharray",
  "stroke-dashoffset",
  "stroke-linecap",
  "stroke-linejoin",
  "stroke-miterlimit",
  "stroke-opacity",
  "opacity",
  "color",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "font-variant",
  "text-anchor",
  "text-decoration",
  "dominant-baseline",
  "alignment-baseline",
  "baseline-shift",
  "letter-spacing",
  "word-spacing",
  "writing-mode",
  "direction",
  "dx",
  "dy",
  "rotate",
  "textLength",
  "lengthAdjust",
  "startOffset",
  "marker-start",
  "marker-mid",
  "marker-end",
  "markerWidth",
  "markerHeight",
  "markerUnits",
  "refX",
  "refY",
  "orient",
  "offset",
  "stop-color",
  "stop-opacity",
  "gradientUnits",
  "gradientTransform",
  "spreadMethod",
  "patternUnits",
  "patternContentUnits",
  "patternTransform",
  "clipPathUnits",
  "maskUnits",
  "maskContentUnits",
  "clip-path",
  "clip-rule",
  "mask",
  "visibility",
  "display",
  "vector-effect",
  "paint-order",
  "shape-rendering",
  "text-rendering",
  "xml:space",
]);

const ID = /^[A-Za-z_][\w.-]*$/;
const URL_VALUE = /url\(\s*(['"]?)(.*?)\1\s*\)/gi;

/**
 * One token of the markup: a comment, a processing instruction or doctype, CDATA, an end tag, a start tag, or
 * text up to the next `<`. A `<` that starts none of these is text.
 */
const TOKEN = new RegExp(
  [
    /<!--[\s\S]*?(?:-->|$)/.source, // comment
    /<\?[\s\S]*?(?:\?>|$)/.source, // XML prolog, processing instruction
    /<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/.source, // CDATA: group 1
    /<![^>[]*(?:\[[\s\S]*?\])?\s*>/.source, // doctype, with its internal subset
    /<\/([A-Za-z_][\w:.-]*)\s*>/.source, // end tag: group 2
    // start tag: name (group 3), attributes (group 4), "/" when self-closing (group 5)
    /<([A-Za-z_][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/.source,
    /[^<]+|</.source, // text
  ].join("|"),
  "g",
);
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const XML_ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

/** XML character references and the five XML entities decoded; anything else is left as written. */
function decodeXml(text: string): string {
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|([a-z]+));/gi, (whole, hex?: string, dec?: string, name?: string) => {
    if (name !== undefined) return XML_ENTITIES[name] ?? whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number.parseInt(dec ?? "", 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
  });
}

/** Ids on the page are `<prefix>-<id>`; only `#id` references survive, rewritten to match. */
function localReference(value: string, prefix: string): string | null {
  const target = value.trim();
  if (!target.startsWith("#")) return null;
  const id = target.slice(1);
  return ID.test(id) ? `#${prefix}${id}` : null;
}

/** A value with `url(…)` is kept only when every url is `url(#id)` (no outside resource, no data: URL). */
function withLocalUrls(value: string, prefix: string): string | null {
  if (!/url\s*\(/i.test(value)) return value;
  let ok = true;
  const rewritten = value.replace(URL_VALUE, (_, _quote: string, target: string) => {
    const local = localReference(target, prefix);
    if (local === null) ok = false;
    return `url(${local ?? ""})`;
  });
  // A `url(` that URL_VALUE could not read (unclosed, nested) is refused too.
  return ok && !/url\s*\((?![^)]*\))/i.test(rewritten) ? rewritten : null;
}

function sanitizeAttributes(raw: string, prefix: string): Array<[string, string]> {
  const kept: Array<[string, string]> = [];
  for (const match of raw.matchAll(ATTRIBUTE)) {
    const name = match[1] ?? "";
    const value = decodeXml(match[2] ?? match[3] ?? match[4] ?? "");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters have no place in a value
    if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value)) continue;
    if (name === "id") {
      if (ID.test(value.trim())) kept.push(["id", `${prefix}${value.trim()}`]);
    } else if (name === "href" || name === "xlink:href") {
      const local = localReference(value, prefix);
      if (local !== null) kept.push(["href", local]);
    } else if (ATTRIBUTES.has(name)) {
      const safe = withLocalUrls(value, prefix);
      if (safe !== null) kept.push([name, safe]);
    }
  }
  // The last of a repeated attribute wins in XML's eyes (it is an error there): keep one of each.
  const byName = new Map(kept);
  return [...byName];
}

function startTag(name: string, attributes: Array<[string, string]>, selfClosing: boolean): string {
  const attrs = attributes.map(([key, value]) => ` ${key}="${escapeHtml(value)}"`).join("");
  return `<${name}${attrs}${selfClosing ? "/>" : ">"}`;
}

/** The SVG markup, sanitised for inlining in HTML. Throws SvgError when the markup has no `<svg>` root. */
export function sanitizeSvg(markup: string, options: SanitizeSvgOptions): string {
  const prefix = options.idPrefix ? `${options.idPrefix.toLowerCase().replace(/[^a-z0-9-]+/g, "-")}-` : "";
  const out: string[] = [];
  /** Open elements: their name and whether they are dropped (with all they hold). */
  const stack: Array<{ name: string; dropped: boolean }> = [];
  let rootSeen = false;
  const dropping = () => stack.some((entry) => entry.dropped);
  const inText = () => stack.some((entry) => TEXT_ELEMENTS.has(entry.name));
  const closeTop = () => {
    const entry = stack.pop();
    if (entry && !entry.dropped && !dropping()) out.push(`</${entry.name}>`);
  };

  for (const match of markup.matchAll(TOKEN)) {
    const token = match[0];
    const [, cdata, endName, startName, rawAttributes = "", selfClosing] = match;
    if (startName !== undefined) {
      if (!rootSeen) {
        if (startName !== "svg") throw new SvgError(`the root element is <${startName}>, not <svg>`);
        rootSeen = true;
        const attributes = sanitizeAttributes(rawAttributes, prefix);
        attributes.push(["role", "img"], ["aria-label", options.alt], ["style", "max-width:100%;height:auto"]);
        out.push(startTag("svg", attributes, false));
        if (selfClosing) {
          out.push("</svg>");
          break;
        }
        stack.push({ name: "svg", dropped: false });
        continue;
      }
      const dropped = dropping() || !ELEMENTS.has(startName);
      if (!dropped) out.push(startTag(startName, sanitizeAttributes(rawAttributes, prefix), selfClosing === "/"));
      if (!selfClosing) stack.push({ name: startName, dropped });
    } else if (endName !== undefined) {
      const open = stack.findLastIndex((entry) => entry.name === endName);
      if (open < 0) continue; // a stray end tag
      // Close what was left open inside it (malformed markup), then the element itself.
      while (stack.length > open) closeTop();
      if (stack.length === 0) break; // the root is closed: anything after it is not part of the figure
    } else if (rootSeen && !dropping() && (cdata !== undefined || !/^<[!?]/.test(token))) {
      // Text (comments, the doctype and processing instructions are dropped; CDATA is text).
      const text = cdata ?? decodeXml(token);
      if (text.trim() !== "" || inText()) out.push(escapeHtml(text));
    }
  }
  if (!rootSeen) throw new SvgError("no <svg> element");
  while (stack.length > 0) closeTop();
  return out.join("");
}
