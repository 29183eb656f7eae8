// Telling every process that a stored record changed, so that what each keeps in memory (channel facts, token rows) is dropped.
import crypto from 'node:crypto';
import pg from 'pg';

/** A listener hears the key that changed, or null when anything may have changed (the feed was cut and is back). */
export type ChangeListener = (key: string | null) => void;

export interface ChangeFeed {
  /**
   * Whether a listener hears every change made anywhere. False while a PostgreSQL feed reconnects: caches then read
   * through instead of trusting what they hold.
   */
  readonly live: boolean;
  /** Tells this process at once and the others as soon as the database delivers it. Call it after the change commits. */
  publish(topic: string, key: string): Promise<void>;
  subscribe(topic: string, listener: ChangeListener): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly byTopic = new Map<string, Set<ChangeListener>>();

  add(topic: string, listener: ChangeListener): void {
    let set = this.byTopic.get(topic);
    if (set === undefined) this.byTopic.set(topic, (set = new Set()));
    set.add(listener);
  }

  tell(topic: string, key: string | null): void {
    for (const listener of this.byTopic.get(topic) ?? []) listener(key);
  }

  tellAll(): void {
    for (const [topic] of this.byTopic) this.tell(topic, null);
  }

  clear(): void {
    this.byTopic.clear();
  }
}

/**
 * SQLite: the server is the one process that serves the file, so its changes are heard by a function call; a commit by
 * another connection (a `parley` command run beside the server) shows as a new `PRAGMA data_version`, and then every
 * cached record is dropped.
 */
export class SqliteChangeFeed implements ChangeFeed {
  private readonly listeners = new Listeners();
  private seen: number;
  private checked = false;

  constructor(private readonly dataVersion: () => number) {
    this.seen = dataVersion();
  }

  get live(): boolean {
    // Once per event-loop turn: every message asks several times (its channel, bot, webhook targets), and a command's
    // commit is heard by the next turn's first read, which drops what was cached before it looks.
    if (this.checked) return true;
    this.checked = true;
    setImmediate(() => { this.checked = false; });
    const now = this.dataVersion();
    if (now !== this.seen) {
      this.seen = now;
      this.listeners.tellAll();
    }
    return true;
  }

  async publish(topic: string, key: string): Promise<void> {
    this.listeners.tell(topic, key);
  }

  subscribe(topic: string, listener: ChangeListener): void {
    this.listeners.add(topic, listener);
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * Several processes on one PostgreSQL: NOTIFY on a channel named after the database URL (two deployments or two
 * test schemas on one server never hear each other), LISTEN on one connection of its own per process.
 */
export class PostgresChangeFeed implements ChangeFeed {
  private readonly listeners = new Listeners();
  private readonly channel: string;
  /** Marks this process's own notifications, which it has already told its listeners about. */
  private readonly origin = crypto.randomUUID();
  private client: pg.Client | null = null;
  private closed = false;
  private connected = false;

  constructor(private readonly url: string, private readonly notify: (channel: string, payload: string) => Promise<void>) {
    this.channel = `parley_changes_${crypto.createHash('sha256').update(url).digest('hex').slice(0, 16)}`;
  }

  get live(): boolean {
    return this.connected;
  }

  async publish(topic: string, key: string): Promise<void> {
    this.listeners.tell(topic, key);
    await this.notify(this.channel, JSON.stringify([this.origin, topic, key]));
  }

  subscribe(topic: string, listener: ChangeListener): void {
    this.listeners.add(topic, listener);
  }

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (n) => {
      if (n.channel !== this.channel || n.payload === undefined) return;
      try {
        const [origin, topic, key] = JSON.parse(n.payload) as [string, string, string];
        if (origin !== this.origin) this.listeners.tell(topic, key);
      } catch {
        // Not ours to understand; ignore.
      }
    });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    await client.connect();
    await client.query(`LISTEN ${this.channel}`);
    this.client = client;
    this.connected = true;
    // Whatever changed while nobody listened is unknown: everything cached before now is suspect.
    this.listeners.tellAll();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.connected = false;
    this.listeners.tellAll();
    if (!this.closed) this.retry();
  }

  private retry(): void {
    setTimeout(() => {
      if (this.closed) return;
      this.connect().catch(() => this.retry());
    }, 1000).unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.connected = false;
    this.listeners.clear();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
