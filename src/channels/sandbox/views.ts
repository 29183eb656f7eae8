// What a phone shows for an outbound message, rendered by the channel's own renderer, so the simulator shows what the provider would get.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { MediaType, OutboundMessage } from '../../engine/index.js';
import { renderMessages } from '../messenger/render.js';
import type { MessageData } from '../microblog/dm-event.js';
import { assembleDms, renderDms } from '../microblog/render.js';
import type { SendMessage } from '../messenger/send-message.js';
import type { AgentMessage } from '../rcs/agent-message.js';
import { renderAgentMessages } from '../rcs/render.js';
import { encodeText } from '../sms/encoding/segments.js';
import { renderSms } from '../sms/render.js';
import type { ChannelRecord } from '../types.js';
import { outputSpeech, simpleCard, type OutputSpeech, type SimpleCard } from '../voice/skill-response.js';
import { utteranceOf } from '../voice/utterance.js';

export interface SmsView {
  kind: 'sms';
  /** The text the carrier would get: rich content degraded to numbered options, media as links. */
  text: string;
  /** Parts a concatenated SMS of this text takes, and the alphabet that decides their size (160/153 GSM-7, 70/67 UCS-2). */
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
}

export interface RcsView {
  kind: 'rcs';
  /** The RBM agent messages, as phones.agentMessages.create would get them, in order. */
  messages: AgentMessage[];
}

export interface MessengerView {
  kind: 'messenger';
  /** The Send API `message` objects, in order (custom JSON is passed on as written). */
  messages: (SendMessage | Record<string, unknown>)[];
}

export interface DmView {
  kind: 'dm';
  /** The DMs' message_data as direct_messages/events/new would get them, in order: quick-reply options under the last. */
  messages: MessageData[];
  /** The media the first DM carries as an attachment (the channel uploads it; the page shows it from its URL). */
  media: { url: string; mediaType: MediaType | null } | null;
}

/** Stands for the media id an upload would give: the first DM carries the attachment, its text no link. */
const ATTACHED_MEDIA = 'sandbox';

export interface VoiceView {
  kind: 'voice';
  /** The outputSpeech of the skill's answer: plain text, or SSML when the bot wrote some; options are read out in it. */
  speech: OutputSpeech;
  /** The Simple card the companion app would show, for a message with a rich card or carousel. */
  card: SimpleCard | null;
}

export type OutboundView = SmsView | RcsView | MessengerView | DmView | VoiceView;

export type RenderedView = { ok: true; view: OutboundView } | { ok: false; reason: string };

function smsView(m: OutboundMessage): RenderedView {
  // Media goes as a link in the text, as on an SMPP transport: what every phone can show.
  const { text } = renderSms(m, { mms: false });
  if (text === '') return { ok: false, reason: 'the message has nothing a text message can carry (only custom JSON or a form)' };
  const encoded = encodeText(text);
  return { ok: true, view: { kind: 'sms', text, segments: encoded.parts.length, encoding: encoded.alphabet === 'gsm7' ? 'GSM-7' : 'UCS-2' } };
}

function rcsView(channel: ChannelRecord, address: string, m: OutboundMessage): RenderedView {
  const width = channel.data?.carouselCardWidth === 'SMALL' ? 'SMALL' : 'MEDIUM';
  const rendered = renderAgentMessages(m, { carouselCardWidth: width, country: parsePhoneNumberFromString(address)?.country });
  if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on RCS: ${rendered.reason}` };
  return { ok: true, view: { kind: 'rcs', messages: rendered.value } };
}

function messengerView(m: OutboundMessage): RenderedView {
  const rendered = renderMessages(m);
  if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on the messenger platform: ${rendered.reason}` };
  return { ok: true, view: { kind: 'messenger', messages: rendered.parts.map((p) => p.message) } };
}

function dmView(m: OutboundMessage): RenderedView {
  const rendered = renderDms(m);
  if (rendered.kind === 'empty') return { ok: false, reason: rendered.reason };
  if (rendered.kind === 'custom') return { ok: true, view: { kind: 'dm', messages: [rendered.data], media: null } };
  return { ok: true, view: { kind: 'dm', messages: assembleDms(rendered, rendered.media === null ? null : ATTACHED_MEDIA), media: rendered.media } };
}

function voiceView(m: OutboundMessage): RenderedView {
  const utterance = utteranceOf(m);
  const speech = outputSpeech(utterance.pieces);
  if (speech === null) return { ok: false, reason: 'nothing in the message can be spoken: it has no text, title or card text (media, forms and custom JSON are not spoken)' };
  return { ok: true, view: { kind: 'voice', speech, card: simpleCard([utterance.card]) } };
}

/** The view of a bot message on a channel of this type; the reasons are the ones the real adapters give when they refuse a message. */
export function outboundView(channel: ChannelRecord, address: string, m: OutboundMessage): RenderedView {
  switch (channel.type) {
    case 'dlc':
    case 'dsc':
      return smsView(m);
    case 'rcs':
      return rcsView(channel, address, m);
    case 'fb':
      return messengerView(m);
    case 'twr':
      return dmView(m);
    case 'alx':
      return voiceView(m);
    default:
      return { ok: false, reason: `the sandbox has no phone for "${channel.type}" channels` };
  }
}
