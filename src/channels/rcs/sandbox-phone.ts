// The RCS phone of the sandbox: the RBM agent messages as Google Messages would show them; a tapped action reaches the bot when it is a choice.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { messageEvent, readableState } from '../../engine/index.js';
import type { PhoneEnd, PhoneRecords, SandboxPhone } from '../sandbox-phone.js';
import type { AgentMessage } from './agent-message.js';
import { renderAgentMessages } from './render.js';

export interface RcsView {
  kind: 'rcs';
  /** The RBM agent messages, as phones.agentMessages.create would get them, in order. */
  messages: AgentMessage[];
}

/** What a sandbox RCS phone supports: everything RBM can send (sys:rcsFeatures), as Google names the features. */
export const SANDBOX_RCS_FEATURES = [
  'RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_CREATE_CALENDAR_EVENT', 'ACTION_DIAL', 'ACTION_OPEN_URL',
  'ACTION_OPEN_URL_IN_WEBVIEW', 'ACTION_SHARE_LOCATION', 'ACTION_VIEW_LOCATION',
];

/** Whether a tapped RCS action is one of the conversation's choices (a button with `execute`): RBM reports every tap, the bot hears only those. */
async function isChoice(records: PhoneRecords, end: PhoneEnd, humanId: number, payload: string | null): Promise<boolean> {
  if (payload === null) return false;
  const state = readableState((await records.conversations.findFor(end.channel.id, humanId))?.state);
  // A state this release cannot read: the tap is stored for the conversation, which is parked.
  if (state === null) return true;
  return [...state.choices, ...(state.postbacks ?? [])].some((c) => c.payload === payload);
}

const capability = { rcsEnabled: true, rcsFeatures: SANDBOX_RCS_FEATURES };

export const RCS_PHONE: SandboxPhone<RcsView> = {
  types: ['rcs'],
  device: { type: 'mobile', platform: 'rcs' },
  welcome: (envelope) => ({ ...envelope, capability }),
  view(channel, address, m) {
    const width = channel.data?.carouselCardWidth === 'SMALL' ? 'SMALL' : 'MEDIUM';
    const rendered = renderAgentMessages(m, { carouselCardWidth: width, country: parsePhoneNumberFromString(address)?.country });
    if (!rendered.ok) return { ok: false, reason: `the message cannot be shown on RCS: ${rendered.reason}` };
    return { ok: true, view: { kind: 'rcs', messages: rendered.value } };
  },
  async inbound(records, end, humanId, input, messageId) {
    if (input.kind === 'tap' && input.source === 'action' && !(await isChoice(records, end, humanId, input.payload))) return null;
    const event = input.kind === 'text' ? messageEvent({ text: input.text })
      : input.kind === 'location' ? messageEvent({ location: { latitude: input.latitude, longitude: input.longitude, label: null } })
        : messageEvent({ text: input.title, payload: input.payload });
    // Someone writing over RCS is RCS-enabled (docs/channels/rcs.md); the sandbox phone supports every feature.
    return { channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event, device: RCS_PHONE.device!, capability };
  },
};
