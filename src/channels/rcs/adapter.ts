// RCS delivery: capability first (stored for the bot), then the message as RBM agent messages, or as text through the SMS fallback.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { ProviderRecords } from '../records.js';
import type { ChannelAdapter, Delivery, DeliveryOutcome } from '../types.js';
import type { RcsCapabilities } from './capability.js';
import { rbmMessageId } from './message-ids.js';
import type { RbmMessages } from './rbm-messages.js';
import { renderAgentMessages } from './render.js';
import { rcsSettings, RcsSetupProblem, type RcsSettings } from './settings.js';
import { deliverBySms, type FallbackParts } from './sms-fallback.js';

const E164 = /^\+[1-9]\d{1,14}$/;

export interface RcsAdapterParts {
  tokenHosts: readonly string[];
  messages: RbmMessages;
  capabilities: RcsCapabilities;
  records: Pick<ProviderRecords, 'conversations' | 'humans' | 'messages'>;
  fallback: FallbackParts;
}

export class RcsAdapter implements ChannelAdapter {
  readonly type = 'rcs';

  constructor(private readonly parts: RcsAdapterParts) {}

  async deliver(delivery: Delivery): Promise<DeliveryOutcome> {
    let settings: RcsSettings;
    try {
      settings = rcsSettings(delivery.channel, this.parts.tokenHosts);
    } catch (err) {
      if (err instanceof RcsSetupProblem) return { kind: 'failed', reason: err.message };
      throw err;
    }
    const e164 = delivery.address;
    if (!E164.test(e164)) return { kind: 'failed', reason: `"${e164.slice(0, 40)}" is not a phone number in E.164 form, which RBM needs` };
    const { records } = this.parts;
    const conversation = await records.conversations.find(delivery.conversationId);
    const human = conversation === undefined ? undefined : await records.humans.find(conversation.humanId);
    const bySms = () => deliverBySms(this.parts.fallback, delivery, settings.smsFallbackChannelId, human?.id ?? null);

    const enabled = human === undefined ? null : await this.parts.capabilities.enabled(human, settings.agent, e164);
    if (enabled === false) return bySms();

    const rendered = renderAgentMessages(delivery.message, { carouselCardWidth: settings.carouselCardWidth, country: parsePhoneNumberFromString(e164)?.country });
    if (!rendered.ok) return { kind: 'failed', reason: `the message cannot be shown on RCS: ${rendered.reason}` };
    const createdAt = (await records.messages.find(delivery.messageId))?.createdAt ?? '';
    let last: string | null = null;
    for (const [part, message] of rendered.value.entries()) {
      const id = rbmMessageId(delivery.channel.id, delivery.messageId, createdAt, part);
      const result = await this.parts.messages.send(settings.agent, e164, id, message);
      if (result.kind === 'notRcs') {
        // RBM cannot reach the number now (no RCS, or the agent is not launched on its network): this message goes by
        // SMS, and the next one asks RBM again.
        if (human !== undefined) await this.parts.capabilities.markUnreachable(human.id);
        return bySms();
      }
      if (result.kind !== 'sent') return result;
      last = id;
    }
    // DELIVERED and READ name the last part: the one that carries the message's suggestions.
    return { kind: 'sent', providerMessageId: last };
  }
}
