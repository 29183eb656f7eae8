// The carrier's webhooks at /hooks/{dlc|dsc}/{channelId}: the signature checked first, then an inbound SMS/MMS or a status callback.
import type { InboundMedia } from '../../../engine/index.js';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../../errors.js';
import type { ProviderRecords } from '../../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../../hooks.js';
import type { StatusReport } from '../../types.js';
import { toE164 } from '../addresses.js';
import { inboundEnvelope } from '../inbound.js';
import { parseSmsToken } from '../token.js';
import { formValue, parseForm } from './form.js';
import { verifyCarrierSignature, type FormParams } from './signature.js';

/** An empty TwiML document: "received, nothing to send back" (replies go out through the API, in order with the rest). */
const EMPTY_TWIML: HookReply = { status: 200, headers: { 'content-type': 'text/xml' }, body: '<?xml version="1.0" encoding="UTF-8"?><Response></Response>' };

/** MessageStatus values that end a message's story; queued, sending, sent and accepted change nothing Parley shows. */
function statusOf(params: FormParams): Pick<StatusReport, 'status' | 'reason'> | null {
  const status = formValue(params, 'MessageStatus');
  switch (status) {
    case 'delivered':
      return { status: 'delivered' };
    case 'read':
      return { status: 'read' };
    case 'undelivered':
    case 'failed': {
      const code = formValue(params, 'ErrorCode');
      const message = formValue(params, 'ErrorMessage');
      const detail = code !== null && code !== '' ? ` (error ${code}${message !== null && message !== '' ? `: ${message}` : ''})` : '';
      return { status: 'failed', reason: `the carrier reported ${status}${detail}` };
    }
    default:
      return null;
  }
}

function mediaOf(params: FormParams): InboundMedia[] {
  const count = Math.min(Number(formValue(params, 'NumMedia') ?? '0') || 0, 10);
  const media: InboundMedia[] = [];
  for (let i = 0; i < count; i++) {
    const url = formValue(params, `MediaUrl${i}`);
    if (url !== null && url !== '') media.push({ url, mimeType: formValue(params, `MediaContentType${i}`), name: null, size: null });
  }
  return media;
}

export class CarrierHooks implements ProviderHooks {
  constructor(readonly type: 'dlc' | 'dsc', private readonly records: Pick<ProviderRecords, 'humans' | 'identities'>, private readonly carrierApiUrl: string) {}

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const parsed = parseSmsToken(ctx.channel.token, this.carrierApiUrl);
    if (!parsed.ok) throw new UnprocessableError(`Channel ${ctx.channel.id} cannot take carrier webhooks: ${parsed.reason}.`);
    const target = parsed.target;
    if (target.kind !== 'http') throw new NotFoundError(`Channel ${ctx.channel.id} is connected over SMPP; inbound messages come through its bind, not this webhook.`);
    const params = parseForm(req.rawBody);
    // Nothing is read from the request before its signature holds.
    if (!verifyCarrierSignature(target.authToken, req.fullUrl, params, req.headers['x-twilio-signature'])) {
      ctx.log.warn({ channelId: ctx.channel.id }, 'carrier webhook refused: X-Twilio-Signature does not match');
      throw new ForbiddenError('The X-Twilio-Signature header does not match this request signed with the channel\'s auth token.');
    }
    const accountSid = formValue(params, 'AccountSid');
    if (accountSid !== null && accountSid !== target.accountSid) throw new ForbiddenError('The request is for another carrier account than this channel\'s.');

    if (formValue(params, 'MessageStatus') !== null) {
      const sid = formValue(params, 'MessageSid') ?? formValue(params, 'SmsSid');
      const status = statusOf(params);
      if (sid !== null && status !== null) await ctx.report({ channel: ctx.channel, providerMessageId: sid, ...status });
      return EMPTY_TWIML;
    }

    const sid = formValue(params, 'MessageSid') ?? formValue(params, 'SmsSid');
    const rawFrom = formValue(params, 'From');
    if (sid === null || rawFrom === null) throw new UnprocessableError('An inbound message needs MessageSid and From.');
    const from = toE164(rawFrom, ctx.channel.countryCode) ?? rawFrom;
    const body = formValue(params, 'Body');
    // OptOutType (Advanced Opt-Out) says the carrier took the keyword and confirmed it itself: never a second confirmation.
    const carrierConfirmed = (formValue(params, 'OptOutType') ?? '') !== '';
    const envelope = await inboundEnvelope(this.records, ctx.channel, {
      from, text: body === null || body === '' ? null : body, media: mediaOf(params), providerMessageId: sid,
    }, target.keywordReplies && !carrierConfirmed);
    await ctx.ingest(envelope);
    return EMPTY_TWIML;
  }
}
