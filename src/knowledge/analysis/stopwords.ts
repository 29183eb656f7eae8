// Words too common to say anything about a passage, per language: Lucene's English list (the one Anserini's BM25 uses).

const ENGLISH = [
  'a', 'an', 'and', 'are', 'as', 'at', 'be', 'but', 'by', 'for', 'if', 'in', 'into', 'is', 'it', 'no', 'not', 'of', 'on',
  'or', 'such', 'that', 'the', 'their', 'then', 'there', 'these', 'they', 'this', 'to', 'was', 'will', 'with',
];

/**
 * Only English drops words: another language keeps them all, which costs a little index space and ranks the same
 * (BM25 gives a word found everywhere next to no weight).
 */
export function stopwordsFor(language: string): ReadonlySet<string> {
  return language === 'en' ? ENGLISH_SET : EMPTY;
}

const ENGLISH_SET: ReadonlySet<string> = new Set(ENGLISH);
const EMPTY: ReadonlySet<string> = new Set();

/**
 * Words that carry a question's form, not its subject ("when does … ?"): left out when judging whether a passage
 * covers a question (English only; other languages count every word).
 */
const ENGLISH_FUNCTION_WORDS = (
  'a about above after again against all am an and any are as at be because been before being below between both but by '
  + 'can could did do does doing down during each few for from further had has have having he her here hers herself him '
  + 'himself his how i if in into is it its itself just me more most my myself no nor not now of off on once only or other '
  + 'our ours ourselves out over own same she should so some such than that the their theirs them themselves then there '
  + 'these they this those through to too under until up very was we were what when where which while who whom why will '
  + 'with would you your yours yourself yourselves tell please know get'
).split(' ');

export function functionWordsFor(language: string): readonly string[] {
  return language === 'en' ? ENGLISH_FUNCTION_WORDS : [];
}
