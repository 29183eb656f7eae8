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
