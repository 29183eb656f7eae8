// A block of WordNet concept features (TF-IDF, L2-normalized, weighted) appended to a message's sparse vector, for the
// issue 16 study: words that share a sense or a hypernym ("navajo", "arabic": natural language) share features.
import type { SparseVector } from '../../src/engine/nlu/features.js';
import type { WordNet, WordNetOptions } from './wordnet.js';

// Words whose WordNet senses are noise here ("i" is iodine, "can" a container, "will" a testament).
const SKIP = new Set(
  'a an the is are was be am do does did have has had i you my your me we us it its in on at of to for from and or but if so as with how what who where when which why can could should would will this that there into about by up out not no yes all just now then than one get go make take let lets'
    .split(' '),
);

export interface ConceptOptions extends WordNetOptions {
  /** Weight of the block relative to the word (1.5) and character (1) blocks. */
  weight: number;
}

export class ConceptBlock {
  private constructor(
    private readonly wordnet: WordNet,
    private readonly opts: ConceptOptions,
    private readonly index: Map<number, number>,
    private readonly idf: Float32Array,
    /** Indices of this block start here, after the base feature space. */
    private readonly offset: number,
  ) {}

  get size(): number {
    return this.idf.length;
  }

  private counts(tokens: readonly string[]): Map<number, number> {
    const counts = new Map<number, number>();
    for (const token of tokens) {
      if (token.length <= 2 || SKIP.has(token)) continue;
      for (const c of this.wordnet.concepts(token, this.opts)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    return counts;
  }

  /** Concepts seen in at least two training texts, with smoothed idf as features.ts computes it. */
  static fit(texts: readonly (readonly string[])[], wordnet: WordNet, opts: ConceptOptions, offset: number): ConceptBlock {
    const probe = new ConceptBlock(wordnet, opts, new Map(), new Float32Array(0), offset);
    const df = new Map<number, number>();
    for (const t of texts) for (const c of probe.counts(t).keys()) df.set(c, (df.get(c) ?? 0) + 1);
    const index = new Map<number, number>();
    const idf: number[] = [];
    for (const [c, n] of df) {
      if (n < 2) continue;
      index.set(c, idf.length);
      idf.push(Math.log((1 + texts.length) / (1 + n)) + 1);
    }
    return new ConceptBlock(wordnet, opts, index, Float32Array.from(idf), offset);
  }

  /** `base` with this block's features appended. */
  extend(base: SparseVector, tokens: readonly string[]): SparseVector {
    const indices = [...base.indices];
    const values = [...base.values];
    let norm = 0;
    const from = values.length;
    for (const [c, count] of this.counts(tokens)) {
      const i = this.index.get(c);
      if (i === undefined) continue;
      const v = (1 + Math.log(count)) * this.idf[i]!;
      norm += v * v;
      indices.push(this.offset + i);
      values.push(v);
    }
    const scale = norm === 0 ? 0 : this.opts.weight / Math.sqrt(norm);
    for (let k = from; k < values.length; k++) values[k] = values[k]! * scale;
    return { indices: Int32Array.from(indices), values: Float32Array.from(values), coverage: base.coverage };
  }
}
