/**
 * Site search vocabulary (issue 16), shared by the search API, the /search page's loader and the browser. It
 * must stay free of zod and server code: the header's search box imports it.
 */

/** Longer queries get a 400 from the API and a clear message on the page: nobody types 200 characters. */
export const SEARCH_MAX_LENGTH = 200;

export type SearchKind = "subject" | "question" | "article" | "paper";

/** The order of the result groups on the page. */
export const SEARCH_KINDS: readonly SearchKind[] = ["subject", "question", "article", "paper"];

/** Hits per group when the caller does not say (the API's default; the page asks for more). */
export const SEARCH_DEFAULT_LIMIT = 5;
/** The most hits per group anyone may ask for: bounds the work of one query. */
export const SEARCH_MAX_LIMIT = 20;

/** One piece of a snippet; `hit` pieces are matched terms, shown as `<mark>`. Never HTML. */
export interface SnippetPart {
  text: string;
  hit: boolean;
}

export type SearchHitLang = "en" | "mr" | "hi" | "sa";

export interface SearchHit {
  kind: SearchKind;
  /** e.g. "Algebra: Model Paper 1 · Q.1 (A) (i)", "Science and Technology Part 1, March 2024". */
  title: string;
  /**
   * Ready to use, localized for the visitor's locale (under /mr where the target exists there). Questions open
   * at the question (`<model paper path>#<itemId>`); official papers open the subject page's viewer.
   */
  url: string;
  /** A short excerpt (about 160 characters at most) with the matches marked; [] if none. */
  snippet: SnippetPart[];
  /** The small grey line: subject name, chapter name, year… */
  context?: string;
  /** Language of the hit's text (for the `lang` attribute). */
  lang: SearchHitLang;
}

export interface SearchGroup {
  kind: SearchKind;
  /** How many documents of this kind match: more than `hits` when the group was cut at the limit. */
  total: number;
  hits: SearchHit[];
}

export interface SearchResult {
  query: string;
  total: number;
  groups: SearchGroup[];
}

export type SearchQuery = { ok: true; q: string } | { ok: false; reason: "empty" | "too_long" | "repeated" };

/** The API's messages for bad queries (English: the API contract; translated under `api.search.*`). */
export const SEARCH_MESSAGES = {
  empty: "Type something to search for",
  too_long: `Search for at most ${SEARCH_MAX_LENGTH} characters`,
  repeated: "Give one search at a time",
} as const satisfies Record<Exclude<SearchQuery, { ok: true }>["reason"], string>;

// Control characters (NUL from `%00` included), lone surrogates and U+FFFD (what a URL's broken UTF-8 or lone
// surrogate decodes to) cannot be typed by a person and break databases' text functions: they become spaces
// before anything else looks at the query.
const UNTYPEABLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  /[\u0000-\u001f\u007f-\u009f\ufffd]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Trims, collapses white space and drops untypeable characters. */
export function normalizeSearchText(text: string): string {
  return text.replace(UNTYPEABLE, " ").replace(/\s+/gu, " ").trim();
}

/** From a URL's search params: trims, collapses spaces; `q` given twice -> repeated; > SEARCH_MAX_LENGTH -> too_long. */
export function parseSearchQuery(params: URLSearchParams): SearchQuery {
  const values = params.getAll("q");
  if (values.length > 1) return { ok: false, reason: "repeated" };
  const q = normalizeSearchText(values[0] ?? "");
  if (q === "") return { ok: false, reason: "empty" };
  // Counted in code points, as a person counts characters (Devanagari and emoji included).
  if ([...q].length > SEARCH_MAX_LENGTH) return { ok: false, reason: "too_long" };
  return { ok: true, q };
}

/** The `limit` parameter: a whole number in 1..SEARCH_MAX_LIMIT, anything else the default. */
export function parseSearchLimit(value: string | null | undefined): number {
  if (value == null || !/^\d{1,3}$/.test(value)) return SEARCH_DEFAULT_LIMIT;
  const n = Number(value);
  return n >= 1 && n <= SEARCH_MAX_LIMIT ? n : SEARCH_DEFAULT_LIMIT;
}
