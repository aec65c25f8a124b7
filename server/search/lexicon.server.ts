/**
 * The search's typo tolerance (decision 015): every word of the index (`search_words`, ~15,500 words, written
 * by the sync) held in memory with a trigram index, so that a misspelt query word is widened to its nearest
 * known words in well under a millisecond, instead of a pg_trgm query per word (~0.1 s on PGlite, which runs
 * one query at a time). Similarity is pg_trgm's: distinct trigrams of each word padded with two spaces in front
 * and one behind, shared over all.
 */
import { sql } from "drizzle-orm";
import { createCache } from "../cache/cache.server.ts";
import { type Database, rowsOf } from "../db/client.server.ts";

/** Misspelt words are widened to this many known words at most. */
export const NEAR_WORDS = 3;
/** Similarity a known word needs to stand in for a misspelt one (measured in decision 015). */
export const NEAR_SIMILARITY = 0.4;
/** An index that no rebuild of this process's has touched is read again after this long (other instances). */
const LEXICON_MAX_AGE_MS = 10 * 60_000;

export interface Lexicon {
  /** Sorted by code unit, for the prefix check. */
  words: readonly string[];
  /** Each word's number of distinct trigrams. */
  gramCounts: Uint16Array;
  /** Trigram → the indexes of the words that have it. */
  postings: ReadonlyMap<string, readonly number[]>;
}

/** A text's distinct trigrams as pg_trgm forms them: per word (letters, marks, digits), lower-cased, padded. */
export function trigrams(text: string): string[] {
  return [...new Set(trigramsOf(text))];
}

export function buildLexicon(list: Iterable<string>): Lexicon {
  const words = [...new Set(list)].sort();
  const gramCounts = new Uint16Array(words.length);
  const postings = new Map<string, number[]>();
  words.forEach((word, i) => {
    let count = 0;
    for (const gram of trigramsOf(word)) {
      const posting = postings.get(gram);
      // Words are added in order, so a repeat of this word's trigram is the posting's last entry.
      if (posting?.at(-1) === i) continue;
      if (posting) posting.push(i);
      else postings.set(gram, [i]);
      count++;
    }
    gramCounts[i] = count;
  });
  return { words, gramCounts, postings };
}

/** A text's trigrams, repeats included (the lexicon's build, 15,000 words at a time, skips the Set). */
function trigramsOf(text: string): string[] {
  const grams: string[] = [];
  for (const word of text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []) {
    let a = " ";
    let b = " ";
    for (const c of word) {
      grams.push(a + b + c);
      a = b;
      b = c;
    }
    grams.push(`${a}${b} `);
  }
  return grams;
}

/** Whether some word of the lexicon starts with `prefix` (then the prefix query finds it: no typo). */
export function isKnownPrefix(lexicon: Lexicon, prefix: string): boolean {
  const { words } = lexicon;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((words[mid] as string) < prefix) low = mid + 1;
    else high = mid;
  }
  return words[low]?.startsWith(prefix) ?? false;
}

/** The known words most like `word` (similarity ≥ NEAR_SIMILARITY), best first, then in word order. */
export function nearestWords(lexicon: Lexicon, word: string, limit = NEAR_WORDS): string[] {
  const grams = trigrams(word);
  if (grams.length === 0) return [];
  const shared = new Uint16Array(lexicon.words.length);
  const touched: number[] = [];
  for (const gram of grams) {
    for (const i of lexicon.postings.get(gram) ?? []) {
      if (shared[i] === 0) touched.push(i);
      shared[i] = (shared[i] as number) + 1;
    }
  }
  const found: { word: string; similarity: number }[] = [];
  for (const i of touched) {
    const common = shared[i] as number;
    const similarity = common / (grams.length + (lexicon.gramCounts[i] as number) - common);
    if (similarity >= NEAR_SIMILARITY) found.push({ word: lexicon.words[i] as string, similarity });
  }
  found.sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  return found.slice(0, limit).map((f) => f.word);
}

/**
 * The query's misspelt words and their nearest known words. A word is known when some indexed word starts with
 * it; only unknown words of four letters or more are widened (shorter ones have too few trigrams to compare).
 */
export function nearWordsIn(lexicon: Lexicon, words: readonly string[]): Map<string, string[]> {
  const near = new Map<string, string[]>();
  for (const word of words) {
    if ([...word].length < 4 || /^\d+$/.test(word) || isKnownPrefix(lexicon, word)) continue;
    const list = nearestWords(lexicon, word);
    if (list.length > 0) near.set(word, list);
  }
  return near;
}

async function readLexicon(database: Database): Promise<Lexicon> {
  // One row, not 15,000: PGlite hands rows over one by one, which costs more than the words themselves.
  const result = await database.db.execute(sql`select string_agg(word, ' ') as words from search_words`);
  const text = rowsOf<{ words: string | null }>(result)[0]?.words ?? "";
  return buildLexicon(text.split(" ").filter(Boolean));
}

/**
 * The word list of the index, one per database: read once, again after a sync of this process rewrote it (it is
 * made from the search index, not the catalogue), and after ten minutes, for rebuilds by other instances. Not
 * after an admin change that rewrote no word: a retirement hides documents but leaves the words, and building
 * the trigram index costs ~0.1 s of CPU. A failed read (a database outage) is not kept.
 */
const lexicons = createCache<Database, Lexicon>({
  name: "search lexicon",
  madeFrom: ["search-index"],
  max: 1,
  ttlMs: LEXICON_MAX_AGE_MS,
  load: readLexicon,
});

export function searchLexicon(database: Database): Promise<Lexicon> {
  return lexicons.fetch(database, "");
}

/** The query's misspelt words and their nearest known words, from the lexicon in memory. */
export async function nearWords(database: Database, words: readonly string[]): Promise<Map<string, string[]>> {
  // Nothing to widen: no need to read the word list.
  if (!words.some((word) => [...word].length >= 4 && !/^\d+$/.test(word))) return new Map();
  return nearWordsIn(await searchLexicon(database), words);
}
