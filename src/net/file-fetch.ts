// Answers a file:// URL from a file under the configured root directory, and nothing outside it.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HttpFailure, type HttpMethod, type HttpResponse } from '../engine/ports.js';
import { decodeText } from './decode-text.js';

const TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.csv': 'text/csv',
  '.txt': 'text/plain',
};

function inside(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function blocked(message: string): HttpFailure {
  return new HttpFailure('blocked', message);
}

function notFound(url: URL): HttpResponse {
  return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not Found', url: url.href };
}

function localPath(url: URL): string {
  if (url.host !== '' && url.host !== 'localhost') throw blocked(`file://${url.host}/ names another machine; only local files can be read`);
  let p: string;
  try {
    p = fileURLToPath(url);
  } catch (err) {
    throw blocked(`${url.href} is not a readable file path: ${(err as Error).message}`);
  }
  if (p.includes('\0')) throw blocked('a file path cannot contain a NUL character');
  return path.resolve(p);
}

/**
 * A missing file answers 404 rather than failing, so a bot can branch on it as on any HTTP answer;
 * but the existence of anything outside the root is never revealed. The root is checked twice:
 * on the path as written (the URL parser has already folded `..` and `%2e%2e`) and on the real
 * path, so a symbolic link inside the root cannot lead out of it.
 */
export async function fetchFile(url: URL, method: HttpMethod, root: string, maxBytes: number, signal: AbortSignal): Promise<HttpResponse> {
  if (method !== 'GET') throw blocked(`file:// URLs can only be read (GET), not ${method}`);
  const target = localPath(url);
  const base = path.resolve(root);
  if (!inside(base, target)) throw blocked(`${target} is outside the directory file:// URLs may read (OUTBOUND_FILE_ROOT)`);
  let real: string;
  let realRoot: string;
  try {
    [realRoot, real] = await Promise.all([realpath(base), realpath(target)]);
  } catch {
    return notFound(url);
  }
  if (!inside(realRoot, real)) throw blocked(`${target} leads outside the directory file:// URLs may read (OUTBOUND_FILE_ROOT)`);
  let handle;
  try {
    // O_NOFOLLOW: the checked path must be the opened one, even if a link appears in between;
    // O_NONBLOCK: a FIFO under the root must not hang the open (it is then refused as not a file).
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return notFound(url);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return notFound(url);
    if (stat.size > maxBytes) throw new HttpFailure('too-large', `${target} is larger than ${maxBytes} bytes`);
    const bytes = await handle.readFile({ signal });
    if (bytes.length > maxBytes) throw new HttpFailure('too-large', `${target} is larger than ${maxBytes} bytes`);
    const type = TYPES[path.extname(real).toLowerCase()] ?? 'application/octet-stream';
    return { status: 200, headers: { 'content-type': type, 'content-length': String(bytes.length) }, body: decodeText(bytes, type), url: url.href };
  } finally {
    await handle.close();
  }
}
