// DM delivery: the channel's settings, the message rendered as DMs (its media uploaded and attached, or linked), sent in order.
import type { Logger } from '../ports.js';
import { progressOf, sendRemainingParts, type PartialSends, type PartsProgress } from '../shared/partial-sends.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { DirectMessages } from './direct-messages.js';
import type { MediaUploads } from './media-upload.js';
import { assembleDms, renderDms } from './render.js';
import {
  microblogSettings, MicroblogSetupProblem, USER_ID, type AppDefaults, type MicroblogSettings,
} from './settings.js';

const LINK = 'link';

/** How far a message sent as several DMs got; kept for a retry in this process (media ids expire after 24 hours, entries sooner). */
export interface DmProgress extends PartsProgress {
  /**
   * What became of the message's media: the id uploaded for the first DM (a media id serves one DM, so it is
   * kept until that DM is sent), "link" when it goes as a link in the text, null when not decided yet.
   */
  media: string | null;
}

export interface MicroblogAdapterParts {
  directMessages: DirectMessages;
  uploads: MediaUploads;
  defaults: AppDefaults;
  /** DMs already sent (and media uploaded) for messages sent as several, so a retry resumes after the last DM sent. */
  sentParts: PartialSends<DmProgress>;
  log: () => Logger | null;
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

    const progress = progressOf(sentParts, delivery.messageId, { sent: 0, lastId: null, media: null });
    if (rendered.media !== null && progress.media === null) {
      const attachment = await uploads.attach(settings.credentials, rendered.media);
      if (attachment.kind === 'retry' || attachment.kind === 'failed') return attachment;
      if (attachment.kind === 'link') this.parts.log()?.info({ messageId: delivery.messageId, why: attachment.why }, 'microblog: media sent as a link');
      progress.media = attachment.kind === 'attached' ? attachment.mediaId : LINK;
    }
    const dms = assembleDms(rendered, progress.media === null || progress.media === LINK ? null : progress.media);
    // Uploaded media stays uploaded with the DMs already shown. Read markers name DMs by id, and cover every earlier
    // one: the last DM stands for the message.
    return sendRemainingParts(sentParts, delivery.messageId, progress, dms.length, async (i) => {
      const result = await directMessages.send(settings.credentials, delivery.address, dms[i]!);
      return result.kind === 'sent' ? { kind: 'sent', id: result.eventId } : result;
    });
  }
}
