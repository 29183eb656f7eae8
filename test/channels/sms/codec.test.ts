import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGsm7, encodeGsm7, GSM7_BASIC_TABLE, isGsm7 } from '../../../src/channels/sms/encoding/gsm7.js';
import { CAPACITY, encodeText } from '../../../src/channels/sms/encoding/segments.js';
import { concatUdh, splitUdh, UdhError } from '../../../src/channels/sms/encoding/udh.js';
import { decodeUcs2, encodeUcs2 } from '../../../src/channels/sms/encoding/ucs2.js';
import { PduSplitter, FramingError } from '../../../src/channels/sms/smpp/framing.js';
import { bindFields, decodePdu, encodePdu, shortMessageFields, UndecodablePdu, type Pdu } from '../../../src/channels/sms/smpp/pdu.js';
import { parseReceipt, receiptIdForms, receiptOutcome } from '../../../src/channels/sms/smpp/receipt.js';
import { decodeShortMessage } from '../../../src/channels/sms/smpp/text.js';
import { gsmDecode } from '../../fakes/smsc-wire.js';

const hex = (b: Buffer) => b.toString('hex');

describe('GSM-7', () => {
  it('has the 128 positions of TS 23.038 and agrees with the fake SMSC\'s own table', () => {
    expect([...GSM7_BASIC_TABLE]).toHaveLength(128);
    const all = Buffer.from([...Array(128).keys()].filter((i) => i !== 0x1b));
    expect(decodeGsm7(all)).toBe(gsmDecode(all));
  });

  it('writes known characters as the standard says', () => {
    expect(hex(encodeGsm7('Hello'))).toBe('48656c6c6f');
    expect(hex(encodeGsm7('@£$¥'))).toBe('00010203');
    expect(hex(encodeGsm7('¤'))).toBe('24');
    expect(hex(encodeGsm7('€[]{}|\\^~\f'))).toBe('1b651b3c1b3e1b281b291b401b2f1b141b3d1b0a');
    expect(hex(encodeGsm7('ÄÖÑÜ§¿äöñüà'))).toBe('5b5c5d5e5f607b7c7d7e7f');
    expect(hex(encodeGsm7('ΔΦΓΛΩΠΨΣΘΞ'))).toBe('10121314151617181' + '91a');
  });

  it('knows which texts it can write', () => {
    expect(isGsm7('Café à 5€ [ok]')).toBe(true);
    expect(isGsm7('ça')).toBe(false);
    expect(isGsm7('hi 👋')).toBe(false);
    expect(isGsm7('\u001b')).toBe(false);
    expect(() => encodeGsm7('ç')).toThrow(/not in the GSM-7 alphabet/);
  });

  it('reads an escape to an undefined extension as the basic character, and drops a trailing escape', () => {
    expect(decodeGsm7(Buffer.from([0x1b, 0x41, 0x62]))).toBe('Ab');
    expect(decodeGsm7(Buffer.from([0x61, 0x1b]))).toBe('a');
  });

  it('round-trips every text of its alphabet', () => {
    const chars = [...GSM7_BASIC_TABLE].filter((c) => c !== '\u001b').concat([...'€[]{}|\\^~\f']);
    fc.assert(fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 400 }), (list) => {
      const text = list.join('');
      expect(decodeGsm7(encodeGsm7(text))).toBe(text);
    }));
  });
});

describe('UCS-2', () => {
  it('is UTF-16 big-endian, surrogate pairs included', () => {
    expect(hex(encodeUcs2('çé'))).toBe('00e700e9');
    expect(hex(encodeUcs2('👋'))).toBe('d83ddc4b');
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
      expect(decodeUcs2(encodeUcs2(text))).toBe(text);
    }));
  });
});

describe('segmentation', () => {
  it('sends 160 GSM-7 or 70 UCS-2 units as one SMS, and cuts longer texts into 153 / 67', () => {
    expect(encodeText('a'.repeat(160)).parts).toHaveLength(1);
    const gsm = encodeText('a'.repeat(161));
    expect(gsm.parts.map((p) => p.length)).toEqual([153, 8]);
    expect(gsm.dataCoding).toBe(0);
    expect(encodeText('ç'.repeat(70)).parts).toHaveLength(1);
    const ucs = encodeText('ç'.repeat(71));
    expect(ucs.dataCoding).toBe(8);
    expect(ucs.parts.map((p) => p.length / 2)).toEqual([67, 4]);
  });

  it('counts an extension character as two septets and never splits one, nor a surrogate pair', () => {
    expect(encodeText('€'.repeat(80)).parts).toHaveLength(1);
    expect(encodeText('€'.repeat(81)).parts).toHaveLength(2);
    const escapes = encodeText(`${'a'.repeat(152)}€${'b'.repeat(10)}`);
    expect(escapes.parts[0]!.length).toBe(152);
    expect(decodeGsm7(escapes.parts[1]!)).toBe(`€${'b'.repeat(10)}`);
    const emoji = encodeText(`${'ç'.repeat(66)}👋xxxxx`);
    expect(decodeUcs2(emoji.parts[0]!)).toBe('ç'.repeat(66));
    expect(decodeUcs2(emoji.parts[1]!)).toBe('👋xxxxx');
  });

  it('gives back the text from its parts, each within the part size', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '€', '{', 'é', 'ç', '👋', '中'), maxLength: 700 }), (text) => {
      const encoded = encodeText(text);
      const decode = encoded.alphabet === 'gsm7' ? decodeGsm7 : decodeUcs2;
      expect(encoded.parts.map((p) => decode(p)).join('')).toBe(text);
      const unitsPer = encoded.alphabet === 'gsm7' ? 1 : 2;
      const limit = encoded.parts.length === 1 ? CAPACITY[encoded.alphabet].single : CAPACITY[encoded.alphabet].part;
      for (const p of encoded.parts) expect(p.length / unitsPer).toBeLessThanOrEqual(limit);
    }), { numRuns: 60 });
  });
});

describe('user data header', () => {
  it('writes the 8-bit concatenation element and reads both forms', () => {
    expect(hex(concatUdh(0x42, 3, 2))).toBe('0500034203' + '02');
    expect(splitUdh(Buffer.from('050003420302ffee', 'hex'))).toEqual({ concat: { reference: 0x42, total: 3, sequence: 2 }, payload: Buffer.from('ffee', 'hex') });
    expect(splitUdh(Buffer.from('0608041234020141', 'hex')).concat).toEqual({ reference: 0x1234, total: 2, sequence: 1 });
    // Another element (application port addressing) before the concatenation one is skipped.
    expect(splitUdh(Buffer.from('0b0504158a0000' + '0003070201' + '41', 'hex'))).toEqual({ concat: { reference: 7, total: 2, sequence: 1 }, payload: Buffer.from('41', 'hex') });
    expect(splitUdh(Buffer.from('060504158a0000' + '41', 'hex')).concat).toBeNull();
  });

  it('refuses a header longer than the message', () => {
    expect(() => splitUdh(Buffer.from('0900034201', 'hex'))).toThrow(UdhError);
    expect(() => splitUdh(Buffer.from('05000942', 'hex'))).toThrow(UdhError);
    expect(() => concatUdh(1, 2, 3)).toThrow(RangeError);
  });
});

describe('PDU codec', () => {
  it('writes bind_transceiver and enquire_link byte for byte', () => {
    const bind: Pdu = { command: 'bind_transceiver', status: 0, sequence: 1, body: bindFields({ systemId: 'parley', password: 'secret' }) };
    expect(hex(encodePdu(bind))).toBe('00000023' + '00000009' + '00000000' + '00000001' + '7061726c657900' + '73656372657400' + '00' + '340000' + '00');
    expect(hex(encodePdu({ command: 'enquire_link', status: 0, sequence: 7, body: null }))).toBe('00000010000000150000000000000007');
    expect(decodePdu(encodePdu(bind))).toEqual(bind);
  });

  it('writes submit_sm in the spec\'s field order', () => {
    const pdu: Pdu = {
      command: 'submit_sm', status: 0, sequence: 2, body: shortMessageFields({
        sourceAddrTon: 1, sourceAddrNpi: 1, sourceAddr: '15550001111', destAddrTon: 1, destAddrNpi: 1, destinationAddr: '15550002222',
        registeredDelivery: 1, shortMessage: Buffer.from('Hi'),
      }),
    };
    expect(hex(encodePdu(pdu))).toBe([
      '00000039', '00000004', '00000000', '00000002', '00', '0101', '313535353030303131313100', '0101', '313535353030303232323200',
      '000000', '00', '00', '01', '00', '00', '00', '02', '4869',
    ].join(''));
    expect(decodePdu(encodePdu(pdu))).toEqual(pdu);
  });

  it('reads error responses without a body, and deliver_sm_resp with its NULL message_id', () => {
    expect(decodePdu(Buffer.from('10000000' + '80000004' + '00000058' + '00000003', 'hex').fill(0, 0, 3).fill(0x10, 3, 4))).toEqual({ command: 'submit_sm_resp', status: 0x58, sequence: 3, body: { messageId: '' } });
    expect(hex(encodePdu({ command: 'deliver_sm_resp', status: 0, sequence: 9, body: { messageId: '' } }))).toBe('00000011800000050000000000000009' + '00');
    expect(hex(encodePdu({ command: 'bind_transceiver_resp', status: 0x0e, sequence: 1, body: { systemId: 'x', tlvs: [] } }))).toBe('000000108000000900000' + '00e00000001');
  });

  it('round-trips deliver_sm with any fields, TLVs included', () => {
    const addr = fc.stringMatching(/^[0-9]{0,20}$/);
    fc.assert(fc.property(addr, addr, fc.uint8Array({ maxLength: 254 }), fc.nat(255), fc.nat(255), fc.uint8Array({ maxLength: 50 }), fc.nat(0x7fffffff), (src, dst, sm, esm, dc, tlvValue, seq) => {
      const pdu: Pdu = {
        command: 'deliver_sm', status: 0, sequence: seq, body: shortMessageFields({
          sourceAddr: src, destinationAddr: dst, esmClass: esm, dataCoding: dc, shortMessage: Buffer.from(sm), tlvs: [{ tag: 0x0424, value: Buffer.from(tlvValue) }],
        }),
      };
      expect(decodePdu(encodePdu(pdu))).toEqual(pdu);
    }));
  });

  it('refuses what it cannot read, with the status to nack it with', () => {
    const unknown = Buffer.from('00000010' + '00000021' + '00000000' + '00000005', 'hex');
    expect(() => decodePdu(unknown)).toThrow(UndecodablePdu);
    try { decodePdu(unknown); } catch (e) { expect((e as UndecodablePdu).status).toBe(0x03); expect((e as UndecodablePdu).sequence).toBe(5); }
    const truncated = encodePdu({ command: 'deliver_sm', status: 0, sequence: 1, body: shortMessageFields({ sourceAddr: '1', destinationAddr: '2', shortMessage: Buffer.from('hello') }) });
    truncated.writeUInt32BE(truncated.length - 3, 0);
    expect(() => decodePdu(truncated.subarray(0, truncated.length - 3))).toThrow(/short_message claims 5 octets/);
    expect(() => encodePdu({ command: 'bind_transceiver', status: 0, sequence: 1, body: bindFields({ systemId: 'a'.repeat(16), password: 'x' }) })).toThrow(/system_id takes at most 15/);
  });

  it('frames a stream: several PDUs in one chunk, one PDU over several', () => {
    const a = encodePdu({ command: 'enquire_link', status: 0, sequence: 1, body: null });
    const b = encodePdu({ command: 'submit_sm_resp', status: 0, sequence: 2, body: { messageId: 'abc' } });
    const splitter = new PduSplitter();
    expect(splitter.push(Buffer.concat([a, b.subarray(0, 5)]))).toEqual([a]);
    expect(splitter.push(b.subarray(5, 10))).toEqual([]);
    expect(splitter.push(b.subarray(10))).toEqual([b]);
    expect(() => new PduSplitter().push(Buffer.from('0000000500', 'hex'))).toThrow(FramingError);
  });
});

describe('delivery receipts and inbound texts', () => {
  const sm = (text: string, tlvs: { tag: number; value: Buffer }[] = []) => shortMessageFields({ sourceAddr: '1', destinationAddr: '2', shortMessage: Buffer.from(text), esmClass: 4, tlvs });

  it('reads the Appendix B text, and prefers the TLVs when present', () => {
    const text = 'id:0123456789 sub:001 dlvrd:001 submit date:2401011200 done date:2401011201 stat:DELIVRD err:000 text:Hello';
    expect(parseReceipt(sm(text), text)).toEqual({ id: '0123456789', stat: 'DELIVRD', err: '000' });
    const undeliv = 'id:ab12 sub:001 dlvrd:000 submit date:2401011200 done date:2401011201 stat:UNDELIV err:034 Text:x';
    expect(receiptOutcome(parseReceipt(sm(undeliv), undeliv)!)).toEqual({ status: 'failed', reason: 'the SMSC reported UNDELIV (err 034)' });
    const withTlvs = sm('stat:DELIVRD', [{ tag: 0x001e, value: Buffer.from('ff01\0') }, { tag: 0x0427, value: Buffer.from([5]) }]);
    expect(parseReceipt(withTlvs, 'stat:DELIVRD')).toEqual({ id: 'ff01', stat: 'UNDELIV', err: null });
    expect(receiptOutcome({ id: 'x', stat: 'ACCEPTD', err: null })).toBeNull();
    expect(parseReceipt(sm('nothing here'), 'nothing here')).toBeNull();
  });

  it('matches a receipt id written in decimal to the hex id submit_sm_resp gave, and back', () => {
    expect(receiptIdForms('123456')).toEqual(['123456', '1e240', '1E240']);
    expect(receiptIdForms('1e240')).toEqual(['1e240', '123456']);
    expect(receiptIdForms('msg-42')).toEqual(['msg-42']);
  });

  it('decodes short messages by data_coding', () => {
    expect(decodeShortMessage(Buffer.from('1b65', 'hex'), 0)).toBe('€');
    expect(decodeShortMessage(Buffer.from('00e7', 'hex'), 8)).toBe('ç');
    expect(decodeShortMessage(Buffer.from('e9', 'hex'), 3)).toBe('é');
    expect(decodeShortMessage(Buffer.from('48', 'hex'), 1)).toBe('H');
    expect(decodeShortMessage(Buffer.from('00', 'hex'), 0xf0)).toBe('@');
    expect(decodeShortMessage(Buffer.from('00e9', 'hex'), 0x18)).toBe('é');
  });
});
