// What a person does on a sandbox phone, as the inbound envelope that channel's provider would have produced.
import { messageEvent, type MessageEvent, readableState } from '../../engine/index.js';
import { BadRequestError } from '../../errors.js';
import type { ProviderRecords } from '../records.js';
import { inboundMessage } from '../messenger/inbound.js';
import { inboundMessage as dmMessage } from '../microblog/inbound.js';
import { inboundEnvelope as smsEnvelope } from '../sms/inbound.js';
import type { ChannelRecord, InboundEnvelope } from '../types.js';

/** The records this file reads. */
type PhoneRecords = Pick<ProviderRecords, 'conversations' | 'humans' | 'identities'>;

/** What a sandbox RCS phone supports: everything RBM can send (sys:rcsFeatures), as Google names the features. */
export const SANDBOX_RCS_FEATURES = [
  'RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_CREATE_CALENDAR_EVENT', 'ACTION_DIAL', 'ACTION_OPEN_URL',
  'ACTION_OPEN_URL_IN_WEBVIEW', 'ACTION_SHARE_LOCATION', 'ACTION_VIEW_LOCATION',
];

export type PhoneInput =
  | { kind: 'text'; text: string }
  | { kind: 'tap'; source: 'reply' | 'postback' | 'action'; title: string | null; payload: string | null }
  | { kind: 'location'; latitude: number; longitude: number }
  /** The phone was opened for the first time: the bot greets, as web chat's bot does when its page opens. */
  | { kind: 'welcome' };

export interface PhoneEnd {
  channel: ChannelRecord;
  /** The human's address on the channel: their phone number on SMS and RCS, `sandbox-<humanId>` elsewhere. */
  address: string;
  /** The human's phone number: how the inbox finds the human on channels that do not address people by phone. */
  phone: string;
}

/** Device facts each provider reports (sys:deviceType, sys:platform), so bots that look at them behave as they would. */
const DEVICES: Record<string, InboundEnvelope['device']> = {
  rcs: { type: 'mobile', platform: 'rcs' },
  fb: { type: 'app', platform: 'messenger' },
  twr: { type: 'app', platform: 'microblog' },
  alx: { type: 'speaker', platform: 'alx' },
};

/** Whether a tapped RCS action is one of the conversation's choices (a button with `execute`): RBM reports every tap, the bot hears only those. */
async function isChoice(records: PhoneRecords, end: PhoneEnd, humanId: number, payload: string | null): Promise<boolean> {
  if (payload === null) return false;
  const state = readableState((await records.conversations.findFor(end.channel.id, humanId))?.state);
  // A state this release cannot read: the tap is stored for the conversation, which is parked.
  if (state === null) return true;
  return [...state.choices, ...(state.postbacks ?? [])].some((c) => c.payload === payload);
}

function messengerEvent(end: PhoneEnd, input: Exclude<PhoneInput, { kind: 'welcome' }>, mid: string): MessageEvent {
  const base = { sender: end.address, mid };
  const read = input.kind === 'text' ? inboundMessage({ kind: 'message', ...base, text: input.text, quickReplyPayload: null, attachments: [] })
    : input.kind === 'location' ? inboundMessage({ kind: 'message', ...base, text: null, quickReplyPayload: null, attachments: [{ type: 'location', url: null, title: null, coordinates: { latitude: input.latitude, longitude: input.longitude }, stickerId: null }] })
      : input.source === 'postback' ? inboundMessage({ kind: 'postback', ...base, timestamp: null, title: input.title, payload: input.payload })
        : inboundMessage({ kind: 'message', ...base, text: input.title, quickReplyPayload: input.payload, attachments: [] });
  if (read === null) throw new BadRequestError('That tap carries neither a title nor a payload.');
  return read.event;
}

function dmEvent(end: PhoneEnd, input: Exclude<PhoneInput, { kind: 'welcome' }>, id: string): MessageEvent {
  if (input.kind === 'location') throw new BadRequestError('A direct message has no location to share: type the place instead.');
  const text = input.kind === 'text' ? input.text : input.title ?? '';
  const metadata = input.kind === 'tap' ? input.payload : null;
  const read = dmMessage({ kind: 'message', id, sender: end.address, recipient: end.channel.user ?? '', createdAt: null, text, urls: [], metadata, media: null });
  if (read === null) throw new BadRequestError('That tap carries neither a label nor metadata.');
  return read;
}

/**
 * The envelope, or null when the provider would not have told the bot (an RCS action that is not a choice).
 * `messageId` is the provider message id: the same id twice is one message, as with a provider's retries.
 */
export async function phoneEnvelope(records: PhoneRecords, end: PhoneEnd, humanId: number, input: PhoneInput, messageId: string): Promise<InboundEnvelope | null> {
  const { channel, address, phone } = end;
  const base = { channel, address, providerMessageId: messageId, profile: { phone } };
  const device = DEVICES[channel.type];
  const withDevice = device === undefined ? {} : { device };
  if (input.kind === 'welcome') {
    const welcome: InboundEnvelope = { ...base, event: { kind: 'welcome' }, ...withDevice };
    if (channel.type === 'rcs') welcome.capability = { rcsEnabled: true, rcsFeatures: SANDBOX_RCS_FEATURES };
    return welcome;
  }
  switch (channel.type) {
    case 'dlc':
    case 'dsc':
      // Texts only: a number or words choose an option, and STOP, START and HELP work as the carrier makes them work.
      if (input.kind !== 'text') throw new BadRequestError('A text message has no buttons or locations to send: type the reply (a number picks an option).');
      return smsEnvelope(records, channel, { from: address, text: input.text, media: [], providerMessageId: messageId }, true);
    case 'rcs': {
      if (input.kind === 'tap' && input.source === 'action' && !(await isChoice(records, end, humanId, input.payload))) return null;
      const event = input.kind === 'text' ? messageEvent({ text: input.text })
        : input.kind === 'location' ? messageEvent({ location: { latitude: input.latitude, longitude: input.longitude, label: null } })
          : messageEvent({ text: input.title, payload: input.payload });
      // Someone writing over RCS is RCS-enabled (docs/channels/rcs.md); the sandbox phone supports every feature.
      return { ...base, event, ...withDevice, capability: { rcsEnabled: true, rcsFeatures: SANDBOX_RCS_FEATURES } };
    }
    case 'fb':
      return { ...base, event: messengerEvent(end, input, messageId), ...withDevice };
    case 'twr':
      return { ...base, event: dmEvent(end, input, messageId), ...withDevice };
    default: {
      const event = input.kind === 'text' ? messageEvent({ text: input.text })
        : input.kind === 'location' ? messageEvent({ location: { latitude: input.latitude, longitude: input.longitude, label: null } })
          : messageEvent({ text: input.title, payload: input.payload });
      return { ...base, event, ...withDevice };
    }
  }
}
