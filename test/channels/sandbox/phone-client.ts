// A sandbox page for tests: speaks the page's WebSocket protocol and collects what the server sends.
import WebSocket from 'ws';

export interface Frame {
  type: string;
  [key: string]: unknown;
}

export interface PhoneMessage {
  id: number;
  direction: 'in' | 'out';
  status: string;
  failureReason: string | null;
  text?: string | null;
  view?: Record<string, unknown> & { kind: string } | null;
}

let ids = 0;

export class PhonePage {
  readonly frames: Frame[] = [];
  readonly closed: Promise<number>;
  private waiters: { test: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as Frame;
      this.frames.push(frame);
      for (const w of [...this.waiters]) if (w.test(frame)) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(frame);
      }
    });
    this.closed = new Promise((resolve) => socket.once('close', (code) => resolve(code)));
  }

  /** A socket that has said hello with `token` (the `ready` frame, or the error a bad token gets). */
  static async open(baseUrl: string, token: string): Promise<{ page: PhonePage; first: Frame }> {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/sandbox/ws`);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    const page = new PhonePage(socket);
    const first = page.next((f) => f.type === 'ready' || f.type === 'error');
    page.send({ type: 'hello', token });
    return { page, first: await first };
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  /** Opens a phone; resolves to its `phone` frame (or the error that refused it). */
  async phone(channelId: number, humanId: number): Promise<Frame> {
    const seen = this.frames.length;
    this.send({ type: 'open', channelId, humanId });
    return this.next((f) => this.frames.indexOf(f) >= seen && (f.type === 'phone' || (f.type === 'error' && f.channelId === channelId && f.humanId === humanId)));
  }

  text(conversationId: number, text: string): string {
    const id = `t${++ids}`;
    this.send({ type: 'text', conversationId, id, text });
    return id;
  }

  tap(conversationId: number, source: 'reply' | 'postback' | 'action', title: string | null, payload: string | null): string {
    const id = `p${++ids}`;
    this.send({ type: 'tap', conversationId, id, source, title, payload });
    return id;
  }

  ack(id: string): Promise<Frame> {
    return this.next((f) => (f.type === 'ack' || f.type === 'error') && f.id === id);
  }

  /** Every message of a conversation this page was shown, in order: the opening frame's, then the later ones. */
  messages(conversationId: number): PhoneMessage[] {
    const out: PhoneMessage[] = [];
    for (const f of this.frames) {
      if (f.type === 'phone' && (f.phone as { conversationId: number }).conversationId === conversationId) out.splice(0, out.length, ...(f.messages as PhoneMessage[]));
      if (f.type === 'message' && f.conversationId === conversationId) out.push(f.message as PhoneMessage);
    }
    return out;
  }

  /** Waits until the conversation's messages pass the test; gives them. */
  async until(conversationId: number, test: (messages: PhoneMessage[]) => boolean, timeoutMs = 15_000): Promise<PhoneMessage[]> {
    if (test(this.messages(conversationId))) return this.messages(conversationId);
    await this.next(() => test(this.messages(conversationId)), timeoutMs);
    return this.messages(conversationId);
  }

  /** The first frame (already received or still to come) that passes the test. */
  next(test: (f: Frame) => boolean, timeoutMs = 15_000): Promise<Frame> {
    const seen = this.frames.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames).slice(0, 4000)}`)), timeoutMs);
      this.waiters.push({ test, resolve: (f) => { clearTimeout(timer); resolve(f); } });
    });
  }

  close(): void {
    this.socket.close();
  }
}

/** The bot messages of a thread. */
export const outs = (messages: PhoneMessage[]) => messages.filter((m) => m.direction === 'out');
