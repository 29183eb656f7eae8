// Web chat, assembled: visitor ids, the fan-out between processes, this process's sockets, delivery, and per-socket sessions.
import type { Config } from '../../config.js';
import type { ChannelRuntime } from '../ports.js';
import { WebChatAdapter } from './adapter.js';
import { LocalFanout, PostgresFanout, publishWithoutWaiting, type Fanout } from './fanout.js';
import { ChatHub } from './hub.js';
import { ChatSession } from './session.js';
import { VisitorIds } from './visitor.js';

export class WebChat {
  private readonly fanout: Fanout;
  private readonly hub: ChatHub;
  private readonly visitors: VisitorIds;

  constructor(config: Config, private readonly runtime: ChannelRuntime, serverSecret: Uint8Array) {
    this.fanout = config.database.kind === 'postgres'
      ? new PostgresFanout(config.database.url, (channel, payload) => runtime.notify(channel, payload), runtime.peers)
      : new LocalFanout();
    this.hub = new ChatHub(this.fanout);
    this.visitors = new VisitorIds(serverSecret);
    runtime.registerAdapter(new WebChatAdapter(this.fanout));
    // A committed run ends the "typing" the widget shows since the visitor's message, whatever it sent: its messages follow
    // (delivered after the commit), and one that sent nothing the widget shows (an e-mail, a note, custom JSON) ends it too.
    runtime.events.on('conversation.committed', ({ conversationId, channelType }) => {
      if (channelType === 'web') publishWithoutWaiting(this.fanout, { conversationId, typing: false });
    });
    // An answer being written shows as it comes (docs/knowledge.md); the committed message replaces it.
    runtime.events.on('answer.draft', ({ conversationId, channelType, text }) => {
      if (channelType === 'web') this.hub.draft(conversationId, text);
    });
  }

  async start(): Promise<void> {
    if (this.fanout instanceof PostgresFanout) await this.fanout.start();
  }

  /** The channel, when it exists and is a web-chat channel. */
  async channel(channelId: number) {
    const record = await this.runtime.records.channels.find(channelId);
    return record !== undefined && record.type === 'web' ? record : undefined;
  }

  async session(channelId: number, socket: { send(frame: string): void; close(code?: number, reason?: string): void }): Promise<ChatSession | null> {
    const channel = await this.channel(channelId);
    if (channel === undefined) return null;
    return new ChatSession({ channel, records: this.runtime.records, ingest: this.runtime.ingest, hub: this.hub, fanout: this.fanout, visitors: this.visitors }, socket);
  }

  async close(): Promise<void> {
    await this.fanout.close();
  }
}
