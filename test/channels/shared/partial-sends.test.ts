// Messages sent as several provider calls: a retry resumes after the last part sent, a final failure or success forgets the progress.
import { describe, expect, it } from 'vitest';
import { PartialSends, progressOf, sendRemainingParts, type PartOutcome, type PartsProgress } from '../../../src/channels/shared/partial-sends.js';

/** A provider that answers each call with the next scripted outcome, recording the parts it was asked for. */
function provider(script: PartOutcome[]) {
  const calls: number[] = [];
  return { calls, send: async (i: number) => { calls.push(i); return script.shift() ?? { kind: 'sent', id: `id${i}` }; } };
}

describe('sending the remaining parts', () => {
  it('resumes a retried message after the last part sent, and names it by the last part', async () => {
    const memory = new PartialSends<PartsProgress>();
    const start = { sent: 0, lastId: null };
    const p = provider([{ kind: 'sent', id: 'a' }, { kind: 'retry', reason: 'busy', retryAfterMs: 5 }]);
    expect(await sendRemainingParts(memory, 7, progressOf(memory, 7, start), 3, p.send)).toEqual({ kind: 'retry', reason: 'busy', retryAfterMs: 5 });
    expect(memory.get(7)).toEqual({ sent: 1, lastId: 'a' });
    expect(await sendRemainingParts(memory, 7, progressOf(memory, 7, start), 3, p.send)).toEqual({ kind: 'sent', providerMessageId: 'id2' });
    expect(p.calls).toEqual([0, 1, 1, 2]);
    expect(memory.get(7)).toBeUndefined();
  });

  it('forgets the progress on a permanent failure, so a later attempt starts again', async () => {
    const memory = new PartialSends<PartsProgress>();
    memory.set(8, { sent: 1, lastId: 'a' });
    const p = provider([{ kind: 'failed', reason: 'refused' }]);
    expect(await sendRemainingParts(memory, 8, progressOf(memory, 8, { sent: 0, lastId: null }), 3, p.send)).toEqual({ kind: 'failed', reason: 'refused' });
    expect(p.calls).toEqual([1]);
    expect(memory.get(8)).toBeUndefined();
  });

  it('hands out a copy of the stored progress: an attempt changes nothing until it is kept', () => {
    const memory = new PartialSends<PartsProgress>();
    memory.set(9, { sent: 2, lastId: 'b' });
    const progress = progressOf(memory, 9, { sent: 0, lastId: null });
    progress.sent = 5;
    expect(memory.get(9)).toEqual({ sent: 2, lastId: 'b' });
  });
});
