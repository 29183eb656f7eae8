// DM delivery: the channel's settings, the message rendered as DMs (its media uploaded and attached, or linked), sent in order.
import type { FastifyBaseLogger } from 'fastify';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { DirectMessages } from './direct-messages.js';
import type { MediaUploads } from './media-upload.js';
import { assembleDms, renderDms } from './render.js';
import type { SentParts } from './sent-parts.js';
import { microblogSettings, MicroblogSetupProblem, USER_ID, type AppDefaults, type MicroblogSettings } from './settings.js';

const LINK = 'link';

export interface MicroblogAdapterParts {
  directMessages: DirectMessages;
  uploads: MediaUploads;
  defaults: AppDefaults;
  sentParts: SentParts;
  log: () => FastifyBaseLogger | null;
}

export class MicroblogAdapter implements ChannelAdapter {
  readonly type = 'twr';

  constructor(private readonly parts: MicroblogAdapterParts) {}

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    let settings: MicroblogSettings;
    try {
      settings = microblogSettings(delivery.channel, this.parts.defaults);
    } catch (err) {
      if (err instanceof MicroblogSetupProblem) return { kind: 'failed', reason: err.message };
      throw err;
    }
    if (!USER_ID.test(delivery.address)) return { kind: 'failed', reason: `"${delivery.address.slice(0, 40)}" is not a user id, which DMs are addressed to` };
    if (delivery.address === settings.userId) return { kind: 'failed', reason: 'the account cannot send a DM to itself' };
    const rendered = renderDms(delivery.message);
    if (rendered.kind === 'empty') return { kind: 'failed', reason: rendered.reason };
    const { directMessages, sentParts, uploads } = this.parts;
    if (rendered.kind === 'custom') {
      const result = await directMessages.send(settings.credentials, delivery.address, rendered.data);
      return result.kind === 'sent' ? { kind: 'sent', providerMessageId: result.eventId } : result;
    }

    const progress = sentParts.get(delivery.messageId);
    if (rendered.media !== null && progress.media === null) {
      const attachment = await uploads.attach(settings.credentials, rendered.media);
      if (attachment.kind === 'retry' || attachment.kind === 'failed') return attachment;
      if (attachment.kind === 'link') this.parts.log()?.info({ messageId: delivery.messageId, why: attachment.why }, 'microblog: media sent as a link');
      progress.media = attachment.kind === 'attached' ? attachment.mediaId : LINK;
    }
    const dms = assembleDms(rendered, progress.media === null || progress.media === LINK ? null : progress.media);
    for (let i = progress.sent; i < dms.length; i += 1) {
      const result = await directMessages.send(settings.credentials, delivery.address, dms[i]!);
      if (result.kind !== 'sent') {
        // DMs already shown stay shown, and uploaded media stays uploaded: a retry in this process goes on from the DM that failed.
        if (result.kind === 'retry') sentParts.set(delivery.messageId, progress);
        else sentParts.delete(delivery.messageId);
        return result;
      }
      progress.sent = i + 1;
      progress.lastId = result.eventId;
    }
    sentParts.delete(delivery.messageId);
    // Read markers name DMs by id, and cover every earlier one: the last DM stands for the message.
    return { kind: 'sent', providerMessageId: progress.lastId };
  }
}
