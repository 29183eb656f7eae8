// Frames browsers send over the web-chat and sandbox sockets: taken when their type's schema says so, refused with a reason otherwise.
import { describe, expect, it } from 'vitest';
import { readFrame as readPhoneFrame } from '../../../src/channels/sandbox/frames.js';
import { readFrame as readChatFrame } from '../../../src/channels/web/frames.js';

describe('socket frames', () => {
  it('takes a web-chat frame its type allows, and refuses anything else naming what is wrong', () => {
    expect(readChatFrame('{"type":"message","id":"c1","text":"hi"}')).toEqual({ ok: true, frame: { type: 'message', id: 'c1', text: 'hi' } });
    expect(readChatFrame('not json')).toEqual({ ok: false, error: 'A frame must be a JSON object.' });
    expect(readChatFrame('[1]')).toEqual({ ok: false, error: 'A frame must be a JSON object.' });
    expect(readChatFrame('{"type":"tap"}')).toEqual({ ok: false, error: 'The frame is not one the protocol knows: /type must be one of hello, message, postback, location, form.' });
    const refused = readChatFrame('{"type":"message","id":"c1","text":""}');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^The frame is not one the protocol knows: \/text .+\.$/);
  });

  it('takes a sandbox frame its type allows, and refuses anything else naming what is wrong', () => {
    expect(readPhoneFrame('{"type":"open","channelId":1,"humanId":2}')).toEqual({ ok: true, frame: { type: 'open', channelId: 1, humanId: 2 } });
    expect(readPhoneFrame('"open"')).toEqual({ ok: false, error: 'A frame must be a JSON object.' });
    expect(readPhoneFrame('{"type":"message"}')).toEqual({ ok: false, error: 'The frame is not one the sandbox knows: /type must be one of hello, open, close, text, tap, location.' });
    const refused = readPhoneFrame('{"type":"open","channelId":0,"humanId":2}');
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toMatch(/^The frame is not one the sandbox knows: \/channelId .+\.$/);
  });
});
