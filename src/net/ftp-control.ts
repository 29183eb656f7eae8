// The FTP control connection: sends commands and reads the numbered (possibly multi-line) replies.
import type { Socket } from 'node:net';
import { HttpFailure } from '../engine/ports.js';

export interface FtpReply {
  code: number;
  text: string;
}

/** A server that never ends a line is refused rather than buffered without bound. */
const MAX_PENDING_BYTES = 64 * 1024;

export class FtpControl {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiter: (() => void) | null = null;
  private failure: Error | null = null;

  constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      const parts = this.buffer.split(/\r?\n/);
      this.buffer = parts.pop() ?? '';
      this.lines.push(...parts);
      if (this.buffer.length > MAX_PENDING_BYTES) this.fail(new HttpFailure('network', 'the FTP server sent an over-long line'));
      this.wake();
    });
    socket.on('error', (err) => this.fail(err));
    socket.on('close', () => this.fail(new HttpFailure('network', 'the FTP server closed the connection')));
  }

  private fail(err: Error): void {
    this.failure ??= err;
    this.wake();
  }

  private wake(): void {
    const w = this.waiter;
    this.waiter = null;
    w?.();
  }

  private async line(): Promise<string> {
    for (;;) {
      const next = this.lines.shift();
      if (next !== undefined) return next;
      if (this.failure !== null) throw this.failure;
      await new Promise<void>((resolve) => { this.waiter = resolve; });
    }
  }

  /** The next complete reply; a multi-line one ("150-…" … "150 …") is joined. */
  async reply(): Promise<FtpReply> {
    const first = await this.line();
    const m = /^(\d{3})([ -]?)(.*)$/.exec(first);
    if (m === null) throw new HttpFailure('network', 'the FTP server sent something that is not a reply');
    const code = Number(m[1]);
    const text = [m[3] ?? ''];
    if (m[2] === '-') {
      for (;;) {
        const l = await this.line();
        text.push(l);
        if (l.startsWith(`${m[1]} `)) break;
      }
    }
    return { code, text: text.join('\n') };
  }

  /** The next reply that is not a preliminary 1xx one. */
  async final(): Promise<FtpReply> {
    for (;;) {
      const r = await this.reply();
      if (r.code >= 200) return r;
    }
  }

  send(command: string): void {
    // Paths reach here only after control characters were refused, so a command is always one line.
    this.socket.write(`${command}\r\n`, 'utf8');
  }
}
