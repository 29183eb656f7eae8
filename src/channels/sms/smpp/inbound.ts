// What an SMSC delivers on a bind: delivery receipts become status reports, texts (reassembled when concatenated) become inbound messages.
import type { Ingested, Logger } from '../../ports.js';
import type { ProviderRecords } from '../../records.js';
import type { ChannelRecord, InboundEnvelope, StatusReport } from '../../types.js';
import { fromSmppAddress } from '../addresses.js';
import type { DefaultAlphabet } from '../encoding/segments.js';
import { splitUdh, UdhError, type ConcatInfo } from '../encoding/udh.js';
import { inboundEnvelope } from '../inbound.js';
import { describeBadText, findBadText } from '../../../text-guard.js';
import { parseSmsToken } from '../token.js';
import { ESM_CLASS, STATUS, TAG } from './constants.js';
import { tlvValue, type PduOf } from './pdu.js';
import { parseReceipt, receiptIdForms, receiptOutcome } from './receipt.js';
import { Reassembly } from './reassembly.js';
import { decodeShortMessage } from './text.js';

export interface SmppInboundDeps {
  findChannel(id: number): Promise<ChannelRecord | undefined>;
  records: Pick<ProviderRecords, 'humans' | 'identities'>;
  ingest(envelope: InboundEnvelope): Promise<Ingested>;
  report(status: StatusReport): Promise<void>;
  carrierApiUrl: string;
  reassemblyTimeoutMs: number;
  log: Logger;
}

interface Parsed {
  text: string;
  concat: ConcatInfo | null;
}

export class SmppInbound {
  /** Parts wait with the channel and sender their whole text goes to. */
  private readonly reassembly: Reassembly<{ channelId: number; from: string }>;

  constructor(private readonly deps: SmppInboundDeps) {
    this.reassembly = new Reassembly(deps.reassemblyTimeoutMs, (to, text) => this.completeConcatenated(to.channelId, to.from, text));
  }

  /** The command_status of the deliver_sm_resp: OK only once what it carried is stored. */
  async handle(channelId: number, pdu: PduOf<'deliver_sm'>): Promise<number> {
    const channel = await this.deps.findChannel(channelId);
    // A channel deleted (or moved off SMPP) under a bind still open: the SMSC keeps the message for another bind.
    if (channel === undefined || (channel.type !== 'dlc' && channel.type !== 'dsc')) return STATUS.ESME_RX_T_APPN;
    const sm = pdu.body;
    let parsed: Parsed;
    const token = parseSmsToken(channel.token, this.deps.carrierApiUrl);
    const alphabet = token.ok && token.target.kind === 'smpp' ? token.target.defaultAlphabet : 'gsm7';
    try {
      parsed = this.parse(pdu, alphabet);
    } catch (err) {
      if (!(err instanceof UdhError)) throw err;
      this.deps.log.warn({ channelId, reason: err.message }, 'SMPP deliver_sm refused: unreadable user data header');
      return STATUS.ESME_RX_P_APPN;
    }
    if ((sm.esmClass & ESM_CLASS.typeMask) === ESM_CLASS.deliveryReceipt) return this.receipt(channel, pdu, parsed.text);
    const from = fromSmppAddress(sm.sourceAddr, sm.sourceAddrTon, channel.countryCode);
    if (parsed.concat === null || parsed.concat.total === 1) return this.store(channel, from, parsed.text);
    return this.reassembly.add(`${channelId}|${from}|${sm.destinationAddr}`, parsed.concat, parsed.text, { channelId, from });
  }

  /** Parts not yet complete are answered with a temporary error, so the SMSC sends them again to a live bind. */
  close(): void {
    this.reassembly.abandon();
  }

  private parse(pdu: PduOf<'deliver_sm'>, alphabet: DefaultAlphabet): Parsed {
    const sm = pdu.body;
    // A long text may come in message_payload instead of short_message.
    const raw = sm.shortMessage.length === 0 ? tlvValue(sm.tlvs, TAG.message_payload) ?? Buffer.alloc(0) : sm.shortMessage;
    if ((sm.esmClass & ESM_CLASS.udhi) === 0) return { text: decodeShortMessage(raw, sm.dataCoding, alphabet), concat: null };
    const { concat, payload } = splitUdh(raw);
    return { text: decodeShortMessage(payload, sm.dataCoding, alphabet), concat };
  }

  private async receipt(channel: ChannelRecord, pdu: PduOf<'deliver_sm'>, text: string): Promise<number> {
    const receipt = parseReceipt(pdu.body, text);
    if (receipt === null) {
      this.deps.log.warn({ channelId: channel.id }, 'SMPP delivery receipt without a readable id or stat; acknowledged and ignored');
      return STATUS.ESME_ROK;
    }
    const outcome = receiptOutcome(receipt);
    if (outcome === null) return STATUS.ESME_ROK;
    for (const id of receiptIdForms(receipt.id)) await this.deps.report({ channel, providerMessageId: id, ...outcome });
    return STATUS.ESME_ROK;
  }

  private async store(channel: ChannelRecord, from: string, text: string): Promise<number> {
    const parsed = parseSmsToken(channel.token, this.deps.carrierApiUrl);
    const replies = parsed.ok ? parsed.target.keywordReplies : true;
    const envelope = await inboundEnvelope(this.deps.records, channel, { from, text: text === '' ? null : text, media: [], providerMessageId: null }, replies);
    // Text no store keeps faithfully (a NUL from an 8-bit coding, a lone surrogate from broken UCS-2) is refused as the
    // webhooks refuse it: a permanent error, so the SMSC does not offer it again and again.
    const bad = findBadText(envelope.event);
    if (bad !== null) {
      this.deps.log.warn({ channelId: channel.id, reason: describeBadText('The short message', bad) }, 'SMPP deliver_sm refused: text that cannot be stored');
      return STATUS.ESME_RX_P_APPN;
    }
    await this.deps.ingest(envelope);
    return STATUS.ESME_ROK;
  }

  private async completeConcatenated(channelId: number, from: string, text: string): Promise<number> {
    const channel = await this.deps.findChannel(channelId);
    if (channel === undefined) return STATUS.ESME_RX_T_APPN;
    return this.store(channel, from, text);
  }
}
