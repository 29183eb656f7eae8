// Outbound items as the outbox stores them: the shapes stored on main (no version: version 1) read as they are; a newer one is refused.
import { describe, expect, it } from 'vitest';
import { emptyMessage } from '../../../src/engine/outbound.js';
import { outboundItemFormat } from '../../../src/engine/stored-formats/outbound-item.js';
import { StoredFormatError } from '../../../src/engine/stored-formats/stored-format.js';

const button = {
  type: 'postback', title: 'Small', payload: 'small', postbackData: null, description: null, application: null, webviewViewMode: null,
  eventTitle: null, startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
};

/** messages.content of `out` rows as main (a068b50) stored them. */
const STORED = {
  text: JSON.stringify({ ...emptyMessage(), text: 'Hi there' }),
  quickReplies: JSON.stringify({ ...emptyMessage(), text: 'Which size?', quickReplies: [button] }),
  form: '{"kind":"message","text":null,"title":null,"media":null,"mediaType":null,"buttons":[],"quickReplies":[],"carousel":[],"richCard":null,"form":{"token":"f1","displayMode":"popup","submitButton":"Send","dismissButton":null,"fields":[{"type":"text","name":"sys:firstName","title":"Name","placeholder":null,"required":true,"options":[],"multi":false}]},"json":null}',
  email: '{"kind":"email","to":["a@example.com"],"cc":[],"bcc":[],"subject":"Order","text":"<p>Thanks</p>","isHtml":true}',
  note: '{"kind":"note","text":"Call back","channelId":3,"recipientPhone":"+15550100"}',
  plainNote: '{"kind":"note","text":"Seen","channelId":null,"recipientPhone":null}',
};

describe('a stored outbound item', () => {
  it.each(Object.entries(STORED))('reads the %s item stored on main as it is', (_name, text) => {
    expect(outboundItemFormat.parse(text)).toEqual(JSON.parse(text));
  });

  it('refuses an item a newer release stored, and a damaged one', () => {
    const refusal = (text: string) => {
      try {
        outboundItemFormat.parse(text);
      } catch (err) {
        if (err instanceof StoredFormatError) return err;
      }
      return null;
    };
    expect(refusal(JSON.stringify({ ...JSON.parse(STORED.text) as object, v: 2 }))).toMatchObject({ problem: 'newer', version: 2 });
    expect(refusal('{"kind":"fax","text":"x"}')).toMatchObject({ problem: 'corrupt' });
    expect(refusal('{"kind":"email","to":"a@example.com"}')).toMatchObject({ problem: 'corrupt' });
  });
});
