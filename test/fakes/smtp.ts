// A fake SMTP server (smtp-server) that keeps every message it is given, decoded enough for tests to read links.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone. */
  text: string;
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export class FakeSmtp {
  readonly mails: ReceivedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: (() => void)[] = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => { raw += chunk; });
        stream.on('end', () => {
          this.mails.push({
            from: session.envelope.mailFrom === false ? '' : session.envelope.mailFrom.address,
            to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQuotedPrintable(raw),
          });
          for (const wake of this.waiters.splice(0)) wake();
          callback();
        });
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address !== null ? address.port : 0;
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The first mail to `to`, waiting for it. */
  async mailTo(to: string): Promise<ReceivedMail> {
    for (;;) {
      const found = this.mails.find((m) => m.to.includes(to));
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
