// Telling every process that a web-chat conversation has news (a message, typing), so the process holding the socket shows it.
import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { ProcessPeers } from '../ports.js';
import type { ChatMessage } from './message-view.js';

export interface ChatSignal {
  conversationId: number;
  /** A message to show; absent for a typing change alone. */
  messageId?: number;
  typing?: boolean;
  /**
   * The forms open once the commit that stored the message was made, when the publisher knows them (a bot's answer
   * sent at its commit): a socket then need not read the conversation for them. Absent: the socket reads them.
   */
  openForms?: string[];
  /**
   * The message itself, when the publisher knows the conversation's message stored just before it (`after`; a bot's
   * answer committed in one statement, a known visitor's message ingested in one): a socket of this process that has
   * shown that one, and nothing newer, shows this one as it is. Never sent to other processes. Absent: the socket reads it.
   */
  message?: ChatMessage;
  after?: number;
  /**
   * An answer's text so far while a model writes it: shown in place until the message arrives. Like `message` it never
   * leaves this process (no text through NOTIFY); the process running the conversation is, as a rule, the one holding
   * the visitor's socket (it took the message), and a socket elsewhere shows the answer when it is sent.
   */
  draft?: string;
}

export interface Fanout {
  /** Counts the times signals may have been missed (a PostgreSQL listener reconnected): a socket then catches up. */
  readonly epoch: number;
  publish(signal: ChatSignal): Promise<void>;
  subscribe(listener: (signal: ChatSignal) => void): void;
  /**
   * Called when signals for this process's sockets may have gone unsent: another process published them while it
   * believed no other process listened. Each socket should then catch up from the store.
   */
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

/**
 * Publishes without waiting for the NOTIFY that carries the signal to the other processes (PostgresFanout): one is in
 * flight at a time, each with its own commit, and a visitor's next message waited for it. This process's sockets hear
 * the signal at once; signals leave in the order they are published, waited for or not. A NOTIFY that fails (the
 * database unreachable) loses its signals for the other processes' sockets as it did when waited for: what they
 * announce is stored, and a later signal or catch-up brings it.
 */
export function publishWithoutWaiting(fanout: Fanout, signal: ChatSignal): void {
  void fanout.publish(signal).catch(() => undefined);
}

/** One process (SQLite): signals stay in memory. */
export class LocalFanout implements Fanout {
  readonly epoch = 0;
  private readonly emitter = new EventEmitter();

  async publish(signal: ChatSignal): Promise<void> {
    this.emitter.emit('signal', signal);
  }

  subscribe(listener: (signal: ChatSignal) => void): void {
    this.emitter.on('signal', listener);
  }

  /** One process: nothing is ever missed. */
  onResync(): void {}

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** A NOTIFY payload must stay under 8,000 bytes: signals are split into groups that fit. */
const PAYLOAD_BYTES = 7000;

/**
 * What other processes hear: the signal without the message it carries. Any role that may connect to the database may
 * LISTEN, also one that may not read Parley's tables, so no message text passes through NOTIFY; the sockets of other
 * processes read the message, those of the publishing process were given it.
 */
function forOtherProcesses(signal: ChatSignal): ChatSignal {
  if (signal.message === undefined && signal.draft === undefined) return signal;
  const { message: _message, after: _after, draft: _draft, ...rest } = signal;
  return rest;
}

function payloads(signals: ChatSignal[]): ChatSignal[][] {
  const groups: ChatSignal[][] = [[]];
  let size = 0;
  for (const signal of signals.map(forOtherProcesses)) {
    const bytes = Buffer.byteLength(JSON.stringify(signal)) + 1;
    if (size + bytes > PAYLOAD_BYTES && groups.at(-1)!.length > 0) {
      groups.push([]);
      size = 0;
    }
    groups.at(-1)!.push(signal);
    size += bytes;
  }
  return groups;
}

/**
 * Several processes (PostgreSQL): LISTEN/NOTIFY on a channel named after the database URL, so two
 * deployments (or two test schemas) on one server never hear each other.
 *
 * A process alone notifies nobody: while the heartbeat's last read of the serving processes found no other
 * (`ProcessPeers.othersMayListen`), signals stay in the process, and the NOTIFY's transaction, one durable commit each,
 * is spared. A process that starts registers before it listens and before it takes sockets, so the others find it at
 * their next read (within a heartbeat); each then tells it, by a NOTIFY of its own, that it may have missed signals
 * (`welcome`), and its sockets catch up from the store, where every message a signal announces was committed first.
 * Typing signals are not stored: one skipped in that window is not made up.
 */
export class PostgresFanout implements Fanout {
  private readonly emitter = new EventEmitter();
  private readonly channel: string;
  /** Marks this process's own signals: its sockets heard them when they were published, not a round trip later. */
  private readonly origin = crypto.randomUUID();
  private listener: pg.Client | null = null;
  private closed = false;
  epoch = 0;
  /** Signals published while a NOTIFY was in flight, sent together by the next one. */
  private waiting: { signal: ChatSignal; resolve: () => void; reject: (err: unknown) => void }[] = [];
  /** Processes to tell that they may have missed signals (see the class comment), sent with the next NOTIFY. */
  private welcomes: string[] = [];
  private sending = false;

  /** `notify` sends a NOTIFY over the store's own pool: the only extra connection is the one that listens. */
  constructor(private readonly url: string, private readonly notify: (channel: string, payload: string) => Promise<void>, private readonly peers: ProcessPeers) {
    this.channel = `parley_chat_${crypto.createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
    peers.onJoined((id) => {
      this.welcomes.push(id);
      if (!this.sending) void this.sendWaiting();
    });
  }

  async start(): Promise<void> {
    await this.connect();
  }

  /** Tries again every second until the database takes the connection (a restart may take longer than one try). */
  private reconnect(): void {
    setTimeout(() => {
      if (!this.closed) this.connect().catch(() => this.reconnect());
    }, 1000).unref();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || n.payload === undefined) return;
      try {
        // A batch ({ origin, signals, welcome? }), or one signal alone as a process of an earlier release sends it.
        const { origin, signals, welcome, ...single } = JSON.parse(n.payload) as ChatSignal & { origin?: string; signals?: ChatSignal[]; welcome?: string[] };
        if (origin === this.origin) return;
        for (const signal of signals ?? [single]) this.emitter.emit('signal', signal);
        if (welcome?.includes(this.peers.self)) this.emitter.emit('resync');
      } catch {
        // Not ours to understand; ignore.
      }
    });
    client.on('error', () => {
      // The connection dropped: listen again; sockets fetch what they missed on their next message or reconnect.
      this.listener = null;
      this.epoch += 1;
      if (!this.closed) this.reconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.listener = client;
  }

  /**
   * This process's sockets hear the signal at once; the others by NOTIFY. One NOTIFY at a time per process, carrying
   * every signal published while the previous one was in flight: PostgreSQL commits notifying transactions one after
   * another under a global lock, each with its own WAL flush, so a NOTIFY per signal capped a whole server at a few
   * hundred signals a second.
   */
  async publish(signal: ChatSignal): Promise<void> {
    this.emitter.emit('signal', signal);
    if (!this.peers.othersMayListen()) return;
    await new Promise<void>((resolve, reject) => {
      this.waiting.push({ signal, resolve, reject });
      if (!this.sending) void this.sendWaiting();
    });
  }

  private async sendWaiting(): Promise<void> {
    this.sending = true;
    while (this.waiting.length > 0 || this.welcomes.length > 0) {
      const batch = this.waiting.splice(0, this.waiting.length);
      const welcome = this.welcomes.splice(0, this.welcomes.length);
      try {
        const groups = payloads(batch.map((w) => w.signal));
        for (const [i, signals] of groups.entries()) {
          // The welcome rides with the last group: it is read after the signals sent before it.
          const extra = i === groups.length - 1 && welcome.length > 0 ? { welcome } : {};
          await this.notify(this.channel, JSON.stringify({ origin: this.origin, signals, ...extra }));
        }
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.sending = false;
  }

  subscribe(listener: (signal: ChatSignal) => void): void {
    this.emitter.on('signal', listener);
  }

  onResync(listener: () => void): void {
    this.emitter.on('resync', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.emitter.removeAllListeners();
    await this.listener?.end().catch(() => undefined);
  }
}
