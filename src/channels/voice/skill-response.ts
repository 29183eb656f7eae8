// The custom-skill response body: output speech (PlainText, or SSML when the bot wrote some), reprompt, a Simple card, shouldEndSession; within the platform's limits.
import { asSentence, escapeSsml } from './ssml.js';
import type { Piece, Utterance } from './utterance.js';

/** The platform speaks at most 8,000 characters of text or SSML per outputSpeech. */
export const MAX_SPEECH_CHARS = 8000;
/** A card's title and content together. */
const MAX_CARD_CHARS = 8000;
/** The whole response body. */
const MAX_RESPONSE_BYTES = 24 * 1024;

export type OutputSpeech = { type: 'PlainText'; text: string } | { type: 'SSML'; ssml: string };

export interface SimpleCard {
  type: 'Simple';
  title?: string;
  content: string;
}

export interface SkillResponse {
  version: '1.0';
  response: {
    outputSpeech?: OutputSpeech;
    card?: SimpleCard;
    reprompt?: { outputSpeech: OutputSpeech };
    shouldEndSession?: boolean;
  };
}

/** For requests the platform takes no speech for (SessionEndedRequest) and kinds this server does not handle. */
export const EMPTY_RESPONSE: SkillResponse = { version: '1.0', response: {} };

/** Plain text when everything is plain; SSML (plain parts escaped, the bot's own SSML as written) when any part is SSML. */
export function outputSpeech(pieces: readonly Piece[]): OutputSpeech | null {
  const parts = pieces.filter((p) => p.value.trim() !== '');
  if (parts.length === 0) return null;
  if (parts.every((p) => p.kind === 'text')) return { type: 'PlainText', text: parts.map((p) => asSentence(p.value)).join(' ') };
  return { type: 'SSML', ssml: `<speak>${parts.map((p) => (p.kind === 'ssml' ? p.value : escapeSsml(asSentence(p.value)))).join(' ')}</speak>` };
}

export function speechLength(speech: OutputSpeech): number {
  return speech.type === 'PlainText' ? speech.text.length : speech.ssml.length;
}

/** Plain speech cut to the limit at a word boundary; SSML cannot be cut without breaking its markup, so it gives null. */
export function clipSpeech(speech: OutputSpeech, max = MAX_SPEECH_CHARS): OutputSpeech | null {
  if (speechLength(speech) <= max) return speech;
  if (speech.type === 'SSML') return null;
  const cut = speech.text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return { type: 'PlainText', text: `${space > max / 2 ? cut.slice(0, space) : cut}…` };
}

/** The cards of what was said, as one Simple card in the companion app (it shows no images: media is left out). */
export function simpleCard(cards: readonly Utterance['card'][]): SimpleCard | null {
  const shown = cards.filter((c): c is NonNullable<Utterance['card']> => c !== null && (c.lines.length > 0 || c.title !== null));
  if (shown.length === 0) return null;
  const title = shown.find((c) => c.title !== null)?.title?.slice(0, 200) ?? undefined;
  const lines = shown.flatMap((c, i) => (i > 0 && c.title !== null ? [c.title, ...c.lines] : c.lines));
  let content = lines.join('\n');
  const room = MAX_CARD_CHARS - (title?.length ?? 0);
  if (content.length > room) content = `${content.slice(0, room - 1)}…`;
  return { type: 'Simple', ...(title !== undefined ? { title } : {}), content };
}

export interface ResponseParts {
  speech: OutputSpeech | null;
  reprompt: OutputSpeech | null;
  card: SimpleCard | null;
  endSession: boolean;
}

/** The response body; past the platform's 24 KB the card goes first, then the reprompt. */
export function skillResponse(parts: ResponseParts): SkillResponse {
  const build = (card: SimpleCard | null, reprompt: OutputSpeech | null): SkillResponse => ({
    version: '1.0',
    response: {
      ...(parts.speech !== null ? { outputSpeech: parts.speech } : {}),
      ...(card !== null ? { card } : {}),
      // A reprompt is spoken only while the session waits for the user.
      ...(reprompt !== null && !parts.endSession ? { reprompt: { outputSpeech: reprompt } } : {}),
      shouldEndSession: parts.endSession,
    },
  });
  const fits = (r: SkillResponse) => Buffer.byteLength(JSON.stringify(r)) <= MAX_RESPONSE_BYTES;
  const full = build(parts.card, parts.reprompt);
  if (fits(full)) return full;
  const noCard = build(null, parts.reprompt);
  return fits(noCard) ? noCard : build(null, null);
}
