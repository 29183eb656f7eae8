// The voice phone of the sandbox: the speech and card the skill would answer with; it speaks only when asked.
import { messageEvent } from '../../engine/index.js';
import type { SandboxPhone } from '../sandbox-phone.js';
import { VoiceAdapter } from './adapter.js';
import { outputSpeech, simpleCard, type OutputSpeech, type SimpleCard } from './skill-response.js';
import { utteranceOf } from './utterance.js';

export interface VoiceView {
  kind: 'voice';
  /** The outputSpeech of the skill's answer: plain text, or SSML when the bot wrote some; options are read out in it. */
  speech: OutputSpeech;
  /** The Simple card the companion app would show, for a message with a rich card or carousel. */
  card: SimpleCard | null;
}

export const VOICE_PHONE: SandboxPhone<VoiceView> = {
  types: ['alx'],
  device: { type: 'speaker', platform: 'alx' },
  view(_channel, _address, m) {
    const utterance = utteranceOf(m);
    const speech = outputSpeech(utterance.pieces);
    if (speech === null) return { ok: false, reason: 'nothing in the message can be spoken: it has no text, title or card text (media, forms and custom JSON are not spoken)' };
    return { ok: true, view: { kind: 'voice', speech, card: simpleCard([utterance.card]) } };
  },
  async inbound(_records, end, _humanId, input, messageId) {
    const event = input.kind === 'text' ? messageEvent({ text: input.text })
      : input.kind === 'location' ? messageEvent({ location: { latitude: input.latitude, longitude: input.longitude, label: null } })
        : messageEvent({ text: input.title, payload: input.payload });
    return { channel: end.channel, address: end.address, providerMessageId: messageId, profile: { phone: end.phone }, event, device: VOICE_PHONE.device! };
  },
  async refuse(records, delivery) {
    // The voice channel's own check (it only reads the store): a voice assistant speaks only in answer to the user.
    const verdict = await new VoiceAdapter(records).deliver(delivery);
    return verdict.kind === 'failed' ? verdict : null;
  },
};
