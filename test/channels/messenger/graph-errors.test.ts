// The platform's error bodies sorted into worth-retrying or final, and its rate-limit reports read as a wait.
import { describe, expect, it } from 'vitest';
import { describeGraphError, isTransient, readGraphError, retryDelayMs } from '../../../src/channels/messenger/graph-errors.js';

const error = (code: number, subcode?: number) => readGraphError({ error: { message: 'm', type: 'OAuthException', code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: 'T' } });

describe('Graph API errors', () => {
  it('retries outages and rate limits, and gives up on token, permission, parameter and policy errors', () => {
    for (const code of [1, 2, 4, 17, 32, 341, 613, 1200]) expect(isTransient(400, error(code)), `code ${code}`).toBe(true);
    for (const [code, subcode] of [[1, 99], [10, 2018278], [100, 2018001], [190, undefined], [200, undefined], [230, undefined], [368, undefined], [551, 1545041]] as const) {
      expect(isTransient(400, error(code, subcode)), `code ${code}`).toBe(false);
    }
    expect(isTransient(503, null)).toBe(true);
    expect(isTransient(429, null)).toBe(true);
    expect(isTransient(404, null)).toBe(false);
    expect(isTransient(500, error(100))).toBe(true);
  });

  it('describes an error with the platform\'s message and codes', () => {
    expect(describeGraphError(400, error(551, 1545041))).toBe('the messenger platform answered 400: m (code 551, subcode 1545041, fbtrace_id T)');
    expect(describeGraphError(502, null)).toBe('the messenger platform answered 502');
    expect(readGraphError({ recipient_id: '1' })).toBeNull();
    expect(readGraphError({ error: { code: '613', message: 'x' } })).toMatchObject({ code: 613 });
  });

  it('waits as Retry-After says, else as long as the business use case report estimates', () => {
    const now = new Date('2030-01-01T00:00:00Z');
    expect(retryDelayMs({ retryAfter: '7', businessUseCase: null }, now)).toBe(7000);
    expect(retryDelayMs({ retryAfter: 'Tue, 01 Jan 2030 00:00:30 GMT', businessUseCase: null }, now)).toBe(30_000);
    const report = JSON.stringify({ 111: [{ type: 'messenger', call_count: 100, estimated_time_to_regain_access: 3 }, { type: 'pages', estimated_time_to_regain_access: 0 }] });
    expect(retryDelayMs({ retryAfter: null, businessUseCase: report }, now)).toBe(180_000);
    expect(retryDelayMs({ retryAfter: null, businessUseCase: '{"111":[{"estimated_time_to_regain_access":0}]}' }, now)).toBeUndefined();
    expect(retryDelayMs({ retryAfter: null, businessUseCase: 'garbage' }, now)).toBeUndefined();
  });
});
