// The rss part of a send: the feed fetched through the guarded HTTP port and shown as a list or a carousel of its latest items.
import { XMLParser } from 'fast-xml-parser';
import type { RssModel } from '../definition/model.js';
import { LIMITS } from '../definition/limits.js';
import { renderTemplate } from '../language/render.js';
import { emptyMessage, type OutboundMessage, type RenderedButton } from '../outbound.js';
import { HttpFailure } from '../ports.js';
import type { RunContext } from '../run-context.js';

export interface FeedItem {
  title: string;
  link: string | null;
  description: string | null;
  image: string | null;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', processEntities: true, htmlEntities: true });

type Node = Record<string, unknown>;
const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const textOf = (v: unknown): string | null => {
  if (typeof v === 'string' || typeof v === 'number') return String(v).trim() || null;
  if (v !== null && typeof v === 'object' && '#text' in v) return textOf((v as Node)['#text']);
  return null;
};
const stripHtml = (s: string | null): string | null => (s === null ? null : s.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() || null);

function imageOf(item: Node): string | null {
  for (const key of ['media:content', 'media:thumbnail', 'enclosure']) {
    for (const m of asList(item[key])) {
      const node = m as Node;
      const url = typeof node?.['@url'] === 'string' ? (node['@url'] as string) : null;
      const type = typeof node?.['@type'] === 'string' ? (node['@type'] as string) : 'image/';
      if (url !== null && (key !== 'enclosure' || type.startsWith('image/'))) return url;
    }
  }
  return null;
}

/** Items of an RSS 2.0 or Atom feed, newest first as the feed lists them; empty when the text is not a feed. */
export function parseFeed(xml: string): FeedItem[] {
  let doc: Node;
  try {
    doc = parser.parse(xml) as Node;
  } catch {
    return [];
  }
  const rss = (doc.rss as Node | undefined)?.channel as Node | undefined;
  if (rss !== undefined) {
    return asList(rss.item).map((raw) => {
      const item = raw as Node;
      return { title: textOf(item.title) ?? '', link: textOf(item.link), description: stripHtml(textOf(item.description)), image: imageOf(item) };
    });
  }
  const feed = doc.feed as Node | undefined;
  if (feed !== undefined) {
    return asList(feed.entry).map((raw) => {
      const entry = raw as Node;
      const links = asList(entry.link) as Node[];
      const link = links.find((l) => l['@rel'] === undefined || l['@rel'] === 'alternate')?.['@href'];
      return { title: textOf(entry.title) ?? '', link: typeof link === 'string' ? link : null, description: stripHtml(textOf(entry.summary) ?? textOf(entry.content)), image: imageOf(entry) };
    });
  }
  return [];
}

const cut = (s: string | null, max: number): string | null => (s === null ? null : [...s].length <= max ? s : `${[...s].slice(0, max - 1).join('')}…`);

function readButton(link: string): RenderedButton {
  return {
    type: 'weburl', title: 'Read', payload: link, postbackData: null, description: null, application: null, webviewViewMode: null,
    eventTitle: null, startTime: null, endTime: null, query: null, latLong: null, label: null, imageUrl: null, extra: {},
  };
}

/** The feed as one message: a list (titles and links in the text) or a carousel of cards (2–10). */
export function feedMessage(items: readonly FeedItem[], layout: RssModel['preferedLayout']): OutboundMessage {
  const message = emptyMessage();
  const shown = items.filter((i) => i.title !== '' || i.link !== null);
  if (layout === 'list' || shown.length < LIMITS.carousel.min) {
    message.text = cut(shown.slice(0, 10).map((i) => (i.link ? `• ${i.title}\n  ${i.link}` : `• ${i.title}`)).join('\n'), LIMITS.messageText);
    return message;
  }
  message.carousel = shown.slice(0, LIMITS.carousel.max).map((i) => ({
    title: cut(i.title, LIMITS.richCardTitle), description: cut(i.description, LIMITS.richCardDescription), media: i.image, mediaType: i.image ? 'image' : null,
    buttons: i.link ? [readButton(i.link)] : [], cardOrientation: null, mediaHeight: null, imageAlignment: null, thumbnailUrl: null,
  }));
  return message;
}

export async function fetchFeed(model: RssModel, run: RunContext, pointer: string): Promise<OutboundMessage | null> {
  const url = renderTemplate(model.url, run.language).trim();
  try {
    const res = await run.env.http.request({ url, method: 'GET', headers: { accept: 'application/rss+xml, application/atom+xml, application/xml, text/xml' }, body: null });
    if (res.status >= 400) {
      run.issue(pointer, `The feed ${url} answered ${res.status}; nothing was sent.`);
      return null;
    }
    const items = parseFeed(res.body);
    if (items.length === 0) {
      run.issue(pointer, `${url} is not an RSS or Atom feed with items; nothing was sent.`);
      return null;
    }
    return feedMessage(items, model.preferedLayout);
  } catch (error) {
    run.issue(pointer, `The feed ${url} could not be read: ${error instanceof HttpFailure ? error.message : String(error)}.`);
    return null;
  }
}
