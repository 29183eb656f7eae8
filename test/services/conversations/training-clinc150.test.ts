// The CLINC150 bot trained on a worker thread and restored answers every validation case exactly as the one trained inline.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCases } from '../../../src/engine/nlu/evaluate.js';
import { nluDefinitionFrom, trainRecognizer } from '../../../src/engine/nlu/index.js';
import { TrainingWorkerPool } from '../../../src/services/conversations/training-worker-pool.js';

const DATA = process.env.CLINC150_DIR ?? path.join(import.meta.dirname, '../../../../shared/datasets/clinc150');
const present = existsSync(path.join(DATA, 'bot.json'));

describe.skipIf(!present)('CLINC150 trained on a worker thread', () => {
  const pool = new TrainingWorkerPool({ size: 1 });
  afterAll(() => pool.close());

  it('answers all 3,100 validation cases exactly as the recognizer trained inline', async () => {
    const definition = nluDefinitionFrom(JSON.parse(readFileSync(path.join(DATA, 'bot.json'), 'utf8')));
    const cases = parseCases(JSON.parse(readFileSync(path.join(DATA, 'val-cases.json'), 'utf8')));
    // The worker trains while this thread trains the reference: two cores, one training each.
    const job = pool.train(definition);
    const reference = trainRecognizer(definition);
    const trained = await job;
    expect(trained.where).toBe('worker');
    let differing = 0;
    let right = 0;
    for (const c of cases) {
      const got = trained.recognizer.recognize(c.text, {});
      if (JSON.stringify(got) !== JSON.stringify(reference.recognize(c.text, {}))) differing++;
      if ((got?.intent ?? null) === c.intent) right++;
    }
    expect(differing).toBe(0);
    // The figures `parley nlu eval` reports on this split (docs/nlu.md): 0.937 in scope, 0.80 out of scope.
    expect(right).toBe(Math.round(0.937 * 3000) + Math.round(0.8 * 100));
  }, 300_000);
});
