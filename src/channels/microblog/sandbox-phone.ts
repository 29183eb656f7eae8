// The DM phone of the sandbox: the direct messages the account would send, quick-reply options under the last.
import { BadRequestError } from '../../errors.js';
import type { MediaType } from '../../engine/index.js';
import type { SandboxPhone } from '../sandbox-phone.js';
import type { MessageData } from './dm-event.js';
import { inboundMessage } from './inbound.js';
import { assembleDms, renderDms } from './render.js';

export interface DmView {
  kind: 'dm';
  /** The DMs' message_data as direct_messages/events/new would get them, in order: quick-reply options under the last. */
  messages: MessageData[];
  /** The media the first DM carries as an attachment (the channel uploads it; the page shows it from its URL). */
  media: { url: string; mediaType: MediaType | null } | null;
}

/** Stands for the media id an upload would give: the first DM carries the attachment, its text no link. */
const ATTACHED_MEDIA = 'sandbox';

export const DM_PHONE: SandboxPhone<DmView> = {
  types: ['twr'],
  device: { type: 'app', platform: 'microblog' },
  view(_channel, _address, m) {
    const rendered = renderDms(m);
    if (rendered.kind === 'empty') return { ok: false, reason: rendered.reason };
    if (rendered.kind === 'custom') return { ok: true, view: { kind: 'dm', messages: [rendered.data], media: null } };
    return { ok: true, view: { kind: 'dm', messages: assembleDms(rendered, rendered.media === null ? null : ATTACHED_MEDIA), media: rendered.media } };
  },
  async inbound(_records, end, _humanId, input, id) {
    if (input.kind === 'location') throw new BadRequestError('A direct message has no location to share: type the place instead.');
    const text = input.kind === 'text' ? input.text : input.title ?? '';
    const metadata = input.kind === 'tap' ? input.payload : null;
    const event = inboundMessage({ kind: 'message', id, sender: end.address, recipient: end.channel.user ?? '', createdAt: null, text, urls: [], metadata, media: null });
    if (event === null) throw new BadRequestError('That tap carries neither a label nor metadata.');
    return { channel: end.channel, address: end.address, providerMessageId: id, profile: { phone: end.phone }, event, device: DM_PHONE.device! };
  },
};
