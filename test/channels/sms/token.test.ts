import { describe, expect, it } from 'vitest';
import { parseSmsToken } from '../../../src/channels/sms/token.js';
import { fromSmppAddress, senderOf, toE164 } from '../../../src/channels/sms/addresses.js';
import type { ChannelRecord } from '../../../src/channels/types.js';

const API = 'https://api.twilio.com';

describe('SMS channel token', () => {
  it('reads SMPP URLs with their options', () => {
    expect(parseSmsToken('smpp://parley:s%40cret@smsc.example.net:2776?systemType=VMA&sourceTon=5&sourceNpi=0&keywordReplies=off', API)).toEqual({
      ok: true,
      target: {
        kind: 'smpp', host: 'smsc.example.net', port: 2776, tls: false, systemId: 'parley', password: 's@cret', systemType: 'VMA',
        addrTon: 0, addrNpi: 0, addressRange: '', sourceTon: 5, sourceNpi: 0, keywordReplies: false, defaultAlphabet: 'gsm7', maxPerSecond: null,
      },
    });
    // The SMSC's default alphabet (what data_coding 0 means there) and a submit rate cap.
    const latin = parseSmsToken('smpp://a:b@smsc.example.net?defaultAlphabet=latin1&maxPerSecond=2.5', API);
    expect(latin.ok && latin.target.kind === 'smpp' && [latin.target.defaultAlphabet, latin.target.maxPerSecond]).toEqual(['latin1', 2.5]);
    expect(parseSmsToken('smpp://a:b@smsc.example.net?defaultAlphabet=ebcdic', API)).toMatchObject({ ok: false, reason: expect.stringMatching(/gsm7, latin1, ascii/) });
    expect(parseSmsToken('smpp://a:b@smsc.example.net?maxPerSecond=0', API)).toMatchObject({ ok: false, reason: expect.stringMatching(/positive/) });
    const tls = parseSmsToken('smpps://a:b@[::1]', API);
    expect(tls.ok && tls.target.kind === 'smpp' && [tls.target.host, tls.target.port, tls.target.tls, tls.target.keywordReplies]).toEqual(['::1', 2775, true, true]);
  });

  it('reads carrier URLs and the short AccountSid:AuthToken form', () => {
    expect(parseSmsToken('https://AC123:tok%2Fen@carrier.example/base/?keywordReplies=on', API)).toEqual({
      ok: true, target: { kind: 'http', baseUrl: 'https://carrier.example/base', accountSid: 'AC123', authToken: 'tok/en', keywordReplies: true },
    });
    // The carrier filters STOP/START/HELP and confirms them itself by default: Parley sends no second confirmation.
    expect(parseSmsToken('AC123:secret#1', API)).toEqual({
      ok: true, target: { kind: 'http', baseUrl: 'https://api.twilio.com', accountSid: 'AC123', authToken: 'secret#1', keywordReplies: false },
    });
  });

  it('says what is wrong with a bad token', () => {
    const reason = (t: string | null) => { const r = parseSmsToken(t, API); return r.ok ? null : r.reason; };
    expect(reason(null)).toMatch(/is empty/);
    expect(reason('smpp://@host')).toMatch(/no system_id/);
    expect(reason('smpp://averyveryverylongid:x@host')).toMatch(/system_id of 19 characters; SMPP 3.4 allows 15/);
    expect(reason('smpp://a:ninechars@host')).toMatch(/password of 9 characters; SMPP 3.4 allows 8/);
    expect(reason('smpp://a:b@host?systemtype=x')).toMatch(/unknown option "systemtype"/);
    expect(reason('smpp://a:b@host?sourceTon=300')).toMatch(/sourceTon=300; it must be 0-255/);
    expect(reason('smpp://a:b@host?keywordReplies=maybe')).toMatch(/use on or off/);
    expect(reason('https://carrier.example')).toMatch(/needs the account SID and auth token/);
    expect(reason('ftp://a:b@host')).toMatch(/uses ftp:/);
    expect(reason('just-a-word')).toMatch(/neither a URL nor AccountSid:AuthToken/);
    expect(reason('smpp://a:b@host')).toBeNull();
  });
});

describe('SMS addresses', () => {
  const channel = (type: string, user: string | null): ChannelRecord => ({ id: 1, accountId: 1, botId: 1, type, name: 'n', user, token: null, data: null, phoneType: 2, countryCode: 'US' });

  it('takes a long code in E.164 on dlc and a short code on dsc', () => {
    expect(senderOf(channel('dlc', '+15550001000'))).toEqual({ ok: true, number: '+15550001000', shortCode: false });
    expect(senderOf(channel('dsc', '12345'))).toEqual({ ok: true, number: '12345', shortCode: true });
    expect(senderOf(channel('dlc', '5550001000'))).toMatchObject({ ok: false, reason: expect.stringMatching(/long code in E.164/) });
    expect(senderOf(channel('dsc', '+15550001000'))).toMatchObject({ ok: false, reason: expect.stringMatching(/short code/) });
  });

  it('writes recipients and SMPP senders in E.164', () => {
    expect(toE164('+447700900123', 'US')).toBe('+447700900123');
    expect(toE164('(213) 373-4253', 'US')).toBe('+12133734253');
    expect(toE164('hello', 'US')).toBeNull();
    expect(fromSmppAddress('15557770001', 1, 'US')).toBe('+15557770001');
    expect(fromSmppAddress('447700900123', 0, 'US')).toBe('+447700900123');
    expect(fromSmppAddress('2133734253', 2, 'US')).toBe('+12133734253');
    expect(fromSmppAddress('ACME', 5, 'US')).toBe('ACME');
  });
});
