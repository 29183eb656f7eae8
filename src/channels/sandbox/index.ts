// The phone simulator assembled: sandbox channels' delivery, the fan-out that tells every process's pages, and the pages' sessions.
import type { Config } from '../../config.js';
import type { ChannelRuntime } from '../ports.js';
import type { Provider } from '../registry.js';
import { LocalFanout, PostgresFanout, publishWithoutWaiting, type Fanout } from '../web/fanout.js';
import { ChatHub } from '../web/hub.js';
import { SandboxAdapter } from './adapter.js';
import { isSandboxChannel, SIMULATED_TYPES } from './channel.js';
import { SandboxSession, type SessionSocket } from './session.js';

export interface SandboxParts {
  config: Config;
  runtime: ChannelRuntime;
  /** The account of an API token (TokenService.authenticate). */
  authenticate(token: string): Promise<number>;
}

/** A channel as the sandbox page lists it. */
export interface SandboxChannel {
  id: number;
  name: string;
  channelType: string;
  /** Whether its messages come to the simulator (token `sandbox`); web chats are never sandboxed, they have their own page. */
  sandbox: boolean;
  /** Web chats: their page. */
  chatUrl: string | null;
}

export class Sandbox {
  readonly enabled: boolean;
  private readonly fanout: Fanout;
  private readonly hub: ChatHub;
  private readonly adapter: SandboxAdapter;

  constructor(private readonly parts: SandboxParts) {
    const { config, runtime } = parts;
    this.enabled = config.sandbox.enabled;
    // The web chat's fan-out, a second instance of it: LISTEN/NOTIFY on PostgreSQL, so a page sees a message whichever process delivered it.
    this.fanout = config.database.kind === 'postgres' && this.enabled
      ? new PostgresFanout(config.database.url, (channel, payload) => runtime.notify(channel, payload), runtime.peers)
      : new LocalFanout();
    this.hub = new ChatHub(this.fanout);
    this.adapter = new SandboxAdapter(runtime.records, this.enabled);
    // The hook of src/services/conversations/runtime.ts: sandbox channels are delivered here whatever their type; all others keep their provider.
    // With the sandbox off it still takes them, to fail their messages with a reason that says so.
    runtime.overrideAdapter((channel) => (isSandboxChannel(channel) ? this.adapter : null));
    const tell = ({ conversationId, messageId }: { conversationId: number; messageId: number }) => {
      if (this.adapter.settled(messageId)) publishWithoutWaiting(this.fanout, { conversationId, messageId });
    };
    runtime.events.on('message.sent', tell);
    runtime.events.on('message.failed', tell);
    // An answer a model writes shows on the phone as it comes (docs/knowledge.md), for sandbox channels only.
    runtime.events.on('answer.draft', ({ conversationId, channelId, text }) => {
      void runtime.records.channels.find(channelId).then((channel) => {
        if (channel !== undefined && isSandboxChannel(channel)) this.hub.draft(conversationId, text);
      }).catch(() => undefined);
    });
  }

  /** Started and closed with the providers (src/server.ts starts those in serving processes only). */
  provider(): Provider {
    return {
      adapter: this.adapter,
      hooks: null,
      start: async () => {
        if (this.fanout instanceof PostgresFanout) await this.fanout.start();
      },
      close: () => this.fanout.close(),
    };
  }

  /** The account's channels the page offers: sandbox channels first, then the others with what to do about them. */
  async channels(accountId: number): Promise<SandboxChannel[]> {
    const channels = await this.parts.runtime.records.channels.ofAccount(accountId);
    const listed = channels.filter((c) => SIMULATED_TYPES.has(c.type) || c.type === 'web').map((c): SandboxChannel => (
      { id: c.id, name: c.name, channelType: c.type, sandbox: isSandboxChannel(c), chatUrl: c.type === 'web' ? `/chat/${c.id}` : null }
    ));
    return [...listed.filter((c) => c.sandbox), ...listed.filter((c) => !c.sandbox)];
  }

  session(socket: SessionSocket): SandboxSession {
    const { runtime, authenticate } = this.parts;
    return new SandboxSession({ records: runtime.records, channels: runtime.records.channels, ingest: runtime.ingest, hub: this.hub, fanout: this.fanout, authenticate }, socket);
  }
}

export { outboundView, type OutboundView } from './views.js';
export { SIMULATED_TYPES } from './channel.js';
