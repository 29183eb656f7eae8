// Cuts a document into passages: a new chunk at each heading, and within a section at paragraph, then sentence, bounds.
import type { Block } from './blocks.js';

export interface Chunk {
  /** The document's title and the headings above the passage, joined with " › ". */
  heading: string;
  text: string;
}

export interface ChunkingOptions {
  /** Longest chunk, in characters (2,000 by default: about 400 tokens, so several fit a model's prompt). */
  maxChars: number;
}

export const DEFAULT_CHUNKING: ChunkingOptions = { maxChars: 2000 };

const SENTENCE_END = /(?<=[.!?。！？])\s+(?=\S)/u;

/** Pieces of `text` no longer than `max`: at sentence ends where it can, else at spaces, else anywhere. */
function pieces(text: string, max: number): string[] {
  if (text.length <= max) return [text];
  const out: string[] = [];
  let current = '';
  const push = (part: string) => {
    if (current === '') current = part;
    else if (current.length + 1 + part.length <= max) current = `${current} ${part}`;
    else {
      out.push(current);
      current = part;
    }
  };
  for (const sentence of text.split(SENTENCE_END)) {
    if (sentence.length <= max) {
      push(sentence);
      continue;
    }
    for (const word of sentence.split(/\s+/)) {
      for (let i = 0; i < word.length; i += max) push(word.slice(i, i + max));
    }
  }
  if (current !== '') out.push(current);
  return out;
}

export function chunkBlocks(title: string, blocks: readonly Block[], options: ChunkingOptions = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  const path: { level: number; text: string }[] = [];
  let body: string[] = [];
  let size = 0;
  const heading = () => [title, ...path.map((p) => p.text)].filter((t) => t !== '').join(' › ');
  const flush = () => {
    if (body.length > 0) chunks.push({ heading: heading(), text: body.join('\n\n') });
    body = [];
    size = 0;
  };
  for (const block of blocks) {
    if (block.kind === 'heading') {
      flush();
      while (path.length > 0 && path.at(-1)!.level >= block.level) path.pop();
      path.push({ level: block.level, text: block.text });
      continue;
    }
    for (const piece of pieces(block.text, options.maxChars)) {
      if (size > 0 && size + 2 + piece.length > options.maxChars) flush();
      body.push(piece);
      size += (size > 0 ? 2 : 0) + piece.length;
    }
  }
  flush();
  return chunks;
}
