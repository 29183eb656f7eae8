// A person's reply in a conversation (through the channel's outbox, as the bot's messages go) and internal notes nobody
// outside sees; each names the member who wrote it.
import { consentFamily } from '../../channel-types.js';
import type { OutboundRules } from '../../channels/index.js';
import { ConflictError, ownedBy, UnprocessableError } from '../../errors.js';
import { emptyMessage, type MediaType, type OutboundMessage, type OutboundNote, type RenderedButton } from '../../engine/index.js';
import { memberName, type Repositories, type TriageRepository } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';
import { providerTemplate, type TemplateSend } from '../messages/template-send.js';
import type { ChannelRecords } from './channel-records.js';
import { presentMessage, type HistoryMessage } from './conversation-service.js';
import type { Sender } from './sender.js';

export interface AgentButton { type: 'postback' | 'weburl' | 'call'; title: string; payload?: string }
export interface AgentQuickReply { title: string; payload?: string }

/** The fields of a bot's send an agent may use. */
export interface AgentMessage {
  text?: string;
  media?: string;
  mediaType?: MediaType;
  buttons?: AgentButton[];
  quickReplies?: AgentQuickReply[];
  /** An approved provider template (WhatsApp): what may go once the channel's reply window has closed. */
  template?: TemplateSend;
}

function rendered(type: string, title: string, payload: string | null): RenderedButton {
  return {
    type, title, payload, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
  };
}

/** Who writes: a member (named to the visitor and in the history), or null for the account's own credential. */
export interface Writer { memberId: number | null }

export class AgentReplies {
  constructor(
    private readonly repos: Repositories,
    private readonly triage: TriageRepository,
    private readonly channels: Pick<ChannelRecords, 'find'>,
    private readonly kick: (conversationId: number) => void,
    private readonly clock: Clock,
    /** Pauses the bot for a reply that takes the conversation over (ConversationService.update). */
    private readonly takeOver: (accountId: number, conversationId: number, by: Writer) => Promise<unknown>,
    /** Each channel type's rules (src/channels/<type>/): limits, windows, opt-outs, templates. */
    private readonly rulesOf: (channelType: string) => OutboundRules,
  ) {}

  /** The member as the visitor and the history name them; null for a credential that is no member. */
  private async sender(by: Writer): Promise<Sender | null> {
    if (by.memberId === null) return null;
    const member = await this.repos.members.find(by.memberId);
    return member === undefined ? null : { memberId: member.id, name: memberName(member), role: 'agent' };
  }

  /**
   * Queues the agent's message in the conversation's outbox (after whatever the bot queued) and has it delivered.
   * `takeOver` first pauses the bot (the conversation is then the member's when nobody had it).
   */
  async reply(accountId: number, conversationId: number, message: AgentMessage, by: Writer = { memberId: null }, takeOver = false): Promise<HistoryMessage> {
    const conversation = ownedBy(await this.repos.conversations.find(conversationId), accountId, 'Conversation', conversationId);
    const text = message.text?.trim() === '' ? undefined : message.text;
    if (text === undefined && message.media === undefined && message.template === undefined) throw new UnprocessableError('A reply needs a text, a media URL or a template.');
    if (message.mediaType !== undefined && message.media === undefined) throw new UnprocessableError('mediaType needs media.');
    const channel = await this.channels.find(conversation.channelId);
    if (channel === undefined) throw new ConflictError(`The conversation's channel ${conversation.channelId} was deleted; nothing can be sent on it.`);
    const rules = this.rulesOf(channel.type);
    if (rules.answerOnly === true) throw new ConflictError(`A ${channel.type} channel speaks only in answer to the human; an agent cannot send on it.`);
    if (text !== undefined && text.length > rules.replyTextLimit) {
      throw new UnprocessableError(`The text is ${text.length} characters long; a ${channel.type} channel takes ${rules.replyTextLimit} at most in one reply.`);
    }
    if (rules.optOut === true && await this.repos.subscriptions.stateOf(channel.id, conversation.humanId) === false) {
      throw new ConflictError('The human opted out of this channel (sent STOP or blocked it); nothing more may be sent to them until they opt back in (START).');
    }
    // An opt-out from another channel of the family (another long code, the API, an import) holds here too: the ledger says.
    const family = rules.optOut === true ? consentFamily(channel.type) : null;
    if (family !== null && await this.repos.humanRecords.consentNow(conversation.humanId, family) === 'out') {
      throw new ConflictError(`The human opted out of ${family} messages (the consent ledger: GET /v1/humans/${conversation.humanId}/consent); nothing may be sent to them on a ${family} channel until they opt back in.`);
    }
    if (message.template !== undefined && rules.takesTemplates !== true) {
      throw new UnprocessableError(`A ${channel.type} channel takes no provider templates; templates are for WhatsApp channels.`);
    }
    const content: OutboundMessage = {
      ...emptyMessage(),
      text: text ?? null,
      media: message.media ?? null,
      mediaType: message.media === undefined ? null : message.mediaType ?? 'image',
      buttons: (message.buttons ?? []).map((b) => rendered(b.type, b.title, b.payload ?? (b.type === 'postback' ? b.title : null))),
      quickReplies: (message.quickReplies ?? []).map((q) => rendered(q.payload === undefined ? 'text' : 'postback', q.title, q.payload ?? null)),
      ...(message.template === undefined ? {} : { template: providerTemplate(message.template) }),
    };
    await rules.checkReply?.({ channel, message: content, lastInboundAt: () => this.repos.messages.lastInboundAt(conversationId), now: this.clock() });
    if (takeOver && conversation.botEnabled) await this.takeOver(accountId, conversationId, by);
    const sender = await this.sender(by);
    const item: OutboundMessage & { sender?: Sender } = { ...content, ...(sender === null ? {} : { sender }) };
    const now = isoNow(this.clock);
    const row = await this.repos.messages.insertByAgent({
      accountId, conversationId, channelId: conversation.channelId, humanId: conversation.humanId,
      direction: 'out', kind: 'message', content: JSON.stringify(item), status: 'queued',
    }, now);
    // Answered: no longer waiting for a person (how long it waited is the time to a person's first reply), up the
    // inbox, and the member's when nobody had it.
    const waitedSince = await this.triage.answerWait(conversationId);
    const where = { day: now.slice(0, 10), botId: conversation.botId, channelId: conversation.channelId, key: '' };
    await this.repos.analytics.add(accountId, [
      { ...where, metric: 'messages_out', key: 'agent', n: 1 },
      ...(waitedSince === null ? [] : [
        { ...where, metric: 'first_replies', n: 1 },
        { ...where, metric: 'first_reply_seconds', n: Math.max(0, Math.round((Date.parse(now) - Date.parse(waitedSince)) / 1000)) },
      ]),
    ]);
    await this.triage.personWrote(conversationId, by.memberId, true, now);
    this.kick(conversationId);
    return presentMessage(row);
  }

  /** An internal note: kept in the history for the account's people, never sent to the human. */
  async note(accountId: number, conversationId: number, text: string, by: Writer = { memberId: null }): Promise<HistoryMessage> {
    const conversation = ownedBy(await this.repos.conversations.find(conversationId), accountId, 'Conversation', conversationId);
    if (text.trim() === '') throw new UnprocessableError('A note needs a text.');
    const sender = await this.sender(by);
    const note: OutboundNote & { sender?: Sender } = { kind: 'note', text, channelId: null, recipientPhone: null, ...(sender === null ? {} : { sender }) };
    const now = isoNow(this.clock);
    const row = await this.repos.messages.insertByAgent({
      accountId, conversationId, channelId: conversation.channelId, humanId: conversation.humanId,
      direction: 'note', kind: 'note', content: JSON.stringify(note), status: 'sent',
    }, now);
    await this.triage.personWrote(conversationId, null, false, now);
    return presentMessage(row);
  }
}
