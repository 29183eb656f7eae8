// What a text takes of its number's sending limit: segments by alphabet, an MMS as one, toll-free numbers under their own rule.
import { describe, expect, it } from 'vitest';
import { SMS_RATES, smsPace } from '../../../src/channels/sms/pace.js';
import type { ChannelRecord } from '../../../src/channels/types.js';
import { emptyMessage, type OutboundMessage, type RenderedButton } from '../../../src/engine/index.js';

const API = 'https://carrier.example';
const HTTP_TOKEN = 'https://AC1:secret@carrier.example';
const SMPP_TOKEN = 'smpp://parley:secret@smsc.example.net:2776';

function channel(type: 'dlc' | 'dsc', user: string, token = HTTP_TOKEN): ChannelRecord {
  return { id: 1, accountId: 1, botId: 1, type, name: 'c', user, token, data: null, phoneType: 2, countryCode: 'US' };
}

const text = (t: string, extra: Partial<OutboundMessage> = {}): OutboundMessage => ({ ...emptyMessage(), text: t, ...extra });

describe('the pace of a text', () => {
  it('counts GSM-7 texts by 160 characters alone and 153 in a concatenated one, UCS-2 by 70 and 67', () => {
    const dlc = channel('dlc', '+12025550123');
    expect(smsPace(dlc, text('a'.repeat(160)), API)).toEqual({ rule: 'dlc', units: 1, defaultRate: 1 });
    expect(smsPace(dlc, text('a'.repeat(161)), API).units).toBe(2);
    expect(smsPace(dlc, text('a'.repeat(306)), API).units).toBe(2);
    expect(smsPace(dlc, text('a'.repeat(307)), API).units).toBe(3);
    expect(smsPace(dlc, text('ç'.repeat(70)), API).units).toBe(1);
    expect(smsPace(dlc, text(`${'a'.repeat(70)}😀`), API).units).toBe(2);
  });

  it('counts the numbered choices it renders, since they are part of the text the carrier sends', () => {
    const choice = (i: number): RenderedButton => ({
      type: 'postback', title: `A choice with a fairly long title ${i}`, payload: `P${i}`, postbackData: null, description: null, application: null,
      webviewViewMode: null, eventTitle: null, startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
    });
    const m = text('Pick one', { buttons: Array.from({ length: 9 }, (_, i) => choice(i)) });
    expect(smsPace(channel('dlc', '+12025550123'), m, API).units).toBe(3);
  });

  it('takes an MMS as one message over the carrier API, and counts the link in the text over SMPP', () => {
    const withMedia = text('b'.repeat(150), { media: 'https://cdn.example/a-rather-long-path/to/the/picture.jpg' });
    expect(smsPace(channel('dlc', '+12025550123'), withMedia, API).units).toBe(1);
    expect(smsPace(channel('dlc', '+12025550123', SMPP_TOKEN), withMedia, API).units).toBe(2);
  });

  it('paces toll-free long codes under tfn, short codes under dsc, with the providers\' published defaults', () => {
    expect(smsPace(channel('dlc', '+18005550199'), text('hi'), API)).toEqual({ rule: 'tfn', units: 1, defaultRate: 3 });
    expect(smsPace(channel('dlc', '+18885550199'), text('hi'), API).rule).toBe('tfn');
    expect(smsPace(channel('dsc', '24680'), text('hi'), API)).toEqual({ rule: 'dsc', units: 1, defaultRate: 100 });
    expect(SMS_RATES).toEqual({ dlc: 1, tfn: 3, dsc: 100 });
  });
});
