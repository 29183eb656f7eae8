// A web-chat client for tests: speaks the widget's protocol over a real WebSocket and collects what the server sends.
import WebSocket from 'ws';

export interface Frame {
  type: string;
  [key: string]: unknown;
}

export class ChatClient {
  readonly frames: Frame[] = [];
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
  }

  static async open(baseUrl: string, channelId: number, visitor: string | null = null): Promise<{ client: ChatClient; welcome: Frame }> {
    const socket = new WebSocket(`${baseUrl.replace('http', 'ws')}/chat/${channelId}/ws`);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    const client = new ChatClient(socket);
    const welcome = client.next((f) => f.type === 'welcome');
    socket.send(JSON.stringify({ type: 'hello', visitor }));
    return { client, welcome: await welcome };
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  say(text: string, id = `c-${Math.random().toString(36).slice(2)}`): void {
    this.send({ type: 'message', id, text });
  }

  /**
   * The first frame (already received or still to come) that passes the test. The wait guards against a hang, it times
   * nothing: a first answer waits for the bot's recognizer to be trained, which a busy slow machine took 15 s for.
   */
  next(test: (f: Frame) => boolean, timeoutMs = 25_000): Promise<Frame> {
    const seen = this.frames.find(test);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames)}`)), timeoutMs);
      this.waiters.push({ test, resolve: (f) => { clearTimeout(timer); resolve(f); } });
    });
  }

  /** Bot messages received so far, in order. */
  botMessages(): { id: number; text: string | null; quickReplies?: { title: string }[]; form?: unknown }[] {
    return this.frames.filter((f) => f.type === 'message' && (f.message as { direction: string }).direction === 'out').map((f) => f.message as never);
  }

  async botText(index: number): Promise<string | null> {
    await this.next(() => this.botMessages().length > index);
    return this.botMessages()[index]!.text;
  }

  close(): void {
    this.socket.close();
  }
}

/** A new visitor says each text in turn, waiting for the bot's answer to each, then leaves. */
export async function converse(serverUrl: string, channelId: number, ...texts: string[]): Promise<void> {
  const { client } = await ChatClient.open(serverUrl, channelId);
  for (const text of texts) {
    const before = client.botMessages().length;
    client.say(text);
    await client.next(() => client.botMessages().length > before);
  }
  client.close();
}
