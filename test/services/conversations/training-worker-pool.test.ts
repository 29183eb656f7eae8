// The recognizer training pool: trains on worker threads while the event loop keeps turning, queues beyond its size, closes, falls back inline.
import { afterEach, describe, expect, it } from 'vitest';
import { nluDefinitionFrom, restoreRecognizer, trainRecognizer, type RecognizerOptions } from '../../../src/engine/nlu/index.js';
import { decodeRecognizer } from '../../../src/engine/nlu/serialize-bytes.js';
import { TrainingPoolClosedError, TrainingWorkerPool } from '../../../src/services/conversations/training-worker-pool.js';
import { pizzaBot } from '../../engine/nlu/fixture.js';

const definition = nluDefinitionFrom(pizzaBot);
const quick: Partial<RecognizerOptions> = { classifier: { minUpdates: 2_000 } };
const texts = ['I want a large pizza', 'i want a lagre pizza please', "where's my order", 'could you reserve a table for Maria', 'tell me a joke', 'airprot', 'asdf', ''];

const pools: TrainingWorkerPool[] = [];
function pool(size: number, extra: Partial<ConstructorParameters<typeof TrainingWorkerPool>[0]> = {}): TrainingWorkerPool {
  const p = new TrainingWorkerPool({ size, ...extra });
  pools.push(p);
  return p;
}
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** Counts turns of the event loop while `work` is pending: none if it holds the thread until it settles. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  const timer = setInterval(() => turns++, 1);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    clearInterval(timer);
  }
}

describe('the training pool', () => {
  it('trains on a worker thread a recognizer that answers as one trained inline', async () => {
    const reference = trainRecognizer(definition, quick);
    const trained = await pool(1).train(definition, quick);
    expect(trained.where).toBe('worker');
    expect(trained.bytes).toBeNull();
    for (const text of texts) {
      for (const context of [null, 'ordering']) expect(trained.recognizer.recognize(text, { context })).toEqual(reference.recognize(text, { context }));
    }
  });

  it('sends the model as bytes for storage too when asked', async () => {
    const reference = trainRecognizer(definition, quick);
    const trained = await pool(1).train(definition, quick, true);
    const fromBytes = restoreRecognizer(decodeRecognizer(trained.bytes!), definition);
    for (const text of texts) expect(fromBytes.recognize(text, {})).toEqual(reference.recognize(text, {}));
  });

  it('leaves the event loop turning while it trains; size 0 trains inline and holds it', async () => {
    const worker = await turnsDuring(() => pool(1).train(definition, quick));
    expect(worker.result.where).toBe('worker');
    expect(worker.turns).toBeGreaterThan(0);
    const inline = await turnsDuring(() => pool(0).train(definition, quick));
    expect(inline.result.where).toBe('inline');
    expect(inline.turns).toBe(0);
  });

  it('queues jobs beyond its size and answers each', async () => {
    const p = pool(1);
    const jobs = [p.train(definition, quick), p.train(nluDefinitionFrom({ interactions: [{ name: 'hi', intents: [{ name: 'greet', expressions: ['hello there', 'good morning'] }] }] }), quick), p.train(definition, quick)];
    expect(p.workers).toBe(1);
    const [a, b, c] = await Promise.all(jobs);
    expect(a!.recognizer.recognize('track my order')?.intent).toBe('trackOrder');
    expect(b!.recognizer.recognize('hello there')?.intent).toBe('greet');
    expect(c!.recognizer.recognize('track my order')?.intent).toBe('trackOrder');
  });

  it('runs up to its size in parallel', async () => {
    const p = pool(2);
    const jobs = [p.train(definition, quick), p.train(definition, quick)];
    expect(p.workers).toBe(2);
    await Promise.all(jobs);
  });

  it('ends an idle worker and starts one again for the next job', async () => {
    const p = pool(1, { idleMs: 20 });
    await p.train(definition, quick);
    while (p.workers > 0) await new Promise((r) => setTimeout(r, 20));
    expect((await p.train(definition, quick)).where).toBe('worker');
  });

  it('rejects the jobs in progress and waiting when it closes, and any after', async () => {
    const p = pool(1);
    const settled = Promise.allSettled([p.train(definition, quick), p.train(definition, quick)]);
    await p.close();
    const [running, waiting] = await settled;
    expect(running).toMatchObject({ status: 'rejected', reason: expect.any(TrainingPoolClosedError) });
    expect(waiting).toMatchObject({ status: 'rejected', reason: expect.any(TrainingPoolClosedError) });
    await expect(p.train(definition, quick)).rejects.toBeInstanceOf(TrainingPoolClosedError);
    expect(p.workers).toBe(0);
  });

  it('trains inline, and says so once, when its worker cannot load', async () => {
    const reasons: Error[] = [];
    const p = pool(1, { entry: new URL('./fixtures/unloadable-worker.mjs', import.meta.url), onFallback: (err) => reasons.push(err) });
    const [first, second] = await Promise.all([p.train(definition, quick), p.train(definition, quick)]);
    expect(first!.where).toBe('inline');
    expect(second!.where).toBe('inline');
    expect(first!.recognizer.recognize('track my order')?.intent).toBe('trackOrder');
    expect(reasons).toHaveLength(1);
    expect(reasons[0]!.message).toMatch(/no-such-module/);
    expect((await p.train(definition, quick)).where).toBe('inline');
  });
});
