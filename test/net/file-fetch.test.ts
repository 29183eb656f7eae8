// file:// URLs: refused by default, read under the configured root when enabled, never outside it.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpFailure, type HttpRequest } from '../../src/engine/ports.js';
import { createGuardedHttp } from '../../src/net/index.js';
import { outboundConfig } from './outbound-config.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-file-'));
const root = path.join(dir, 'root');
mkdirSync(path.join(root, 'feeds'), { recursive: true });
writeFileSync(path.join(root, 'feeds', 'news.json'), '{"title":"café"}');
writeFileSync(path.join(root, 'big.txt'), 'x'.repeat(2048));
writeFileSync(path.join(dir, 'secret.txt'), 'outside the root');
symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'escape.txt'));
symlinkSync(path.join(root, 'feeds', 'news.json'), path.join(root, 'alias.json'));

const enabled = createGuardedHttp(outboundConfig({ allowFile: true, fileRoot: root, maxResponseBytes: 1024 }));
afterAll(async () => {
  await enabled.close();
  rmSync(dir, { recursive: true, force: true });
});

function get(url: string, method: HttpRequest['method'] = 'GET'): HttpRequest {
  return { url, method, headers: {}, body: method === 'GET' ? null : 'x' };
}

async function failure(promise: Promise<unknown>): Promise<HttpFailure> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof HttpFailure) return err;
    throw err;
  }
  throw new Error('expected an HttpFailure');
}

const fileUrl = (...parts: string[]): string => pathToFileURL(path.join(root, ...parts)).href;

describe('file:// URLs', () => {
  it('are refused by default', async () => {
    const http = createGuardedHttp(outboundConfig());
    const f = await failure(http.request(get(fileUrl('feeds', 'news.json'))));
    expect(f.reason).toBe('blocked');
    expect(f.message).toContain('OUTBOUND_ALLOW_FILE');
    await http.close();
  });

  it('read a file under the root when enabled', async () => {
    const res = await enabled.request(get(fileUrl('feeds', 'news.json')));
    expect(res.status).toBe(200);
    expect(res.body).toBe('{"title":"café"}');
    expect(res.headers['content-type']).toBe('application/json');
    expect((await enabled.request(get(fileUrl('alias.json')))).body).toBe('{"title":"café"}'); // a link that stays inside
  });

  it.each([
    ['../ out of the root', () => `${pathToFileURL(root).href}/../secret.txt`],
    ['%2e%2e out of the root', () => `${pathToFileURL(root).href}/%2e%2e/secret.txt`],
    ['feeds/../../ out of the root', () => `${pathToFileURL(root).href}/feeds/../../secret.txt`],
    ['an absolute path elsewhere', () => 'file:///etc/passwd'],
    ['a sibling directory sharing the prefix', () => `${pathToFileURL(root).href}-other/x`],
    ['a symbolic link leading out', () => fileUrl('escape.txt')],
    ['an encoded slash', () => `${pathToFileURL(root).href}/feeds%2fnews.json`],
    ['another machine', () => `file://fileserver${pathToFileURL(path.join(root, 'feeds', 'news.json')).pathname}`],
  ])('refuse %s', async (_, url) => {
    expect((await failure(enabled.request(get(url())))).reason).toBe('blocked');
  });

  it('answer 404 for a missing file or a directory under the root', async () => {
    expect((await enabled.request(get(fileUrl('missing.txt')))).status).toBe(404);
    expect((await enabled.request(get(fileUrl('feeds')))).status).toBe(404);
  });

  it('do not hang on a FIFO', async () => {
    const fifo = path.join(root, 'pipe');
    execFileSync('mkfifo', [fifo]);
    expect((await enabled.request(get(fileUrl('pipe')))).status).toBe(404);
  });

  it('are read-only and bounded by the response limit', async () => {
    expect((await failure(enabled.request(get(fileUrl('feeds', 'news.json'), 'POST')))).reason).toBe('blocked');
    expect((await failure(enabled.request(get(fileUrl('big.txt'))))).reason).toBe('too-large');
  });
});
