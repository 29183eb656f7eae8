// A protocol message as the visitor sees it: text, title, media, buttons, a standalone rich card, a carousel, a form.
import { buttonNode } from './buttons.js';
import { appendLinkified, el, externalLink, mediaUrl } from './dom.js';

const HEIGHTS = { SHORT: 'short', MEDIUM: 'medium', TALL: 'tall' };

function fileName(href) {
  try {
    const last = new URL(href).pathname.split('/').filter(Boolean).pop();
    return last ? decodeURIComponent(last) : 'file';
  } catch {
    return 'file';
  }
}

/** An image, video, audio player or file link; null when the URL is not http(s). */
function mediaNode(url, type, alt, poster) {
  const href = mediaUrl(url);
  if (href === null) return null;
  const box = el('div', 'media');
  if (type === 'video' || type === 'audio') {
    const player = el(type);
    player.src = href;
    player.controls = true;
    player.preload = 'metadata';
    const still = type === 'video' ? mediaUrl(poster) : null;
    if (still) player.poster = still;
    if (alt) player.setAttribute('aria-label', alt);
    box.appendChild(player);
  } else if (type === 'file') {
    const link = externalLink(href, 'file', '📄 ' + fileName(href));
    link.setAttribute('download', '');
    box.appendChild(link);
  } else {
    const img = el('img');
    img.src = href;
    img.alt = alt || '';
    img.loading = 'lazy';
    box.appendChild(img);
  }
  return box;
}

function buttonsNode(buttons, act) {
  const row = el('div', 'buttons');
  for (const b of buttons || []) row.appendChild(buttonNode(b, 'btn', act));
  return row.childNodes.length ? row : null;
}

/** One rich card; its own layout fields win over the message's `richCard` ones. */
function cardNode(c, layout, act) {
  const orientation = c.cardOrientation || layout.cardOrientation || 'VERTICAL';
  const align = c.imageAlignment || layout.imageAlignment || 'LEFT';
  const height = HEIGHTS[c.mediaHeight || layout.mediaHeight] || 'medium';
  const card = el('div', `card ${orientation === 'HORIZONTAL' ? 'horizontal' : 'vertical'}${orientation === 'HORIZONTAL' && align === 'RIGHT' ? ' align-right' : ''}`);
  if (c.media) {
    const media = mediaNode(c.media, c.mediaType || 'image', c.title, c.thumbnailUrl || layout.thumbnailUrl);
    if (media) {
      media.classList.add('card-media', height);
      card.appendChild(media);
    }
  }
  const body = el('div', 'card-body');
  if (c.title) body.appendChild(el('h3', 'card-title', c.title));
  if (c.description) {
    const text = el('p', 'card-text');
    appendLinkified(text, c.description);
    body.appendChild(text);
  }
  const buttons = buttonsNode(c.buttons, act);
  if (buttons) body.appendChild(buttons);
  card.appendChild(body);
  return card;
}

function carouselNode(cards, layout, act) {
  const row = el('div', 'carousel');
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', `${cards.length} cards`);
  // Focusable, so the arrow keys scroll it.
  row.tabIndex = 0;
  for (const c of cards) row.appendChild(cardNode(c, layout, act));
  return row;
}

/**
 * The list item of a message, or null when there is nothing to show (a custom `json` message is for other widgets).
 * `act` answers the bot (see buttons.js) and builds forms: act.form(spec) returns the form's element.
 */
export function renderMessage(m, act) {
  const item = el('li', 'msg ' + (m.direction === 'in' ? 'in' : 'out') + (m.sender ? ' person' : ''));
  // A person's reply says who wrote it, so the visitor can tell an agent from the bot.
  if (m.direction === 'out' && m.sender && m.sender.name) item.appendChild(el('span', 'sender', m.sender.name + ' (agent)'));
  const carousel = Array.isArray(m.carousel) && m.carousel.length > 0;
  const layout = m.richCard || {};
  if (m.direction === 'out' && m.richCard && !carousel && (m.title || m.text || m.media)) {
    item.appendChild(cardNode({ title: m.title, description: m.text, media: m.media, mediaType: m.mediaType, buttons: m.buttons }, layout, act));
  } else {
    if (m.media) {
      const media = mediaNode(m.media, m.mediaType, m.title || m.text, layout.thumbnailUrl);
      if (media) item.appendChild(media);
    }
    if (m.title || m.text) {
      const bubble = el('div', 'bubble');
      if (m.title) bubble.appendChild(el('strong', 'title', m.title));
      if (m.text) appendLinkified(bubble, m.text);
      item.appendChild(bubble);
    }
    const buttons = m.direction === 'out' ? buttonsNode(m.buttons, act) : null;
    if (buttons) item.appendChild(buttons);
  }
  if (m.direction === 'out' && carousel) item.appendChild(carouselNode(m.carousel, layout, act));
  if (m.direction === 'out' && m.form && Array.isArray(m.form.fields)) item.appendChild(act.form(m.form));
  return item.childNodes.length > (item.querySelector('.sender') ? 1 : 0) ? item : null;
}
