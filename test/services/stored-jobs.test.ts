// Job data as the queues store it: the shapes queued on main (no version: version 1) read as they are; a newer one fails its job, logged and counted.
import { describe, expect, it } from 'vitest';
import { type StoredFormat, unreadableCounts } from '../../src/engine/index.js';
import { JOB_FORMATS } from '../../src/services/conversations/queues.js';
import { BATCH_PAYLOAD_FORMAT, BATCH_TARGETS_FORMAT, BROADCAST_JOB_FORMAT } from '../../src/services/messages/broadcasts.js';
import { readForJob, readJob } from '../../src/services/stored-jobs.js';
import { DELIVER_JOB_FORMAT } from '../../src/services/webhooks/queue.js';

/** jobs.data as main (a068b50) queued it, per queue. */
const STORED = {
  timer: [JOB_FORMATS.timer, { conversationId: 4, token: '6f1c2d7e-3b7a-4c55-9a0e-2f1d5b8c9e01' }],
  request: [JOB_FORMATS.request, {
    request: { url: 'https://example.com/api', method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
    retries: 2, allowHtml: false, response: { answer: 'reply' }, responseHeaders: null, fallback: 'failed', conversationId: 4, token: 'req-1',
  }],
  wake: [JOB_FORMATS.wake, { conversationId: 4 }],
  broadcast: [BROADCAST_JOB_FORMAT, { batchId: 12 }],
  webhook: [DELIVER_JOB_FORMAT, { deliveryId: 7, seq: 0 }],
} as const;

const logged: { fields: unknown; message?: string }[] = [];
const log = {
  error: (fields: object | string, message?: string) => { logged.push({ fields, message }); },
  warn: () => {}, info: () => {}, debug: () => {},
};

describe('stored job data', () => {
  it.each(Object.entries(STORED))('reads the %s job queued on main as it is', (_queue, [format, data]) => {
    expect(readJob(format as StoredFormat<unknown>, data, log)).toEqual(data);
  });

  it('reads a broadcast\'s targets and payload as main stored them', () => {
    const targets = '{"ids":[3,5],"tags":["vip","beta"]}';
    const payload = '{"text":"Sale today","media":"https://example.com/a.png","mediaType":"image","script":null}';
    expect(readForJob(BATCH_TARGETS_FORMAT, targets, log)).toEqual(JSON.parse(targets));
    expect(readForJob(BATCH_PAYLOAD_FORMAT, payload, log)).toEqual(JSON.parse(payload));
    expect(() => readForJob(BATCH_TARGETS_FORMAT, '{"v":2,"audience":"all"}', log)).toThrow('broadcast targets: version 2, this release reads up to 1');
  });

  it('refuses data a newer release queued: the job fails with the reason, logged and counted', () => {
    const before = unreadableCounts()['conversation.timer job'] ?? 0;
    expect(() => readJob(JOB_FORMATS.timer, { v: 2, conversationId: 4, token: 't', at: 'later' }, log))
      .toThrow('conversation.timer job: version 2, this release reads up to 1');
    expect(() => readJob(JOB_FORMATS.timer, { conversationId: '4', token: 't' }, log)).toThrow('not the shape of version 1');
    expect(unreadableCounts()['conversation.timer job']).toBe(before + 2);
    expect(logged).toContainEqual(expect.objectContaining({ fields: expect.objectContaining({ format: 'conversation.timer job', version: 2, problem: 'newer' }) }));
  });
});
