// Finds keyword values in a message by their synonyms, tolerating typos in proportion to word length.
import { boundedDistance, typoBudget } from './edit-distance.js';
import { words } from './normalize.js';
import type { NluKeyword } from './types.js';

export interface KeywordHit {
  keyword: string;
  /** The canonical value (the keyword value's `value`), whichever synonym matched. */
  value: string;
  /** Token range [start, end) in the message. */
  start: number;
  end: number;
  /** Total edits between the message's words and the synonym's. */
  edits: number;
}

interface Phrase {
  keyword: string;
  value: string;
  words: string[];
}

const MAX_BUDGET = typoBudget(Number.MAX_SAFE_INTEGER);

/**
 * Longest word indexed by its deletion neighbourhood. The neighbourhood of a word of length L
 * holds about L²/2 strings of length L, so an unbounded word (a pasted hash, a 5,000-letter
 * message) would cost seconds and gigabytes; longer words are matched exactly instead.
 */
export const MAX_FUZZY_WORD = 40;

/** Every string obtained from `word` by deleting up to `depth` characters, `word` included. */
function deletions(word: string, depth: number, into: Set<string>): Set<string> {
  into.add(word);
  if (depth === 0 || word.length <= 1) return into;
  for (let i = 0; i < word.length; i++) {
    const shorter = word.slice(0, i) + word.slice(i + 1);
    if (!into.has(shorter)) deletions(shorter, depth - 1, into);
  }
  return into;
}

/**
 * Keyword values of a bot, indexed by the deletion neighbourhood of each synonym's first word
 * (the symmetric-delete scheme): a word within k edits of a synonym word shares a string with it
 * after at most k deletions on each side, so candidates come from map look-ups, not a scan.
 */
export class KeywordMatcher {
  private readonly phrases: Phrase[] = [];
  private readonly byDeletion = new Map<string, number[]>();

  constructor(keywords: readonly NluKeyword[]) {
    for (const keyword of keywords) {
      for (const value of keyword.values) {
        const seen = new Set<string>();
        for (const text of [value.value, ...value.expressions]) {
          const ws = words(text);
          const key = ws.join(' ');
          if (ws.length === 0 || seen.has(key)) continue;
          seen.add(key);
          const id = this.phrases.length;
          this.phrases.push({ keyword: keyword.name, value: value.value, words: ws });
          const first = ws[0]!;
          for (const d of deletions(first, first.length > MAX_FUZZY_WORD ? 0 : typoBudget(first.length), new Set())) {
            const list = this.byDeletion.get(d);
            if (list === undefined) this.byDeletion.set(d, [id]);
            else if (list[list.length - 1] !== id) list.push(id);
          }
        }
      }
    }
  }

  get size(): number {
    return this.phrases.length;
  }

  /**
   * Non-overlapping keyword hits in the message's normalized words, in message order. Where
   * hits overlap, the one with fewer edits wins, then the longer one ("new york city" over "new york").
   * `only` restricts the search to one keyword's values.
   */
  find(tokens: readonly string[], only?: string): KeywordHit[] {
    if (this.phrases.length === 0) return [];
    const candidates: KeywordHit[] = [];
    for (let i = 0; i < tokens.length; i++) {
      const ids = new Set<number>();
      const token = tokens[i]!;
      // A token longer than any fuzzily indexed word plus the budget can only equal a long word.
      const depth = token.length > MAX_FUZZY_WORD + MAX_BUDGET ? 0 : MAX_BUDGET;
      for (const d of deletions(token, depth, new Set())) for (const id of this.byDeletion.get(d) ?? []) ids.add(id);
      for (const id of ids) {
        const phrase = this.phrases[id]!;
        if (only !== undefined && phrase.keyword !== only) continue;
        const edits = this.matchAt(tokens, i, phrase.words);
        if (edits >= 0) candidates.push({ keyword: phrase.keyword, value: phrase.value, start: i, end: i + phrase.words.length, edits });
      }
    }
    candidates.sort((a, b) => a.edits - b.edits || b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken: KeywordHit[] = [];
    for (const hit of candidates) {
      if (taken.every((t) => hit.end <= t.start || hit.start >= t.end)) taken.push(hit);
    }
    return taken.sort((a, b) => a.start - b.start);
  }

  // Total edits if the phrase's words match the message's words from position `at`, else -1.
  private matchAt(tokens: readonly string[], at: number, phrase: readonly string[]): number {
    if (at + phrase.length > tokens.length) return -1;
    let edits = 0;
    for (let k = 0; k < phrase.length; k++) {
      const want = phrase[k]!;
      const budget = typoBudget(want.length);
      const d = boundedDistance(tokens[at + k]!, want, budget);
      if (d > budget) return -1;
      edits += d;
    }
    return edits;
  }
}
