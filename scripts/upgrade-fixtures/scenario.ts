// What an upgrade fixture holds, and how it is made through the public API: conversations left mid-wait, mid-form and mid-delay, tokens, humans, subscriptions, a webhook.
import WebSocket from 'ws';

/** The bot every fixture runs: each interaction leaves its conversation somewhere a new release must carry on from. */
export const FIXTURE_BOT = {
  name: 'upgrade-fixture',
  interactions: [
    { name: 'hi', intents: ['sys:start'], actions: [{ send: { message: { text: 'Welcome!' } } }] },
    // The wait outlives any test run of the fixture (the default times out after a day).
    { name: 'ask', intents: [{ name: 'age', expressions: ['ask my age', 'how old am i'] }], actions: [
      { send: { message: { text: 'How old are you?' } } }, { waitFor: { data: ['number'], content: 'age', timeout: '36500d' } }, { send: { message: { text: 'Noted: {age}' } } },
    ] },
    { name: 'slow', intents: [{ name: 'slow', expressions: ['slow down'] }], actions: [
      { send: { message: { text: 'one' } } }, { pause: { seconds: 20 } }, { send: { message: { text: 'two' } } },
    ] },
    { name: 'form', intents: [{ name: 'signup', expressions: ['sign me up'] }], actions: [
      { dataCapture: { displayMode: 'popup', submitButton: 'Send', executeOnSubmit: 'thanks', fields: [
        { type: 'text', attribute: 'sys:firstName', title: 'Name', required: true },
        { type: 'email', attribute: 'contactEmail', title: 'E-mail', required: true },
      ] } },
    ] },
    { name: 'thanks', intents: [], actions: [{ send: { message: { text: 'Thanks {sys:firstName} ({contactEmail})' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Echo: {sys:text}' } } }] },
  ],
};

/** A web-chat visitor left in a conversation, and what it says next with the answer the bot gives at that point. */
export interface FixtureVisitor {
  /** The signed visitor id the widget keeps, to come back as the same human. */
  visitor: string;
  conversationId: number;
  /** What the API said the conversation waits for when the fixture was made. */
  waitingFor: string | null;
  /** Bot texts so far, in order. */
  botTexts: string[];
  /** The token of the form the bot waits for (mid-form only). */
  formToken?: string;
}

export interface FixtureManifest {
  /** The commit whose server made the fixture. */
  commit: string;
  madeAt: string;
  email: string;
  token: string;
  otherToken: string;
  revokedToken: string;
  botId: number;
  channelId: number;
  humanId: number;
  webhookId: number;
  /** Conversations by situation. */
  visitors: { idle: FixtureVisitor; wait: FixtureVisitor; form: FixtureVisitor; delay: FixtureVisitor };
  /** Messages stored per conversation when the server stopped. */
  messageCounts: Record<string, number>;
  /** The inbox's triage, from releases that have it (GET /v1/inbox): the idle conversation resolved, a canned reply. */
  inbox?: { resolvedConversationId: number; cannedReplyTitle: string };
}

type Json = Record<string, unknown>;

export function api(base: string, token: string) {
  return async (method: string, url: string, body?: unknown): Promise<{ status: number; body: Json }> => {
    const res = await fetch(`${base}${url}`, {
      method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? {} : JSON.parse(text) as Json };
  };
}

/** A widget's socket, as small as the fixture needs. */
export class Widget {
  readonly frames: Json[] = [];
  private listeners: (() => void)[] = [];
  visitor = '';

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Json);
      for (const l of [...this.listeners]) l();
    });
  }

  static async open(base: string, channelId: number, visitor: string | null = null): Promise<Widget> {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/chat/${channelId}/ws`);
    await new Promise<void>((resolve, reject) => { socket.once('open', () => resolve()); socket.once('error', reject); });
    const widget = new Widget(socket);
    socket.send(JSON.stringify({ type: 'hello', visitor }));
    const welcome = await widget.until(() => widget.frames.find((f) => f.type === 'welcome'));
    widget.visitor = String(welcome.visitor);
    return widget;
  }

  /** Bot messages pushed so far (history on a welcome is not counted: only what came over this socket). */
  botMessages(): Json[] {
    return this.frames.filter((f) => f.type === 'message' && (f.message as Json).direction === 'out').map((f) => f.message as Json);
  }

  botTexts(): string[] {
    return this.botMessages().map((m) => String(m.text ?? ''));
  }

  async botText(index: number): Promise<string> {
    await this.until(() => (this.botMessages().length > index ? true : undefined));
    return String(this.botMessages()[index]!.text ?? '');
  }

  say(text: string): void {
    this.socket.send(JSON.stringify({ type: 'message', id: `m-${Math.random().toString(36).slice(2)}`, text }));
  }

  submit(token: string, values: Record<string, string>): void {
    this.socket.send(JSON.stringify({ type: 'form', id: `f-${Math.random().toString(36).slice(2)}`, token, action: 'submit', values }));
  }

  until<T>(test: () => T | undefined, timeoutMs = 30_000): Promise<T> {
    const now = test();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`widget: nothing came within ${timeoutMs} ms; frames ${JSON.stringify(this.frames)}`)), timeoutMs);
      const listener = () => {
        const value = test();
        if (value === undefined) return;
        clearTimeout(timer);
        this.listeners = this.listeners.filter((l) => l !== listener);
        resolve(value);
      };
      this.listeners.push(listener);
    });
  }

  close(): void {
    this.socket.close();
  }
}

async function eventually<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Drives a running server (any release with this API) into the fixture's situations. `token` belongs to `email`'s
 * account. Ends with the delay's message stored behind its pause: stop the server at once, so its timer falls due while it is down.
 */
export async function makeFixture(base: string, email: string, token: string, commit: string): Promise<FixtureManifest> {
  const call = api(base, token);
  const ok = async (method: string, url: string, body?: unknown): Promise<Json> => {
    const res = await call(method, url, body);
    if (res.status >= 300) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const botId = Number((await ok('POST', '/v1/bots', FIXTURE_BOT)).id);
  const channelId = Number((await ok('POST', '/v1/channels', { channelType: 'web', botId, name: 'site', description: 'upgrade fixture' })).id);
  const humanId = Number((await ok('POST', '/v1/humans', { firstName: 'Ada', lastName: 'Lovelace', phone: '+14155550100', email: 'ada@example.com', tags: ['vip', 'beta'] })).id);
  await ok('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: [humanId] });
  const webhookId = Number((await ok('POST', '/v1/webhooks', { url: 'https://hooks.example.com/parley', description: 'upgrade fixture', eventTypes: ['message.failed', 'human.unsubscribed'] })).id);
  const otherToken = String((await ok('POST', '/v1/tokens', { name: 'second' })).token);
  const revoked = await ok('POST', '/v1/tokens', { name: 'revoked' });
  await ok('DELETE', `/v1/tokens/${String(revoked.id)}`);

  const conversationOf = async (visitorCount: number): Promise<number> => {
    const list = await ok('GET', `/v1/conversations?channel_id=${channelId}`);
    const ids = (list.conversations as Json[]).map((c) => Number(c.id));
    if (ids.length !== visitorCount) throw new Error(`expected ${visitorCount} conversations, got ${ids.length}`);
    return Math.max(...ids);
  };
  const settle = async (conversationId: number, count: number): Promise<void> => {
    await eventually(async () => {
      const history = await ok('GET', `/v1/conversations/${conversationId}/messages?limit=100`);
      return (history.messages as Json[]).length >= count ? true : undefined;
    }, `${count} messages in conversation ${conversationId}`);
  };
  const visit = async (n: number, said: string | null, answers: number) => {
    const widget = await Widget.open(base, channelId);
    await widget.botText(0);
    if (said !== null) {
      widget.say(said);
      await widget.botText(answers);
    }
    const conversationId = await conversationOf(n);
    return { widget, conversationId };
  };
  const left = async (w: { widget: Widget; conversationId: number }, extra: Partial<FixtureVisitor> = {}): Promise<FixtureVisitor> => {
    const view = await ok('GET', `/v1/conversations/${w.conversationId}`);
    w.widget.close();
    return { visitor: w.widget.visitor, conversationId: w.conversationId, waitingFor: (view.waitingFor as string | null) ?? null, botTexts: w.widget.botTexts(), ...extra };
  };

  const idle = await visit(1, 'hello', 1);
  const wait = await visit(2, 'ask my age', 1);
  const form = await visit(3, 'sign me up', 1);
  const formToken = String(((form.widget.botMessages()[1]!.form) as Json).token);
  // The inbox's state, where the release has an inbox: what a later release must keep.
  const inbox = (await call('GET', '/v1/inbox')).status === 200 ? {
    resolvedConversationId: (await ok('PATCH', `/v1/conversations/${idle.conversationId}`, { status: 'resolved' }), idle.conversationId),
    cannedReplyTitle: String((await ok('POST', '/v1/canned-replies', { title: 'Hours', text: 'We answer from 9 to 5.' })).title),
  } : undefined;
  const delay = await visit(4, 'slow down', 1);
  // Stored behind the pause: answered only after it, by the release that opens the fixture.
  delay.widget.say('are you there?');
  await settle(delay.conversationId, 4);
  const visitors = {
    idle: await left(idle), wait: await left(wait), form: await left(form, { formToken }), delay: await left(delay),
  };
  const messageCounts: Record<string, number> = {};
  for (const v of Object.values(visitors)) {
    messageCounts[String(v.conversationId)] = ((await ok('GET', `/v1/conversations/${v.conversationId}/messages?limit=100`)).messages as Json[]).length;
  }
  return {
    commit, madeAt: new Date().toISOString(), email, token, otherToken, revokedToken: String(revoked.token), botId, channelId, humanId, webhookId,
    visitors, messageCounts, ...(inbox === undefined ? {} : { inbox }),
  };
}
