/**
 * The site search (issue 16, decision 015): PostgreSQL full-text search over `search_documents`, on PGlite and
 * PostgreSQL alike. The query never reaches the tsquery parser as typed: it is cut into words (letters, marks
 * and digits only), so SQL, HTML, tsquery operators and stray punctuation cannot cause an error. Each word
 * matches as a prefix (as-you-type), and a word the index does not know is widened to its nearest known
 * words by trigram similarity (pg_trgm), for typos.
 */
import { sql } from "drizzle-orm";
import type { Locale } from "../../domain/i18n.ts";
import {
  normalizeSearchText,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_KINDS,
  SEARCH_MAX_LIMIT,
  type SearchGroup,
  type SearchHit,
  type SearchHitLang,
  type SearchKind,
  type SearchResult,
  type SnippetPart,
} from "../../domain/search.ts";
import { onCatalogueChange } from "../admin/changes.server.ts";
import { createCache } from "../cache/cache.server.ts";
import { type Database, rowsOf } from "../db/client.server.ts";
import type { Services } from "../services.server.ts";
import { scheduleSearchSync } from "./index.server.ts";
import { nearWords } from "./lexicon.server.ts";
import { countSearchMiss, createGate } from "./limits.server.ts";
import { isStopWord } from "./stop-words.server.ts";

/** Words used from one query: more only narrow an AND further and cost time. */
const MAX_WORDS = 8;
/** A word longer than this is not a word a student types; cut, it still matches as a prefix. */
const MAX_WORD_LENGTH = 40;
/** Snippets are cut to about this many characters. */
const SNIPPET_CHARS = 160;

// ts_headline's markers: private-use characters, which no content and no (sanitised) query contains.
const MARK_START = "\uE000";
const MARK_END = "\uE001";
// A long text: the passage around the best match, with words on both sides. Its fragments end at a word, so a
// formula's last numbers ("= 0") may go: fine in a passage that is cut anyway.
const HEADLINE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=20, MinWords=8, ShortWord=0, MaxFragments=1, HighlightAll=false`;
// A text that fits in a snippet: all of it, marked, so that a question reads whole ("… 3x² - 12x + 7 = 0.").
const WHOLE_OPTIONS = `StartSel=${MARK_START}, StopSel=${MARK_END}, HighlightAll=true`;

/**
 * Within its group a hit's order is its score alone; across groups (the `total` and any caller that merges
 * groups), a subject or a paper that matches is usually what was meant, more than one question of hundreds.
 */
const KIND_WEIGHT: Record<SearchKind, number> = { subject: 1.5, paper: 1.2, article: 1, question: 1 };

// HTML tags a query may carry (pasted or probing): their names and attributes are no words anybody searches
// for; `<img src=x onerror=alert(1)>` is no search at all. Only real element names count, so that maths such as
// "x<y and y>z" keeps its words. An unclosed tag runs to the end. Entities (`&lt;`, `&#60;`) go too.
const MARKUP =
  /<\/?(?:a|abbr|audio|b|base|body|br|button|center|code|details|div|em|embed|font|form|frame|h[1-6]|head|hr|html|i|iframe|image|img|input|li|link|marquee|math|meta|noscript|object|ol|option|p|script|select|source|span|strong|style|svg|table|td|template|textarea|th|title|tr|u|ul|video|xml)\b[^<>]*>?|&(?:[a-z]+|#x?[0-9a-f]+);/giu;

/**
 * The words a query is searched by: markup removed, cut into words of letters, marks and digits (so nothing
 * else can reach the tsquery), lower-cased, NFC, without stop words and repeats, at most eight.
 */
export function queryWords(q: string): string[] {
  const words =
    normalizeSearchText(q)
      .replace(MARKUP, " ")
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const unique: string[] = [];
  for (const word of words) {
    if (isStopWord(word)) continue;
    const cut = [...word].slice(0, MAX_WORD_LENGTH).join("");
    if (!unique.includes(cut)) unique.push(cut);
    if (unique.length === MAX_WORDS) break;
  }
  return unique;
}

/** Characters from which a word also matches longer words: one or two letters would match half the index. */
export const PREFIX_FROM = 3;

/** Whether a word matches longer words too ("quadr" finds "quadratic"; "x" and "ab" only themselves). */
function prefixable(word: string): boolean {
  return [...word].length >= PREFIX_FROM;
}

/**
 * A word of one letter ("x", "b") matches in the text only: every question's title carries its labels, "Q.2
 * (B) (1)", so a letter there would match most questions. A digit still matches everywhere ("science 1").
 */
function singleLetter(word: string): boolean {
  return [...word].length === 1 && !/\p{N}/u.test(word);
}

/** The words the fallback (any word instead of every word) may use: single letters and short words find too much. */
function significant(word: string): boolean {
  return [...word].length >= PREFIX_FROM;
}

/**
 * The tsquery text for `to_tsquery`: every word quoted (it holds only letters, marks and digits, so the quotes
 * cannot be broken out of), `:*` for prefixes, alternatives for misspelt words, joined by `&` (all words) or
 * `|` (any word, the fallback when all words find nothing). A single letter matches only in the text shown
 * (weight C), never titles, keywords or answers, so a hit always shows why it matched. The `english` query
 * takes no prefixes: it has the word forms already, and a stem's prefix is too wide ("planning" is 'plan', and
 * 'plan':* finds "planet" and "plants"); the `search_simple` one has the words as written, so "quadr" and
 * "equati" find as you type.
 */
export function tsqueryText(
  words: readonly string[],
  near: ReadonlyMap<string, readonly string[]>,
  { any = false, prefix = true }: { any?: boolean; prefix?: boolean } = {},
) {
  return words
    .map((word) => {
      const forms = [`'${word}'${prefix && prefixable(word) ? ":*" : singleLetter(word) ? ":C" : ""}`];
      for (const other of near.get(word) ?? []) forms.push(`'${other}'`);
      return forms.length === 1 ? forms[0] : `(${forms.join(" | ")})`;
    })
    .join(any ? " | " : " & ");
}

/** A ts_headline result, split at its markers. Parts are plain text; never HTML. */
export function snippetParts(headline: string | null | undefined, maxChars = SNIPPET_CHARS): SnippetPart[] {
  if (!headline) return [];
  const parts: SnippetPart[] = [];
  let length = 0;
  const pieces = headline.replace(/\s+/g, " ").trim().split(MARK_START);
  for (const [i, piece] of pieces.entries()) {
    const [marked, plain] = i === 0 ? [undefined, piece] : splitOnce(piece, MARK_END);
    for (const [text, hit] of [
      [marked, true],
      [plain, false],
    ] as const) {
      if (!text) continue;
      const room = maxChars - length;
      if (room <= 0) break;
      let cut = text;
      if ([...text].length > room) {
        // Cut at a word's end, and say so.
        const head = [...text].slice(0, room).join("");
        const space = head.lastIndexOf(" ");
        cut = `${(space > room / 2 ? head.slice(0, space) : head).trimEnd()}…`;
      }
      const last = parts.at(-1);
      if (last && last.hit === hit) last.text += cut;
      else parts.push({ text: cut, hit });
      length += [...cut].length;
    }
  }
  return parts.filter((part) => part.text.trim() !== "" || !part.hit);
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at === -1 ? [text, ""] : [text.slice(0, at), text.slice(at + marker.length)];
}

interface Row {
  id: string;
  kind: SearchKind;
  lang: SearchHitLang;
  title: string;
  title_mr: string | null;
  context: string | null;
  context_mr: string | null;
  url: string;
  url_mr: string;
  kind_total: number | string;
  headline: string | null;
}

/** What runs a statement: the database, or the search's transaction. */
type Executor = Pick<Database["db"], "execute">;

async function queryDocuments(
  database: Executor,
  tsquery: { english: string; simple: string },
  q: string,
  first: string,
  locale: Locale,
  limit: number,
): Promise<Row[]> {
  const kindWeight = sql.raw(
    `case d.kind ${Object.entries(KIND_WEIGHT)
      .map(([kind, weight]) => `when '${kind}' then ${weight}`)
      .join(" ")} else 1 end`,
  );
  // The query's own script first among equals (a Marathi word wants the Marathi-medium questions, though the
  // English ones carry the Marathi chapter name too); without Devanagari, the visitor's language.
  const devanagari = /\p{Script=Devanagari}/u.test(q) || (locale === "mr" && !/[a-z]/i.test(q));
  const ownLanguage = devanagari ? sql`d.lang <> 'en'` : sql`d.lang = 'en'`;
  const needle = q.toLowerCase();
  // The query's first word starting the title: "science 2023" means Science and Technology, not History and
  // Political Science, although both titles have both words. Only letters, marks and digits: no LIKE wildcard.
  const start = `${first}%`;
  const result = await database.execute(sql`
    with q as (
      select to_tsquery('english', ${tsquery.english}) as qe, to_tsquery('search_simple', ${tsquery.simple}) as qs
    ),
    matched as (
      select d.*, q.qe, q.qs,
        (greatest(ts_rank_cd(d.tsv_en, q.qe, 1), ts_rank_cd(d.tsv_simple, q.qs, 1))
          * ${kindWeight}
          * (case when ${ownLanguage} then 1.25 else 1 end)
          -- The whole query in the title: what was asked for by name.
          + (case when strpos(lower(d.title), ${needle}) > 0
                    or strpos(lower(coalesce(d.title_mr, '')), ${needle}) > 0 then 1 else 0 end)
          + (case when lower(d.title) like ${start} or lower(coalesce(d.title_mr, '')) like ${start}
                  then 0.5 else 0 end)
        ) as score
      from search_documents d, q
      where (d.tsv_en @@ q.qe or d.tsv_simple @@ q.qs)
        -- Retired by an admin: gone from search at once, without waiting for a rebuild.
        and not exists (select 1 from papers p where p.id = d.paper_id and p.retired_at is not null)
        and not exists (select 1 from model_papers m where m.id = d.model_paper_id and m.retired_at is not null)
    ),
    ranked as (
      select m.*,
        row_number() over (partition by m.kind order by m.score desc, m.position, m.id) as n,
        count(*) over (partition by m.kind) as kind_total
      from matched m
    )
    select id, kind, lang, title, title_mr, context, context_mr, url, url_mr, kind_total,
      case when body = '' then null
           when lang = 'en' then ts_headline('english', body, qe,
             case when length(body) <= ${SNIPPET_CHARS} then ${WHOLE_OPTIONS} else ${HEADLINE_OPTIONS} end)
           else ts_headline('search_simple', body, qs,
             case when length(body) <= ${SNIPPET_CHARS} then ${WHOLE_OPTIONS} else ${HEADLINE_OPTIONS} end)
           end as headline
    from ranked
    where n <= ${limit}
    order by kind, n
  `);
  return rowsOf<Row>(result);
}

function toHit(row: Row, locale: Locale): SearchHit {
  const mr = locale === "mr";
  const context = (mr ? row.context_mr : row.context) ?? row.context;
  const titleMr = mr && row.title_mr;
  return {
    kind: row.kind,
    title: titleMr || row.title,
    url: mr ? row.url_mr : row.url,
    snippet: snippetParts(row.headline),
    ...(context ? { context } : {}),
    // A Marathi title (subjects, papers) is Devanagari whatever the document's own language.
    lang: titleMr ? "mr" : row.lang,
  };
}

/**
 * The search caches' policy, the results' here and the API's finished answers (routes.server.ts), so that an
 * answer is kept no longer than its result and emptied with it. Kept per process for a minute: as-you-type sends
 * the same prefixes again and again, and PGlite answers one query at a time. A sync that changed the index or a
 * catalogue change empties them; retirements are also checked by every query that reaches the database.
 */
export const SEARCH_CACHE = { madeFrom: ["catalogue", "search-index"], max: 2000, ttlMs: 60_000 } as const;

interface SearchRun {
  words: string[];
  query: string;
  locale: Locale;
  limit: number;
}

const results = createCache<Database, SearchResult, SearchRun>({
  name: "search results",
  ...SEARCH_CACHE,
  load: (database, _key, run) =>
    gateFor(database).run(() => runSearch(database, run.words, run.query, run.locale, run.limit)),
});

/** One gate per database: PGlite answers one query at a time in the event loop; PostgreSQL has its own pool. */
const gates = new WeakMap<Database, ReturnType<typeof createGate>>();
function gateFor(database: Database) {
  let gate = gates.get(database);
  if (!gate) {
    gate = database.kind === "pglite" ? createGate(1, 4) : createGate(4, 16);
    gates.set(database, gate);
  }
  return gate;
}

/**
 * The site's search, for the page and the API. `client` (the address) is charged for a search that misses the
 * caches, and such searches pass the gate of server/search/limits.server.ts: a 429 or a 503 when over.
 */
export async function searchSite(
  services: Pick<Services, "database" | "rateLimiter" | "config">,
  q: string,
  options: { locale: Locale; limit?: number; client?: string },
): Promise<SearchResult> {
  const query = normalizeSearchText(q);
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
  const words = queryWords(query);
  if (words.length === 0) return { query, total: 0, groups: [] };

  const key = `${options.locale}\u0000${limit}\u0000${words.join(" ")}\u0000${query.toLowerCase()}`;
  const { database } = services;
  // Only a search that misses the caches counts against the client; one that joins a search already running for
  // someone else does not (nor does it share that client's 429).
  if (options.client !== undefined && !results.has(database, key)) await countSearchMiss(services, options.client);
  return withQuery(await results.fetch(database, key, { words, query, locale: options.locale, limit }), query);
}

function withQuery(result: SearchResult, query: string): SearchResult {
  return result.query === query ? result : { ...result, query };
}

async function runSearch(
  database: Database,
  words: string[],
  query: string,
  locale: Locale,
  limit: number,
): Promise<SearchResult> {
  const near = await nearWords(database, words);
  const rows = await database.db.transaction(async (tx) => {
    // The planner prices the GIN indexes' prefix matches high and a scan of ~1,400 rows low, but the scan
    // unpacks every tsvector: 15–80 ms a query against 3–13 ms through the indexes (decision 015). Only for
    // this transaction's statements.
    await tx.execute(sql`set local enable_seqscan = off`);
    const first = words[0] as string;
    const tsquery = (list: string[], any: boolean) => ({
      english: tsqueryText(list, near, { any, prefix: false }),
      simple: tsqueryText(list, near, { any }),
    });
    const found = await queryDocuments(tx, tsquery(words, false), query, first, locale, limit);
    // Nothing has every word: anything with some of them is better than nothing, but only by words that say
    // something (three characters or more): "x" or "1" alone would find hundreds of unrelated texts.
    const some = words.filter(significant);
    if (found.length > 0 || words.length === 1 || some.length === 0) return found;
    return queryDocuments(tx, tsquery(some, true), query, first, locale, limit);
  });
  const groups: SearchGroup[] = [];
  let total = 0;
  for (const kind of SEARCH_KINDS) {
    const kindRows = rows.filter((row) => row.kind === kind);
    if (kindRows.length === 0) continue;
    const kindTotal = Number(kindRows[0]?.kind_total ?? 0);
    total += kindTotal;
    groups.push({ kind, total: kindTotal, hits: kindRows.map((row) => toHit(row, locale)) });
  }
  return { query, total, groups };
}

// After a catalogue change (its caches, these results among them, are already emptied): the papers' documents
// follow in the background.
onCatalogueChange((services) => {
  void scheduleSearchSync(services);
});
