// An RCS conversation: RBM agent messages as the phone shows them, rich cards, carousels, and suggestion chips under the newest message.
import { appendLinkified, el, linkUrl } from '/chat/assets/dom.js';
import { chip, mediaNode } from './media.js';

export const composeHint = 'RCS message';

function mapsUrl(place) {
  if (place.latLong) return 'https://www.openstreetmap.org/?mlat=' + place.latLong.latitude + '&mlon=' + place.latLong.longitude;
  return 'https://www.openstreetmap.org/search?query=' + encodeURIComponent(place.query || '');
}

/**
 * A suggestion as the phone offers it: a reply sends its text and postback data; an action opens what it names (a link, a
 * number, a map), shares a location, or shows the event, and RBM reports the tap, which the bot hears when it is a choice.
 */
function suggestion(s, ctx) {
  if (s.reply) return { label: s.reply.text, onTap: () => ctx.tap('reply', s.reply.text, s.reply.postbackData) };
  const a = s.action || {};
  const told = () => ctx.tap('action', a.text, a.postbackData);
  if (a.openUrlAction) return { label: a.text, href: linkUrl(a.openUrlAction.url), onTap: told };
  if (a.dialAction) return { label: a.text, href: linkUrl('tel:' + a.dialAction.phoneNumber), onTap: told };
  if (a.viewLocationAction) return { label: a.text, href: mapsUrl(a.viewLocationAction), onTap: told };
  if (a.shareLocationAction) return { label: a.text, onTap: () => ctx.shareLocation() };
  if (a.createCalendarEventAction) {
    const e = a.createCalendarEventAction;
    return { label: a.text, onTap: () => { ctx.notice('Calendar event: ' + e.title + ', ' + e.startTime + ' – ' + e.endTime); told(); } };
  }
  return { label: a.text || '?', onTap: told };
}

function cardNode(content, classes, ctx) {
  const card = el('div', 'card ' + classes);
  if (content.media) {
    const media = mediaNode(content.media.contentInfo.fileUrl, null, content.media.contentInfo.thumbnailUrl);
    media.classList.add('height-' + String(content.media.height).toLowerCase());
    card.appendChild(media);
  }
  const body = el('div', 'card-body');
  if (content.title) body.appendChild(el('h3', 'card-title', content.title));
  if (content.description) {
    const p = el('p', 'card-text');
    appendLinkified(p, content.description);
    body.appendChild(p);
  }
  for (const s of content.suggestions || []) {
    const offered = suggestion(s, ctx);
    body.appendChild(chip(offered.label, offered.onTap, offered.href));
  }
  card.appendChild(body);
  return card;
}

function richCardNode(richCard, ctx) {
  if (richCard.standaloneCard) {
    const s = richCard.standaloneCard;
    const layout = s.cardOrientation === 'HORIZONTAL' ? 'horizontal align-' + String(s.thumbnailImageAlignment || 'LEFT').toLowerCase() : 'vertical';
    return cardNode(s.cardContent, layout, ctx);
  }
  const carousel = el('div', 'carousel width-' + String(richCard.carouselCard.cardWidth).toLowerCase());
  carousel.setAttribute('role', 'group');
  carousel.setAttribute('aria-label', 'Carousel');
  for (const content of richCard.carouselCard.cardContents) carousel.appendChild(cardNode(content, 'vertical', ctx));
  return carousel;
}

export function renderOut(view, ctx) {
  const nodes = [];
  let replies = [];
  for (const { contentMessage: m } of view.messages) {
    if (m.text !== undefined) {
      const bubble = el('div', 'bubble');
      appendLinkified(bubble, m.text);
      nodes.push(bubble);
    } else if (m.contentInfo) {
      nodes.push(mediaNode(m.contentInfo.fileUrl, null, m.contentInfo.thumbnailUrl));
    } else if (m.richCard) {
      nodes.push(richCardNode(m.richCard, ctx));
    }
    // RBM shows suggestions under the newest message only: the last part's are the message's.
    if (m.suggestions) replies = m.suggestions.map((s) => suggestion(s, ctx));
  }
  return { nodes, replies };
}
