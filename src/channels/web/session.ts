// One widget's socket: the hello handshake (visitor id, history), then its messages, clicks and forms into the conversation's inbox.
import { type MessageEvent, messageEvent } from '../../engine/index.js';
import type { IngestPort } from '../ports.js';
import type { ProviderRecords } from '../records.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';
import { type Fanout, publishWithoutWaiting } from './fanout.js';
import { readFrame, type ClientFrame } from './frames.js';
import type { CarriedMessage, ChatHub, ChatSocket } from './hub.js';
import { chatMessage, openFormTokens } from './message-view.js';
import type { VisitorIds } from './visitor.js';

/** Messages a widget gets back on (re)connection. */
const HISTORY = 50;
/** Messages a signal's read looks at first (see syncTo). */
const FEW = 4;

export interface SessionParts {
  channel: ChannelRecord;
  records: Pick<ProviderRecords, 'conversations' | 'identities' | 'messages'>;
  ingest: Pick<IngestPort, 'receive'>;
  hub: ChatHub;
  fanout: Fanout;
  visitors: VisitorIds;
}

export class ChatSession {
  private visitor: string | null = null;
  private conversationId: number | null = null;
  /**
   * Message ids this socket has been sent, so a catch-up or a second signal never repeats one. A set, not a high-water
   * mark: the visitor's own message may be pushed after the bot's answer to it (another process ran faster).
   */
  private readonly sent = new Set<number>();
  /** The newest of them: a catch-up reads what came after it. */
  private lastSent = 0;
  /** The forms the last read of the conversation's state found open: the visitor's own messages change none. */
  private openForms: string[] = [];
  /** The fan-out's epoch at the last catch-up: a new one means signals may have been missed since. */
  private epoch = 0;
  private readonly socket: ChatSocket;

  constructor(private readonly parts: SessionParts, private readonly raw: { send(frame: string): void; close(code?: number, reason?: string): void }) {
    this.socket = {
      send: (frame) => {
        const parsed = JSON.parse(frame) as { type: string; message?: { id: number } };
        if (parsed.type === 'message' && parsed.message !== undefined) {
          if (this.sent.has(parsed.message.id)) return;
          this.remember(parsed.message.id);
        }
        raw.send(frame);
      },
      syncTo: (messageId, openForms, carried) => this.syncTo(messageId, openForms, carried),
    };
  }

  /**
   * Every message up to `messageId` not sent yet, oldest first (see ChatSocket.syncTo). It reads all of them, not only
   * those after the last one read: with several processes an earlier message can commit after a later one was read,
   * and its signal may come after the later one's (a local signal is heard before a remote one).
   */
  private async syncTo(messageId: number, openForms?: string[], carried?: CarriedMessage): Promise<void> {
    if (this.conversationId === null || this.sent.has(messageId)) return;
    // The message the signal carries follows one this socket showed, and nothing newer was shown: it is the next one
    // in order, shown without a read (the visitor's message, the answer to it). A bot's answer brings the open forms;
    // the visitor's own messages change none.
    const forms = carried?.message.direction === 'in' ? this.openForms : openForms;
    if (carried !== undefined && forms !== undefined && this.sent.has(carried.after) && messageId > this.lastSent) {
      this.openForms = forms;
      this.socket.send(JSON.stringify({ type: 'message', message: carried.message, openForms: forms }));
      return;
    }
    let rows = await this.parts.records.messages.recentUpTo(this.conversationId, messageId, FEW);
    // Unsent messages are nearly always the last one or two: the wider read only when even the oldest of a few was unsent.
    const oldest = rows.length === FEW ? chatMessage(rows[0]!) : null;
    if (oldest !== null && !this.sent.has(oldest.id)) rows = await this.parts.records.messages.recentUpTo(this.conversationId, messageId, HISTORY);
    const unsent = rows.map(chatMessage).filter((m): m is NonNullable<typeof m> => m !== null && !this.sent.has(m.id));
    if (unsent.length === 0) return;
    // As of the run's commit (given by the signal, or read after it), so a form the bot refused (and still waits for) is
    // listed as open again.
    if (unsent.some((m) => m.direction !== 'in')) {
      this.openForms = openForms ?? openFormTokens((await this.parts.records.conversations.find(this.conversationId))?.state);
    }
    for (const message of unsent) this.socket.send(JSON.stringify({ type: 'message', message, openForms: this.openForms }));
  }

  private remember(id: number): void {
    this.sent.add(id);
    this.lastSent = Math.max(this.lastSent, id);
  }

  private send(frame: object): void {
    this.raw.send(JSON.stringify(frame));
  }

  async receive(text: string): Promise<void> {
    const read = readFrame(text);
    if (!read.ok) {
      this.send({ type: 'error', description: read.error });
      return;
    }
    const frame = read.frame;
    if (frame.type === 'hello') return this.hello(frame.visitor);
    if (this.visitor === null) {
      this.send({ type: 'error', description: 'Send a hello frame first.' });
      return;
    }
    await this.inbound(frame);
  }

  close(): void {
    if (this.conversationId !== null) this.parts.hub.detach(this.conversationId, this.socket);
  }

  private async hello(token: string | null): Promise<void> {
    const { channel, visitors, records } = this.parts;
    let visitor = token === null ? null : visitors.verify(channel.id, token);
    let visitorToken = token;
    if (visitor === null) {
      const issued = visitors.issue(channel.id);
      visitor = issued.id;
      visitorToken = issued.token;
    }
    this.visitor = visitor;
    const humanId = await records.identities.humanOf(channel.id, visitor);
    const conversation = humanId === undefined ? undefined : await records.conversations.findFor(channel.id, humanId);
    const history = conversation === undefined ? [] : (await records.messages.recent(conversation.id, HISTORY)).map(chatMessage).filter((m) => m !== null);
    for (const m of history) this.remember(m.id);
    this.openForms = openFormTokens(conversation?.state);
    this.send({ type: 'welcome', visitor: visitorToken, history, openForms: this.openForms });
    if (conversation !== undefined) {
      await this.attach(conversation.id);
      return;
    }
    // A first visit: the bot greets before the visitor types (sys:start, or the experience's welcome workflow).
    const ingested = await this.parts.ingest.receive(this.envelope(`web:${visitor}:welcome`, { kind: 'welcome' }));
    await this.attach(ingested.conversationId);
  }

  private async attach(conversationId: number): Promise<void> {
    if (this.conversationId === conversationId) return;
    // A second hello with another visitor id moves the socket; it never listens to two conversations.
    if (this.conversationId !== null) this.parts.hub.detach(this.conversationId, this.socket);
    this.conversationId = conversationId;
    this.parts.hub.attach(conversationId, this.socket);
    // Whatever was delivered between the history read and the attach is sent now; the id check drops repeats.
    await this.catchUp(conversationId);
  }

  /** Sends what this socket has not been sent since its newest message: a signal lost while the fan-out reconnected is made up here. */
  private async catchUp(conversationId: number): Promise<void> {
    this.epoch = this.parts.fanout.epoch;
    const missed = (await this.parts.records.messages.history(conversationId, this.lastSent, HISTORY)).map(chatMessage).filter((m) => m !== null);
    if (missed.length === 0) return;
    this.openForms = openFormTokens((await this.parts.records.conversations.find(conversationId))?.state);
    for (const message of missed) this.socket.send(JSON.stringify({ type: 'message', message, openForms: this.openForms }));
  }

  private envelope(id: string | null, event: InboundEnvelope['event']): InboundEnvelope {
    return { channel: this.parts.channel, address: this.visitor!, providerMessageId: id, event, device: { type: 'browser', platform: 'web' } };
  }

  private async inbound(frame: Exclude<ClientFrame, { type: 'hello' }>): Promise<void> {
    let event: InboundEnvelope['event'];
    if (frame.type === 'form') event = { kind: 'form', token: frame.token, action: frame.action, values: frame.values };
    else {
      const message: MessageEvent = frame.type === 'message' ? messageEvent({ text: frame.text })
        : frame.type === 'postback' ? messageEvent({ text: frame.title, payload: frame.payload })
          : messageEvent({ location: { latitude: frame.latitude, longitude: frame.longitude, label: null } });
      event = message;
    }
    // The bot "typing" is announced before the event enters the inbox: announced after, it could come after the answer and
    // stay on. This process's sockets hear it now; the other processes by this process's NOTIFYs, sent in the order signals
    // are published, so before the answer of the run this ingest claims here.
    const known = this.conversationId;
    if (known !== null) publishWithoutWaiting(this.parts.fanout, { conversationId: known, typing: true });
    const ingested = await this.parts.ingest.receive(this.envelope(`web:${this.visitor}:${frame.id}`, event));
    // Signals are not lost while the fan-out stays connected: a catch-up is needed only after it reconnected.
    if (this.conversationId !== ingested.conversationId) await this.attach(ingested.conversationId);
    else if (this.epoch !== this.parts.fanout.epoch) await this.catchUp(ingested.conversationId);
    this.send({ type: 'ack', id: frame.id, duplicate: ingested.eventId === null });
    if (ingested.eventId === null) {
      // A frame sent again (after a reconnect): nothing new runs, so nothing will end that typing.
      if (known !== null) publishWithoutWaiting(this.parts.fanout, { conversationId: known, typing: false });
      return;
    }
    if (known === null) publishWithoutWaiting(this.parts.fanout, { conversationId: ingested.conversationId, typing: true });
    // Other tabs of the same visitor see what was typed here; it goes with the signal when the ingest named the message before it.
    if (ingested.messageId !== null) {
      const { conversationId, messageId, previousMessageId } = ingested;
      const message = previousMessageId === null ? null : chatMessage({
        id: messageId, conversationId, kind: 'message', direction: 'in', content: JSON.stringify(event), status: 'received', failureReason: null,
        providerMessageId: `web:${this.visitor}:${frame.id}`, createdAt: ingested.storedAt,
      });
      const carried = message === null || previousMessageId === null ? {} : { message, after: previousMessageId };
      publishWithoutWaiting(this.parts.fanout, { conversationId, messageId, ...carried });
    }
  }
}
