// Sparse TF-IDF features of a message: hashed word unigrams and bigrams, stems where the language has a stemmer, and character n-grams inside words.
import { stemmerFor } from './language.js';

export interface FeatureOptions {
  /** 1 for unigrams only, 2 to add bigrams (with sentence-boundary markers). */
  wordNgrams: number;
  /** Character n-gram lengths, taken from each word padded with spaces; charMax 0 turns them off.
   * 3–4 measured as accurate as 3–5 on CLINC150 with a quarter fewer features, hence faster training. */
  charMin: number;
  charMax: number;
  /** Relative weight of the word block and the character block; each block is L2-normalized first. */
  wordWeight: number;
  charWeight: number;
  /** The definition's language (BCP 47): where it has a stemmer, each word's stem is a feature too. */
  language: string | null;
  /** Features seen in fewer training texts are dropped: they cannot generalize and they cost memory. */
  minDf: number;
  /**
   * Features unseen in training still count toward a message's norm: a message made mostly of
   * unknown words then yields a short vector, hence low scores, which is what flags it as out of scope.
   */
  unknownMass: boolean;
}

export const DEFAULT_FEATURES: FeatureOptions = {
  wordNgrams: 2,
  charMin: 3,
  charMax: 4,
  wordWeight: 1.5,
  charWeight: 1,
  language: null,
  minDf: 2,
  unknownMass: true,
};

export interface SparseVector {
  indices: Int32Array;
  values: Float32Array;
  /** Share (0–1) of the message's TF-IDF mass made of features seen in training; 1 for training texts. */
  coverage: number;
}

const WORD_SEED = 0x811c9dc5;
const CHAR_SEED = 0x01000193;
const BIGRAM_SALT = 0x9e3779b9;
const STEM_SEED = 0x5bd1e995;
function fnvString(seed: number, text: string): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ BIGRAM_SALT, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Hashed features of a tokenized text, as counts per hash, one map per block. */
export function extractCounts(tokens: readonly string[], opts: FeatureOptions): { word: Map<number, number>; char: Map<number, number> } {
  const word = new Map<number, number>();
  const char = new Map<number, number>();
  const add = (m: Map<number, number>, h: number) => m.set(h, (m.get(h) ?? 0) + 1);
  let prev = fnvString(WORD_SEED, '<s>');
  const stem = stemmerFor(opts.language);
  for (const token of tokens) {
    const h = fnvString(WORD_SEED, token);
    add(word, h);
    if (stem !== null) {
      const s = stem(token);
      if (s !== token) add(word, fnvString(STEM_SEED, s));
    }
    if (opts.wordNgrams >= 2) add(word, mix(prev, h));
    prev = h;
    if (opts.charMax > 0) {
      const padded = ` ${token} `;
      for (let i = 0; i < padded.length; i++) {
        let g = CHAR_SEED;
        for (let n = 1; n <= opts.charMax && i + n <= padded.length; n++) {
          g = Math.imul(g ^ padded.charCodeAt(i + n - 1), 16777619);
          // A whole short word ("to", "a") is kept even below charMin: it is the word's only n-gram.
          if (n >= opts.charMin || (i === 0 && n === padded.length)) add(char, (g ^ n) >>> 0);
        }
      }
    }
  }
  if (opts.wordNgrams >= 2 && tokens.length > 0) add(word, mix(prev, fnvString(WORD_SEED, '</s>')));
  return { word, char };
}

/** A fitted feature space as plain values: `hashes[i]` is the feature hash of vocabulary index i, `idf[i]` its weight. */
export interface FeatureSpaceData {
  options: FeatureOptions;
  hashes: Uint32Array;
  idf: Float32Array;
  unknownIdf: number;
}

/** The vocabulary and inverse document frequencies learned from the training texts. */
export class FeatureSpace {
  private constructor(
    readonly options: FeatureOptions,
    private readonly index: Map<number, number>,
    private readonly idf: Float32Array,
    private readonly unknownIdf: number,
  ) {}

  get size(): number {
    return this.idf.length;
  }

  static fit(texts: readonly (readonly string[])[], options: FeatureOptions): FeatureSpace {
    const df = new Map<number, number>();
    for (const tokens of texts) {
      const { word, char } = extractCounts(tokens, options);
      for (const h of word.keys()) df.set(h, (df.get(h) ?? 0) + 1);
      for (const h of char.keys()) df.set(h, (df.get(h) ?? 0) + 1);
    }
    const index = new Map<number, number>();
    const idfs: number[] = [];
    const n = texts.length;
    for (const [h, count] of df) {
      if (count < options.minDf) continue;
      index.set(h, idfs.length);
      idfs.push(Math.log((1 + n) / (1 + count)) + 1);
    }
    // An unseen feature is at least as rare as the rarest kept one.
    const unknownIdf = Math.log((1 + n) / (1 + Math.max(0, options.minDf - 1))) + 1;
    return new FeatureSpace(options, index, Float32Array.from(idfs), unknownIdf);
  }

  /** The vocabulary as plain values; `idf` is this space's own array (not a copy). */
  toData(): FeatureSpaceData {
    // Indices were assigned in insertion order, so the map's key order is the index order.
    return { options: { ...this.options }, hashes: Uint32Array.from(this.index.keys()), idf: this.idf, unknownIdf: this.unknownIdf };
  }

  /** The space `toData` described; answers exactly as the one it came from. */
  static fromData(data: FeatureSpaceData): FeatureSpace {
    if (data.hashes.length !== data.idf.length) throw new RangeError(`feature space: ${data.hashes.length} hashes for ${data.idf.length} weights`);
    const index = new Map<number, number>();
    for (let i = 0; i < data.hashes.length; i++) index.set(data.hashes[i]!, i);
    if (index.size !== data.hashes.length) throw new RangeError('feature space: duplicate hashes');
    return new FeatureSpace({ ...data.options }, index, data.idf, data.unknownIdf);
  }

  vectorize(tokens: readonly string[]): SparseVector {
    const { word, char } = extractCounts(tokens, this.options);
    const indices: number[] = [];
    const values: number[] = [];
    const mass = { known: 0, total: 0 };
    this.block(word, this.options.wordWeight, indices, values, mass);
    this.block(char, this.options.charWeight, indices, values, mass);
    return { indices: Int32Array.from(indices), values: Float32Array.from(values), coverage: mass.total === 0 ? 0 : mass.known / mass.total };
  }

  private block(counts: Map<number, number>, weight: number, indices: number[], values: number[], mass: { known: number; total: number }): void {
    if (weight === 0) return;
    const from = values.length;
    let norm = 0;
    let unknown = 0;
    for (const [h, count] of counts) {
      const tf = 1 + Math.log(count);
      const i = this.index.get(h);
      if (i === undefined) {
        unknown += (tf * this.unknownIdf) ** 2;
        continue;
      }
      const v = tf * this.idf[i]!;
      norm += v * v;
      indices.push(i);
      values.push(v);
    }
    mass.known += norm * weight;
    mass.total += (norm + unknown) * weight;
    if (this.options.unknownMass) norm += unknown;
    if (norm === 0) return;
    const scale = weight / Math.sqrt(norm);
    for (let k = from; k < values.length; k++) values[k] = values[k]! * scale;
  }
}
