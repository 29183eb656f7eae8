// The NLU regression gate: trains on fixed slices of CLINC150 and BANKING77 (committed) and fails if accuracy drops
// more than a point below the recorded figures.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluate, parseCases } from '../../../src/engine/nlu/evaluate.js';
import { nluDefinitionFrom } from '../../../src/engine/nlu/from-definition.js';

const DIR = path.join(import.meta.dirname, 'datasets');
const RECORDED = path.join(DIR, 'recorded.json');
const read = (file: string) => JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as unknown;

interface Figures { inScopeAccuracy: number | null; outOfScopeRecall: number | null }
const recorded = JSON.parse(readFileSync(RECORDED, 'utf8')) as Record<string, Figures>;
/** One point of accuracy. Training is deterministic, so any drop comes from a change of the recognizer. */
const TOLERANCE = 0.01;
/** Out-of-scope recall is over 50 cases (2 points each): two cases' worth. */
const RECALL_TOLERANCE = 0.04;
const record = process.env.NLU_GATE_RECORD === '1';
const measured: Record<string, Figures> = {};

describe.each(['clinc150', 'banking77'])('the %s slice', (dataset) => {
  it('keeps its accuracy within a point of the recorded figures', () => {
    const definition = nluDefinitionFrom(read(`${dataset}-slice.json`));
    const report = evaluate(definition, parseCases(read(`${dataset}-slice-cases.json`)));
    measured[dataset] = { inScopeAccuracy: report.inScopeAccuracy, outOfScopeRecall: report.outOfScopeRecall };
    if (record) {
      writeFileSync(RECORDED, `${JSON.stringify({ ...recorded, ...measured }, null, 2)}\n`);
      return;
    }
    const expected = recorded[dataset]!;
    expect(report.inScopeAccuracy).toBeGreaterThanOrEqual(expected.inScopeAccuracy! - TOLERANCE);
    if (expected.outOfScopeRecall !== null) {
      expect(report.outOfScopeRecall).toBeGreaterThanOrEqual(expected.outOfScopeRecall - RECALL_TOLERANCE);
    }
  }, 120_000);
});
