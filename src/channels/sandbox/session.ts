// One sandbox page's socket: the API token first, then phones opened, and what the person types or taps into the inbox.
import { AppError, ForbiddenError, UnauthorizedError } from '../../errors.js';
import type { IngestPort } from '../ports.js';
import type { ChannelDirectory, ProviderRecords } from '../records.js';
import type { Fanout } from '../web/fanout.js';
import type { ChatHub } from '../web/hub.js';
import { readFrame, type PhoneFrame } from './frames.js';
import { phoneEnvelope, type PhoneInput } from './inbound.js';
import { openPhone, type OpenedPhone } from './phones.js';
import { PhoneThread } from './thread.js';

/** Phones one page may have open at once. */
const MAX_PHONES = 12;

export interface SessionParts {
  records: Pick<ProviderRecords, 'conversations' | 'humans' | 'identities' | 'messages'>;
  channels: Pick<ChannelDirectory, 'find'>;
  ingest: Pick<IngestPort, 'receive'>;
  hub: ChatHub;
  fanout: Fanout;
  /** The account of an API token; throws UnauthorizedError when it is not valid (or revoked). */
  authenticate(token: string): Promise<number>;
}

export interface SessionSocket {
  send(frame: string): void;
  close(code?: number, reason?: string): void;
}

export class SandboxSession {
  private accountId: number | null = null;
  private readonly phones = new Map<number, { opened: OpenedPhone; thread: PhoneThread }>();

  constructor(private readonly parts: SessionParts, private readonly socket: SessionSocket) {}

  private send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  async receive(text: string): Promise<void> {
    const read = readFrame(text);
    if (!read.ok) return this.send({ type: 'error', status: 400, description: read.error });
    const frame = read.frame;
    try {
      if (frame.type === 'hello') return await this.hello(frame.token);
      if (this.accountId === null) throw new UnauthorizedError('Send a hello frame with an API token first.');
      if (frame.type === 'open') return await this.open(this.accountId, frame.channelId, frame.humanId);
      if (frame.type === 'close') return this.closePhone(frame.conversationId);
      await this.input(frame);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const id = 'id' in frame ? frame.id : undefined;
      const about = frame.type === 'open' ? { channelId: frame.channelId, humanId: frame.humanId } : 'conversationId' in frame ? { conversationId: frame.conversationId } : {};
      this.send({ type: 'error', status: err.status, description: err.message, ...(id === undefined ? {} : { id }), ...about });
      if (err.status === 401) this.socket.close(4401, 'not authenticated');
    }
  }

  close(): void {
    for (const conversationId of [...this.phones.keys()]) this.closePhone(conversationId);
  }

  private async hello(token: string): Promise<void> {
    const accountId = await this.parts.authenticate(token);
    // One socket, one account: phones of another account's humans never share a page.
    if (this.accountId !== null && this.accountId !== accountId) throw new ForbiddenError('This socket already belongs to another account; open a new one.');
    this.accountId = accountId;
    this.send({ type: 'ready', accountId });
  }

  private async open(accountId: number, channelId: number, humanId: number): Promise<void> {
    const opened = await openPhone(this.parts, accountId, channelId, humanId);
    const known = this.phones.get(opened.conversationId);
    if (known === undefined && this.phones.size >= MAX_PHONES) throw new AppError(429, `A page shows at most ${MAX_PHONES} phones; close one first.`);
    const thread = known?.thread ?? new PhoneThread(opened.conversationId, opened.channel, opened.address, this.parts.records, (f) => this.send(f));
    if (known === undefined) {
      this.phones.set(opened.conversationId, { opened, thread });
      // Attached before the opening read: whatever is delivered meanwhile is either in that read or signalled after it.
      this.parts.hub.attach(opened.conversationId, thread);
    }
    const messages = await thread.opening();
    const { channel, human, address } = opened;
    this.send({
      type: 'phone',
      phone: {
        conversationId: opened.conversationId, address,
        channel: { id: channel.id, name: channel.name, type: channel.type },
        human: { id: human.id, firstName: human.firstName, lastName: human.lastName, phone: human.phone },
      },
      messages,
    });
  }

  private closePhone(conversationId: number): void {
    const phone = this.phones.get(conversationId);
    if (phone === undefined) return;
    this.parts.hub.detach(conversationId, phone.thread);
    this.phones.delete(conversationId);
  }

  private async input(frame: PhoneFrame): Promise<void> {
    const phone = this.phones.get(frame.conversationId);
    if (phone === undefined) throw new ForbiddenError(`Conversation ${frame.conversationId} is not a phone this page opened; open it first.`);
    const input: PhoneInput = frame.type === 'text' ? { kind: 'text', text: frame.text }
      : frame.type === 'tap' ? { kind: 'tap', source: frame.source, title: frame.title, payload: frame.payload }
        : { kind: 'location', latitude: frame.latitude, longitude: frame.longitude };
    const { opened } = phone;
    // The channel is read again: a token changed since the phone opened (no longer "sandbox") stops the phone here.
    const reopened = await openPhone(this.parts, opened.channel.accountId, opened.channel.id, opened.human.id);
    const envelope = await phoneEnvelope(this.parts.records, reopened, opened.human.id, input, `sandbox:${frame.conversationId}:${frame.id}`);
    if (envelope === null) {
      this.send({ type: 'ack', id: frame.id, duplicate: false, delivered: false });
      return;
    }
    const ingested = await this.parts.ingest.receive(envelope);
    // Every page showing this phone (this one included, any process) shows the message.
    if (ingested.messageId !== null) await this.parts.fanout.publish({ conversationId: ingested.conversationId, messageId: ingested.messageId });
    this.send({ type: 'ack', id: frame.id, duplicate: ingested.eventId === null, delivered: true });
  }
}
