// Bot messages as speech: plain text joined into sentences, SSML escaped or passed through, options read out, cards, and the platform's limits.
import { describe, expect, it } from 'vitest';
import { checkCertUrl } from '../../../src/channels/voice/cert-url.js';
import { clipSpeech, outputSpeech, simpleCard, skillResponse, type OutputSpeech } from '../../../src/channels/voice/skill-response.js';
import { escapeSsml, speakContent } from '../../../src/channels/voice/ssml.js';
import { utteranceOf } from '../../../src/channels/voice/utterance.js';
import { emptyMessage, type OutboundMessage, type RenderedButton, type RenderedCard } from '../../../src/engine/outbound.js';

function button(type: string, title: string | null, payload: string | null = null): RenderedButton {
  return {
    type, title, payload, postbackData: null, description: null, application: null, webviewViewMode: null, eventTitle: null,
    startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
  };
}

function card(fields: Partial<RenderedCard>): RenderedCard {
  return { cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null, title: null, description: null, media: null, mediaType: null, buttons: [], ...fields };
}

const message = (fields: Partial<OutboundMessage>): OutboundMessage => ({ ...emptyMessage(), ...fields });

function speak(...messages: Partial<OutboundMessage>[]): OutputSpeech | null {
  return outputSpeech(messages.flatMap((m) => utteranceOf(message(m)).pieces));
}

describe('bot messages as speech', () => {
  it('joins plain messages into sentences, as PlainText and unescaped', () => {
    expect(speak({ text: 'Fish & chips' }, { text: 'Anything else?' })).toEqual({ type: 'PlainText', text: 'Fish & chips. Anything else?' });
    expect(speak({ text: 'Line one\nline two!' })).toEqual({ type: 'PlainText', text: 'Line one line two!' });
  });

  it('escapes plain text into SSML when another message is SSML, whose own markup is kept', () => {
    expect(speak({ text: 'Fish & chips <cheap> "today" it\'s' }, { text: '<speak>Now <break time="1s"/> <emphasis>go</emphasis></speak>' })).toEqual({
      type: 'SSML',
      ssml: '<speak>Fish &amp; chips &lt;cheap&gt; &quot;today&quot; it&apos;s. Now <break time="1s"/> <emphasis>go</emphasis></speak>',
    });
    expect(escapeSsml('a<b>&c')).toBe('a&lt;b&gt;&amp;c');
    expect(speakContent('  <speak xml:lang="en-US"> hi </speak> ')).toBe('hi');
    expect(speakContent('<speak>not closed')).toBeNull();
  });

  it('reads replies and postbacks out as what can be said; links, calls and locations are not', () => {
    const u = utteranceOf(message({
      text: 'Pick one',
      buttons: [button('postback', 'Red'), button('weburl', 'Website', 'https://example.com'), button('call', 'Call us', '+12025550123')],
      quickReplies: [button('text', 'Blue'), button('location', 'Send location'), button('text', 'red'), button('postback', 'Green')],
    }));
    expect(outputSpeech(u.pieces)).toEqual({ type: 'PlainText', text: 'Pick one. You can say: Red, Blue or Green.' });
    expect(u.offersChoices).toBe(true);
    expect(utteranceOf(message({ text: 'Yes?', quickReplies: [button('text', 'Yes')] })).pieces.at(-1)).toEqual({ kind: 'text', value: 'You can say: Yes.' });
    expect(utteranceOf(message({ text: 'Hi', buttons: [button('weburl', 'Site', 'https://x.example')] })).offersChoices).toBe(false);
  });

  it('says a card\'s title and text and a carousel\'s cards, and shows them in one Simple card without media', () => {
    const special = utteranceOf(message({ title: 'Daily special', text: 'Fresh pasta', media: 'https://cdn.example/p.jpg', mediaType: 'image', richCard: { cardOrientation: 'VERTICAL', mediaHeight: null, imageAlignment: null, thumbnailUrl: null } }));
    expect(outputSpeech(special.pieces)).toEqual({ type: 'PlainText', text: 'Daily special. Fresh pasta.' });
    const colours = utteranceOf(message({ text: 'Colours', carousel: [
      card({ title: 'Red', description: 'Warm', media: 'https://cdn.example/red.jpg', buttons: [button('postback', 'Pick red')] }),
      card({ title: 'Blue', description: 'Cool', buttons: [button('postback', 'Pick blue')] }),
    ] }));
    expect(outputSpeech(colours.pieces)).toEqual({ type: 'PlainText', text: 'Colours. Red. Warm. Blue. Cool. You can say: Pick red or Pick blue.' });
    expect(simpleCard([special.card, null, colours.card])).toEqual({ type: 'Simple', title: 'Daily special', content: 'Fresh pasta\nColours\nRed — Warm\nBlue — Cool' });
    expect(simpleCard([utteranceOf(message({ text: 'plain' })).card])).toBeNull();
    // Media alone has nothing to say.
    expect(utteranceOf(message({ media: 'https://cdn.example/a.mp3', mediaType: 'audio' })).pieces).toEqual([]);
  });

  it('keeps speech within 8,000 characters and the response within 24 KB', () => {
    const long = outputSpeech([{ kind: 'text', value: 'word '.repeat(2000) }])!;
    const clipped = clipSpeech(long)!;
    expect(clipped.type === 'PlainText' && clipped.text.length).toBeLessThanOrEqual(8000);
    expect(clipped.type === 'PlainText' && clipped.text.endsWith('…')).toBe(true);
    expect(clipSpeech({ type: 'SSML', ssml: `<speak>${'a'.repeat(9000)}</speak>` })).toBeNull();
    // Characters beyond ASCII take more bytes: speech, reprompt and card at their own limits can pass 24 KB together.
    const speech: OutputSpeech = { type: 'PlainText', text: 'x'.repeat(8000) };
    const reprompt: OutputSpeech = { type: 'PlainText', text: 'é'.repeat(6000) };
    const big = skillResponse({ speech, reprompt, card: { type: 'Simple', title: 't', content: 'y'.repeat(6000) }, endSession: false });
    expect(Buffer.byteLength(JSON.stringify(big))).toBeLessThanOrEqual(24 * 1024);
    expect(big.response.card === undefined).toBe(true);
    expect(big.response.reprompt !== undefined).toBe(true);
    const huge = skillResponse({ speech, reprompt: { type: 'PlainText', text: '€'.repeat(6000) }, card: null, endSession: false });
    expect(huge.response.reprompt === undefined && huge.response.outputSpeech === speech).toBe(true);
  });
});

describe('the certificate URL rule', () => {
  it('accepts the platform\'s forms after normalizing them', () => {
    for (const url of [
      'https://s3.amazonaws.com/echo.api/echo-api-cert.pem',
      'https://s3.amazonaws.com:443/echo.api/echo-api-cert.pem',
      'https://s3.amazonaws.com/echo.api/../echo.api/echo-api-cert.pem',
      'HTTPS://S3.AMAZONAWS.COM/echo.api/echo-api-cert.pem',
    ]) expect(checkCertUrl(url)).toEqual({ ok: true, url: 'https://s3.amazonaws.com/echo.api/echo-api-cert.pem', path: '/echo.api/echo-api-cert.pem' });
  });

  it('refuses the rest', () => {
    for (const url of [
      'http://s3.amazonaws.com/echo.api/echo-api-cert.pem',
      'https://notamazon.com/echo.api/echo-api-cert.pem',
      'https://s3.amazonaws.com/EcHo.aPi/echo-api-cert.pem',
      'https://s3.amazonaws.com/invalid.path/echo-api-cert.pem',
      'https://s3.amazonaws.com:563/echo.api/echo-api-cert.pem',
      'https://s3.amazonaws.com/echo.api/%2e%2e/x.pem',
      'https://user:pw@s3.amazonaws.com/echo.api/echo-api-cert.pem',
      'https://s3.amazonaws.com.evil.example/echo.api/echo-api-cert.pem',
      '/echo.api/echo-api-cert.pem',
    ]) expect(checkCertUrl(url).ok).toBe(false);
  });
});
