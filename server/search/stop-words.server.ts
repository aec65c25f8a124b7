/**
 * Words too common to search by (decision 015). A query drops them before it reaches the database: "acids and
 * bases" means acids and bases, not every text with "and" in it.
 *
 * English: PostgreSQL's own list (`english.stop`), which the `english` configuration drops from the index and
 * `search_simple` (migration 0004) drops too, so the list here only has to agree with the database's.
 * Devanagari (Marathi, Hindi, Sanskrit): the conjunctions, case endings written apart, pronouns and forms of
 * "to be" that are in nearly every question. PostgreSQL cannot drop these from the `simple` vectors (a stop-word
 * file would have to be installed beside the server, which PGlite cannot), so they stay in the index and only
 * queries drop them: no query word can then match them, not even as a prefix, because a dropped word is gone.
 */
const ENGLISH =
  "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers " +
  "herself it its itself they them their theirs themselves what which who whom this that these those am is are " +
  "was were be been being have has had having do does did doing a an the and but if or because as until while " +
  "of at by for with about against between into through during before after above below to from up down in out " +
  "on off over under again further then once here there when where why how all any both each few more most " +
  "other some such no nor not only own same so than too very s t can will just don should now";

const MARATHI = "आणि व किंवा हा ही हे या तो ती ते त्या की का चा ची चे च्या ला ना ने नी आहे आहेत होता होती होते मध्ये काय";
const HINDI = "और का की के को में है हैं से पर ने यह वह ये वे तथा एवं या भी था थी थे हो तो इस उस कि";
const SANSKRIT = "च वा अपि इति तु हि एव";

export const STOP_WORDS: ReadonlySet<string> = new Set(
  [ENGLISH, MARATHI, HINDI, SANSKRIT].flatMap((list) => list.split(" ")),
);

export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}
