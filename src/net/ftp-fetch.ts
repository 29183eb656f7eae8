// Answers an ftp:// URL with a minimal passive-mode retrieval (RETR), under the same address rules as HTTP.
import net, { type LookupFunction, type NetConnectOpts, type Socket } from 'node:net';
import { HttpFailure, type HttpMethod, type HttpResponse } from '../engine/ports.js';
import { addressRefusal } from './address-policy.js';
import { effectivePort, type AllowList } from './allow-list.js';
import { decodeText } from './decode-text.js';
import { FtpControl, type FtpReply } from './ftp-control.js';
import { guardedLookup } from './guarded-lookup.js';
import { isIpLiteral } from './ip-ranges.js';

export interface FtpFetchOptions {
  allowList: AllowList;
  resolve?: LookupFunction;
  maxBytes: number;
  signal: AbortSignal;
}

function blocked(message: string): HttpFailure {
  return new HttpFailure('blocked', message);
}

function decoded(text: string, what: string): string {
  let value: string;
  try {
    value = decodeURIComponent(text);
  } catch {
    throw blocked(`the FTP ${what} is not valid percent-encoding`);
  }
  // A CR or LF would end the command early and let the rest run as a command of its own.
  if (/[\u0000-\u001f\u007f]/.test(value)) throw blocked(`the FTP ${what} contains a control character`);
  return value;
}

/** RFC 1738 paths are relative to the login directory; a `;type=` suffix is dropped (transfers are always binary). */
function remotePath(url: URL): string {
  const file = decoded(url.pathname.replace(/;type=[aid]$/i, '').replace(/^\//, ''), 'path');
  if (file === '' || file.endsWith('/')) throw blocked('an ftp:// URL must name a file; directory listings are not supported');
  return file;
}

function expect(reply: FtpReply, codes: number[], step: string): void {
  if (!codes.includes(reply.code)) throw new HttpFailure('network', `the FTP server refused ${step}: ${reply.code} ${reply.text}`);
}

function connect(options: NetConnectOpts, open: Socket[]): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(options);
    open.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** EPSV first; with PASV the address the server names is ignored (the FTP bounce), only its port is used. */
async function passivePort(ftp: FtpControl): Promise<number> {
  ftp.send('EPSV');
  const ext = await ftp.final();
  const e = /\(([!-~])\1\1(\d+)\1\)/.exec(ext.text);
  if (ext.code === 229 && e !== null) return Number(e[2]);
  ftp.send('PASV');
  const pasv = await ftp.final();
  const p = /(\d+),(\d+),(\d+),(\d+),(\d+),(\d+)/.exec(pasv.text);
  if (pasv.code !== 227 || p === null) throw new HttpFailure('network', `the FTP server offered no passive connection: ${pasv.code} ${pasv.text}`);
  return Number(p[5]) * 256 + Number(p[6]);
}

function collect(socket: Socket, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    socket.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        socket.destroy();
        reject(new HttpFailure('too-large', `the FTP file is larger than ${maxBytes} bytes`));
      } else chunks.push(chunk);
    });
    socket.once('end', () => resolve(Buffer.concat(chunks)));
    socket.once('error', reject);
  });
}

/**
 * The control connection's host goes through the same guarded lookup as HTTP; the data connection
 * goes to the very address the control connection reached, so a server cannot point it elsewhere.
 * A missing file (550) answers 404 as file:// does.
 */
export async function fetchFtp(url: URL, method: HttpMethod, options: FtpFetchOptions): Promise<HttpResponse> {
  if (method !== 'GET') throw blocked(`ftp:// URLs can only be read (GET), not ${method}`);
  const file = remotePath(url);
  const user = url.username === '' ? 'anonymous' : decoded(url.username, 'user name');
  const pass = url.username === '' ? 'anonymous@' : decoded(url.password, 'password');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = effectivePort('ftp:', url.port);
  const listed = options.allowList.allows(host, port);
  const why = isIpLiteral(host) ? addressRefusal(host, listed) : null;
  if (why !== null) throw blocked(`${url.host} is refused: ${why}`);

  const open: Socket[] = [];
  const abort = (): void => { for (const s of open) s.destroy(new HttpFailure('timeout', 'the FTP exchange was cut off')); };
  options.signal.throwIfAborted();
  options.signal.addEventListener('abort', abort, { once: true });
  try {
    const lookup = guardedLookup((a) => addressRefusal(a, listed), options.resolve);
    const control = await connect({ host, port, lookup }, open);
    const ftp = new FtpControl(control);
    expect(await ftp.final(), [220], 'the connection');
    ftp.send(`USER ${user}`);
    let login = await ftp.final();
    if (login.code === 331) {
      ftp.send(`PASS ${pass}`);
      login = await ftp.final();
    }
    expect(login, [230, 202], 'the login');
    ftp.send('TYPE I');
    expect(await ftp.final(), [200], 'binary mode');
    const dataPort = await passivePort(ftp);
    // Never the host name: a second lookup could answer differently from the checked one.
    const peer = control.remoteAddress;
    if (peer === undefined) throw new HttpFailure('network', 'the FTP control connection was lost');
    const data = await connect({ host: peer, port: dataPort }, open);
    const body = collect(data, options.maxBytes);
    body.catch(() => { /* awaited below; this only keeps an early failure from going unhandled */ });
    ftp.send(`RETR ${file}`);
    const start = await ftp.reply();
    if (start.code === 550) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Not Found', url: url.href };
    expect(start, [125, 150], `to send ${file}`);
    const bytes = await body;
    expect(await ftp.final(), [226, 250], `to finish sending ${file}`);
    ftp.send('QUIT');
    return { status: 200, headers: { 'content-length': String(bytes.length) }, body: decodeText(bytes, undefined), url: url.href };
  } finally {
    options.signal.removeEventListener('abort', abort);
    for (const s of open) s.destroy();
  }
}
