// A microblog direct message as the simulator shows it: text, one media attachment, quick-reply options and link buttons.
import type { OutboundMessage, RenderedButton } from '../../engine/outbound.js';

/**
 * The network's documented limits on a direct message's quick-reply options and call-to-action links.
 * The twr channel has no renderer of its own yet; when it has one, the simulator should call it instead of this.
 */
export const DM_LIMITS = { text: 10_000, options: 20, optionLabel: 36, optionDescription: 72, metadata: 1000, ctas: 3, ctaLabel: 36 } as const;

export interface DmOption {
  label: string;
  description: string | null;
  /** Comes back with the person's choice: the value the runner remembers for it (postbackData, else payload, else the title). */
  metadata: string;
}

export interface DmView {
  kind: 'dm';
  text: string;
  media: string | null;
  options: DmOption[];
  links: { label: string; url: string }[];
}

const ANSWERING = new Set(['postback', 'text']);

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function httpUrl(value: string | null): string | null {
  return value !== null && /^https?:\/\/\S+$/i.test(value.trim()) ? value.trim() : null;
}

/** The line a button that neither answers nor links becomes (a call, a place, an event); null for pickers a DM cannot offer. */
function line(b: RenderedButton): string | null {
  const title = b.title ?? b.label ?? b.eventTitle;
  if (b.type === 'call' && b.payload !== null) return `${title ?? 'Call'}: ${b.payload}`;
  if (b.type === 'viewLocation' && (b.latLong !== null || b.query !== null)) {
    const where = b.latLong !== null ? `${b.latLong.latitude},${b.latLong.longitude}` : encodeURIComponent(b.query!);
    return `${title ?? 'Location'}: https://maps.google.com/?q=${where}`;
  }
  if (b.type === 'calendar' && b.startTime !== null) return `${title ?? 'Event'}: ${[b.startTime, b.endTime].filter((t) => t !== null).join(' - ')}`;
  return null;
}

export function renderDm(m: OutboundMessage): { ok: true; view: DmView } | { ok: false; reason: string } {
  const lines: string[] = [m.title, m.text].filter((t): t is string => t !== null && t !== '');
  const options: DmOption[] = [];
  const links: DmView['links'] = [];
  const take = (buttons: readonly RenderedButton[]) => {
    for (const b of buttons) {
      const url = b.type === 'weburl' ? httpUrl(b.payload) : null;
      if (ANSWERING.has(b.type) && (b.title ?? b.payload) !== null && options.length < DM_LIMITS.options) {
        const label = b.title ?? b.payload!;
        options.push({ label: cut(label, DM_LIMITS.optionLabel), description: b.description === null ? null : cut(b.description, DM_LIMITS.optionDescription), metadata: cut(b.postbackData ?? b.payload ?? label, DM_LIMITS.metadata) });
      } else if (url !== null && links.length < DM_LIMITS.ctas) {
        links.push({ label: cut(b.title ?? url, DM_LIMITS.ctaLabel), url });
      } else {
        const text = url ?? line(b);
        if (text !== null) lines.push(text);
      }
    }
  };
  take(m.buttons);
  for (const card of m.carousel) {
    lines.push([card.title, card.description, card.media].filter((t) => t !== null && t !== '').join('\n'));
    take(card.buttons);
  }
  take(m.quickReplies);
  // A DM carries one attachment: the message's own media; a card's media goes in its text above.
  const media = httpUrl(m.media);
  if (m.media !== null && media === null) lines.push(m.media);
  const text = lines.filter((l) => l !== '').join('\n\n');
  if (text === '' && media === null && options.length === 0) return { ok: false, reason: 'the message has nothing a direct message can carry (only custom JSON or a form)' };
  return { ok: true, view: { kind: 'dm', text: cut(text, DM_LIMITS.text), media, options, links } };
}
