import { describe, expect, it } from 'vitest';
import { FrameQueue } from '../../../src/channels/shared/frame-queue.js';

function queue(rate = { burst: 3, perSecond: 2 }) {
  let now = 0;
  const taken: string[] = [];
  const refused: string[] = [];
  const failed: string[] = [];
  const frames = new FrameQueue({
    rate,
    now: () => now,
    take: async (text) => {
      if (text === 'boom') throw new Error('store down');
      await new Promise((r) => setTimeout(r, 1));
      taken.push(text);
    },
    failed: (text) => failed.push(text),
    refused: (text) => refused.push(text),
  });
  return { frames, taken, refused, failed, advance: (ms: number) => { now += ms; } };
}

describe('FrameQueue', () => {
  it('takes frames one at a time in the order sent', async () => {
    const q = queue({ burst: 10, perSecond: 1 });
    for (const t of ['a', 'b', 'c', 'd']) q.frames.push(t);
    await q.frames.drained();
    expect(q.taken).toEqual(['a', 'b', 'c', 'd']);
  });

  it('takes a burst, refuses what comes faster, and takes again as the rate allows', async () => {
    const q = queue();
    for (const t of ['1', '2', '3', '4', '5']) q.frames.push(t);
    expect(q.refused).toEqual(['4', '5']);
    q.advance(499);
    q.frames.push('6');
    q.advance(1);
    q.frames.push('7');
    q.frames.push('8');
    await q.frames.drained();
    expect(q.taken).toEqual(['1', '2', '3', '7']);
    expect(q.refused).toEqual(['4', '5', '6', '8']);
  });

  it('never saves up more than the burst', async () => {
    const q = queue();
    q.advance(60_000);
    for (const t of ['1', '2', '3', '4']) q.frames.push(t);
    await q.frames.drained();
    expect(q.taken).toEqual(['1', '2', '3']);
    expect(q.refused).toEqual(['4']);
  });

  it('reports a frame whose taking failed and goes on with the next', async () => {
    const q = queue();
    q.frames.push('boom');
    q.frames.push('after');
    await q.frames.drained();
    expect(q.failed).toEqual(['boom']);
    expect(q.taken).toEqual(['after']);
  });
});
