// The error handler logs what lay under a 502/504 (the undici or socket error), and answers without it.
import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { GatewayTimeoutError } from '../../src/errors.js';
import errors from '../../src/http/plugins/errors.js';

describe('the error handler and an error\'s cause', () => {
  it('logs the cause of a 504 and keeps it out of the answer', async () => {
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => { log += chunk.toString(); });
    const app = Fastify({ logger: { level: 'info', stream } });
    await app.register(errors, { publicUrl: null, contactEmail: 'help@example.com' });
    const socketError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    app.get('/upstream', async () => {
      throw new GatewayTimeoutError('The carrier source could not be reached (ECONNREFUSED).', { cause: socketError });
    });
    const res = await app.inject({ method: 'GET', url: '/upstream' });
    await app.close();
    expect(res.statusCode).toBe(504);
    expect(res.json()).toMatchObject({ code: '504', description: 'The carrier source could not be reached (ECONNREFUSED).' });
    expect(res.body).not.toContain('127.0.0.1:1');
    const logged = log.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { level: number; err?: { message: string; stack: string } });
    const error = logged.find((entry) => entry.level === 50);
    expect(error?.err?.message).toBe('The carrier source could not be reached (ECONNREFUSED).: connect ECONNREFUSED 127.0.0.1:1');
    expect(error?.err?.stack).toContain('caused by: Error: connect ECONNREFUSED 127.0.0.1:1');
  });
});
