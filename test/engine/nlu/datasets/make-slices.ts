// Writes the fixed dataset slices the NLU regression gate trains on, from ../shared/datasets (run once; the slices are
// committed).
// Run: node --import tsx test/engine/nlu/datasets/make-slices.ts
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const SHARED = process.env.DATASETS_DIR ?? path.join(import.meta.dirname, '../../../../../shared/datasets');
const OUT = import.meta.dirname;
/**
 * Every EVERY-th intent of the dataset, in its order; the first TRAIN training utterances of each; all its validation
 * cases.
 */
const EVERY = { clinc150: 6, banking77: 3 };
const TRAIN = 40;
const OUT_OF_SCOPE_TRAIN = 40;
const OUT_OF_SCOPE_CASES = 50;

interface Interaction { name: string; intents: { name: string; expressions: string[] }[]; actions: unknown[] }
interface Case { text: string; intent: string | null }

const interaction = (name: string, intent: string, expressions: string[]) => ({
  name,
  intents: [{ name: intent, expressions }],
  actions: [],
});

function slice(dataset: 'clinc150' | 'banking77', botFile: string): void {
  const bot = JSON.parse(readFileSync(path.join(SHARED, dataset, botFile), 'utf8')) as { interactions: Interaction[] };
  const cases = JSON.parse(readFileSync(path.join(SHARED, dataset, 'val-cases.json'), 'utf8')) as Case[];
  const named = bot.interactions.filter((i) => i.intents[0]!.name !== 'sys:text');
  const kept = named.filter((_, i) => i % EVERY[dataset] === 0);
  const names = new Set(kept.map((i) => i.intents[0]!.name));
  const interactions = kept.map((i) => {
    const intent = i.intents[0]!;
    return interaction(i.name, intent.name, intent.expressions.slice(0, TRAIN));
  });
  const outOfScope = bot.interactions.find((i) => i.intents[0]!.name === 'sys:text');
  if (outOfScope !== undefined) {
    const samples = outOfScope.intents[0]!.expressions.slice(0, OUT_OF_SCOPE_TRAIN);
    interactions.push(interaction(outOfScope.name, 'sys:text', samples));
  }
  const sliceCases = [
    ...cases.filter((c) => c.intent !== null && names.has(c.intent)),
    ...cases.filter((c) => c.intent === null).slice(0, OUT_OF_SCOPE_CASES),
  ];
  const slicedBot = { name: `${dataset}-slice`, interactions };
  writeFileSync(path.join(OUT, `${dataset}-slice.json`), `${JSON.stringify(slicedBot, null, 1)}\n`);
  writeFileSync(path.join(OUT, `${dataset}-slice-cases.json`), `${JSON.stringify(sliceCases, null, 1)}\n`);
  const expressions = interactions.reduce((n, i) => n + i.intents[0]!.expressions.length, 0);
  console.log(`${dataset}: ${kept.length} intents, ${expressions} expressions, ${sliceCases.length} cases`);
}

slice('clinc150', 'bot.json');
slice('banking77', 'bot-dev.json');
