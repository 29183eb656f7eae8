// Delivering a rendered text over the channel's bind: the SMSC's default alphabet or UCS-2, paced per bind, one submit_sm per part with a concatenation header, a receipt asked for on the last.
import type { ChannelRecord, DeliveryOutcome } from '../../types.js';
import { NPI, smppDigits, TON } from '../addresses.js';
import { encodeText, MAX_PARTS } from '../encoding/segments.js';
import { concatUdh } from '../encoding/udh.js';
import type { PartialSends } from '../../shared/partial-sends.js';
import type { SmppTarget } from '../token.js';
import { BindUnavailableError } from './bind.js';
import type { SmppBinds } from './binds.js';
import { ESM_CLASS, REGISTERED_DELIVERY_FINAL, STATUS } from './constants.js';
import { submitOutcome } from './outcomes.js';
import { shortMessageFields } from './pdu.js';

interface Progress {
  reference: number;
  ids: string[];
}

export interface SmppSend {
  messageId: number;
  channel: ChannelRecord;
  token: string;
  target: SmppTarget;
  /** The channel's number: E.164 long code, or a short code. */
  from: string;
  shortCode: boolean;
  /** E.164. */
  to: string;
  text: string;
}

export class SmppTransport {
  constructor(
    private readonly binds: SmppBinds,
    private readonly partial: PartialSends<Progress>,
    private readonly options: { bindWaitMs: number; throttleRetryMs: number },
  ) {}

  async send(s: SmppSend): Promise<DeliveryOutcome> {
    const encoded = encodeText(s.text, s.target.defaultAlphabet);
    if (encoded.parts.length > MAX_PARTS) return { kind: 'failed', reason: `the text needs ${encoded.parts.length} SMS parts; concatenation numbers at most ${MAX_PARTS}` };
    const bind = this.binds.forChannel(s.channel.id, s.token, s.target);
    let session;
    try {
      session = await bind.ready(this.options.bindWaitMs);
    } catch (err) {
      if (err instanceof BindUnavailableError) return { kind: err.permanent ? 'failed' : 'retry', reason: err.message };
      throw err;
    }
    const concatenated = encoded.parts.length > 1;
    const progress = this.partial.get(s.messageId) ?? { reference: concatenated ? bind.nextReference() : 0, ids: [] };
    const source = {
      sourceAddrTon: s.target.sourceTon ?? (s.shortCode ? TON.networkSpecific : TON.international),
      sourceAddrNpi: s.target.sourceNpi ?? (s.shortCode ? NPI.unknown : NPI.isdn),
      sourceAddr: smppDigits(s.from),
    };
    for (let i = progress.ids.length; i < encoded.parts.length; i++) {
      const part = encoded.parts[i]!;
      const last = i === encoded.parts.length - 1;
      let answer;
      try {
        await bind.pacer.turn();
        answer = await session.submit(shortMessageFields({
          ...source, destAddrTon: TON.international, destAddrNpi: NPI.isdn, destinationAddr: smppDigits(s.to),
          esmClass: concatenated ? ESM_CLASS.udhi : 0,
          // One receipt per message: the handset shows the text once its last part is there.
          registeredDelivery: last ? REGISTERED_DELIVERY_FINAL : 0,
          dataCoding: encoded.dataCoding,
          shortMessage: concatenated ? Buffer.concat([concatUdh(progress.reference, encoded.parts.length, i + 1), part]) : part,
        }));
      } catch (err) {
        this.remember(s.messageId, progress);
        return { kind: 'retry', reason: `submit_sm got no answer: ${err instanceof Error ? err.message : String(err)}` };
      }
      if (answer.status !== STATUS.ESME_ROK) {
        const outcome = submitOutcome(answer.status, this.options.throttleRetryMs);
        if (answer.status === STATUS.ESME_RTHROTTLED || answer.status === STATUS.ESME_RMSGQFUL) bind.pacer.throttled(this.options.throttleRetryMs);
        if (outcome.kind === 'retry') this.remember(s.messageId, progress);
        else this.partial.delete(s.messageId);
        return progress.ids.length > 0 ? { ...outcome, reason: `${outcome.reason} (part ${i + 1} of ${encoded.parts.length})` } : outcome;
      }
      progress.ids.push(answer.messageId);
    }
    this.partial.delete(s.messageId);
    return { kind: 'sent', providerMessageId: progress.ids[progress.ids.length - 1] || null };
  }

  private remember(messageId: number, progress: Progress): void {
    if (progress.ids.length > 0) this.partial.set(messageId, progress);
    else this.partial.delete(messageId);
  }
}
