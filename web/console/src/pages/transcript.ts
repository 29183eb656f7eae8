// A conversation's messages as the inbox shows them: who wrote each (the human, the bot, "Ana (agent)", an internal note by
// Ana), outbound ones as the channel's provider gets them.
import { dateText, h } from '../dom.js';
import { viewLines } from './channel-view.js';

export type Message = {
  id: number; direction: string; author: string; authorName?: string | null; status: string; failureReason: string | null;
  content: unknown; channelView?: unknown; dateCreated: string;
};

interface AnswerRecord {
  mode: string;
  passages: { title: string; score: number; citable: boolean }[];
  promptTokens: number;
  completionTokens: number;
}

interface Content { answer?: AnswerRecord; text?: string | null; media?: string | null | { url: string }[]; buttons?: { title: string | null }[]; quickReplies?: { title: string | null }[] }

/** Who wrote a message, in words. */
export function who(m: Message): string {
  if (m.direction === 'note') return m.authorName ? `Internal note by ${m.authorName}` : 'Internal note';
  if (m.direction === 'in') return 'Human';
  if (m.author === 'agent') return m.authorName ? `${m.authorName} (agent)` : 'Agent';
  return 'Bot';
}

/** The text a message says, for announcements. */
export function textOf(m: Message): string {
  return String((m.content as Content | null)?.text ?? '');
}

/** Which passages an answer step's message drew on, and what it cost: for the people checking what the bot said. */
function answerDetails(m: Message): HTMLElement | null {
  const a = (m.content as Content | null)?.answer;
  if (a === undefined) return null;
  const how = a.mode === 'generative' ? `Written by the model from ${a.passages.length} passage${a.passages.length === 1 ? '' : 's'} · ${a.promptTokens + a.completionTokens} tokens`
    : 'The best passage, as it is (no model)';
  return h('details', { class: 'answer-passages' }, h('summary', {}, 'Answered from the knowledge bases'),
    h('p', { class: 'meta' }, how),
    h('ol', {}, a.passages.map((p) => h('li', {}, `${p.title} · score ${p.score.toFixed(2)}${p.citable ? '' : ' · private (never cited)'}`))));
}

export function messageItem(m: Message): HTMLElement {
  // Outbound messages are shown as the channel's provider gets them, where the channel has such a rendering.
  const seen = m.channelView == null ? null : viewLines(m.channelView);
  if (seen !== null) {
    return h('li', { class: `msg ${m.direction} ${m.author}`, 'data-id': m.id },
      h('span', { class: 'who' }, who(m)),
      seen.texts.map((t) => h('p', { class: 'text' }, t)),
      seen.chips.length > 0 ? h('ul', { class: 'chips', 'aria-label': 'Options' }, seen.chips.map((t) => h('li', {}, t))) : null,
      answerDetails(m),
      h('small', { class: 'meta' }, dateText(m.dateCreated), ` · ${seen.note} · ${m.status}${m.failureReason ? `: ${m.failureReason}` : ''}`));
  }
  const c = (m.content ?? {}) as Content;
  const media = typeof c.media === 'string' ? [c.media] : Array.isArray(c.media) ? c.media.map((x) => x.url) : [];
  const chips = [...(c.buttons ?? []), ...(c.quickReplies ?? [])].map((b) => b.title).filter((t): t is string => t !== null);
  return h('li', { class: `msg ${m.direction} ${m.author}`, 'data-id': m.id },
    h('span', { class: 'who' }, who(m)),
    c.text ? h('p', { class: 'text' }, c.text) : null,
    media.map((url) => h('a', { href: url, rel: 'noreferrer noopener', target: '_blank' }, 'Media')),
    chips.length > 0 ? h('ul', { class: 'chips', 'aria-label': 'Buttons' }, chips.map((t) => h('li', {}, t))) : null,
    answerDetails(m),
    h('small', { class: 'meta' }, dateText(m.dateCreated), m.direction === 'out' ? ` · ${m.status}${m.failureReason ? `: ${m.failureReason}` : ''}` : ''));
}
