// What is sent to the model for an answer, and how its reply is read: numbered passages, the question, and the [n]
// citations of its answer mapped back to passages (those of private documents taken out).
import type { ChatMessage } from '../models/client.js';

/** A retrieved passage with its document, as an answer sees it. */
export interface Passage {
  chunkId: number;
  documentId: number;
  knowledgeBaseId: number;
  /** The document's title. */
  title: string;
  /** The headings above the passage, the title first. */
  heading: string;
  text: string;
  /** BM25 (rounded to 1e-9); comparable within one base only. */
  score: number;
  sourceUrl: string | null;
  /** May be cited to end users (a private document answers but is never linked). */
  citable: boolean;
}

/** A source an answer shows (the engine's AnswerSource). */
export interface CitedSource {
  number: number;
  title: string;
  url: string | null;
}

/** A passage an answer used, for the transcript (the engine's UsedPassage). */
export interface PassageUse {
  chunkId: number;
  documentId: number;
  title: string;
  score: number;
  citable: boolean;
}

/** The reply that says the passages do not hold the answer. */
export const NO_ANSWER = 'NO_ANSWER';

export function promptFor(question: string, passages: readonly Passage[], instructions: string | null): ChatMessage[] {
  const system = [
    'You answer a customer\'s question using only the numbered passages you are given.',
    'Cite each passage you use with its number in square brackets, like [1], right after what it supports.',
    `If the passages do not contain the answer, reply with exactly ${NO_ANSWER} and nothing else.`,
    'Keep the answer short and plain: it is read in a chat.',
    ...(instructions ? ['', instructions] : []),
  ].join('\n');
  const context = passages.map((p, i) => `[${i + 1}] ${p.heading}\n${p.text}`).join('\n\n');
  return [{ role: 'system', content: system }, { role: 'user', content: `Passages:\n\n${context}\n\nQuestion: ${question}` }];
}

export function usedPassages(passages: readonly Passage[]): PassageUse[] {
  return passages.map((p) => ({ chunkId: p.chunkId, documentId: p.documentId, title: p.title, score: p.score, citable: p.citable }));
}

/**
 * The answer's text and sources: each [n] of a citable passage renumbered in order of first citation (one number per
 * document), every [n] of a private one (or of no passage) removed. An answer citing nothing lists no source.
 */
export function cited(text: string, passages: readonly Passage[]): { text: string; sources: CitedSource[] } {
  const numberOf = new Map<number, number>();
  const sources: CitedSource[] = [];
  const out = text.replace(/\s*\[(\d+)\]/g, (marker, n: string) => {
    const passage = passages[Number(n) - 1];
    if (passage === undefined || !passage.citable) return '';
    let number = numberOf.get(passage.documentId);
    if (number === undefined) {
      number = sources.length + 1;
      numberOf.set(passage.documentId, number);
      sources.push({ number, title: passage.title, url: passage.sourceUrl });
    }
    return marker.replace(/\[\d+\]/, `[${number}]`);
  }).replace(/(\[\d+\])(\s*\1)+/g, '$1').trim();
  return { text: out, sources };
}

/** An extractive answer: the passage's first sentences, up to about `max` characters. */
export function excerpt(text: string, max = 600): string {
  if (text.length <= max) return text;
  let out = '';
  for (const sentence of text.split(/(?<=[.!?])\s+/)) {
    if (out !== '' && out.length + 1 + sentence.length > max) break;
    out = out === '' ? sentence : `${out} ${sentence}`;
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
