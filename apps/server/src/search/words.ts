/**
 * PostgreSQL's `english` stop words (tsearch_data/english.stop). Both databases drop exactly these
 * from a query, so "the election" means "election" on SQLite, whose FTS5 keeps every word, as
 * it does on PostgreSQL, whose parser drops them.
 */
const STOP_WORDS = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
    'she her hers herself it its itself they them their theirs themselves what which who whom ' +
    'this that these those am is are was were be been being have has had having do does did ' +
    'doing a an the and but if or because as until while of at by for with about against ' +
    'between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don ' +
    'should now'
  ).split(' '),
);

/** More words than this add nothing a reader would notice but cost. */
export const MAX_QUERY_WORDS = 12;

/**
 * The words of what a reader typed: runs of letters and digits, lower-cased, stop words and
 * repeats left out. Everything else (quotes, `*`, `:`, parentheses, OR) separates words, so
 * the input can never be read as query syntax by either database.
 */
export function queryWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !STOP_WORDS.has(word));
  return [...new Set(words)].slice(0, MAX_QUERY_WORDS);
}
