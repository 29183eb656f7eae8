// A messenger thread: Send API messages as the app shows them, text, media, button and generic templates, quick replies.
import { appendLinkified, el, externalLink, linkUrl } from '/chat/assets/dom.js';
import { mediaNode } from './media.js';

export const composeHint = 'Aa';

/** A template button: a postback sends its title and payload back; a URL or a number opens. */
function button(b, ctx) {
  if (b.type === 'postback') {
    const node = el('button', 'template-button', b.title);
    node.type = 'button';
    node.addEventListener('click', () => ctx.tap('postback', b.title, b.payload));
    return node;
  }
  const href = linkUrl(b.type === 'phone_number' ? 'tel:' + b.payload : b.url);
  return href ? externalLink(href, 'template-button', b.title) : el('span', 'template-button dead-link', b.title);
}

function element(e, ctx) {
  const card = el('div', 'card vertical');
  if (e.image_url) {
    const image = mediaNode(e.image_url, 'image');
    const target = e.default_action ? linkUrl(e.default_action.url) : null;
    if (target) {
      const link = externalLink(target, 'card-link');
      link.appendChild(image);
      card.appendChild(link);
    } else {
      card.appendChild(image);
    }
  }
  const body = el('div', 'card-body');
  body.appendChild(el('h3', 'card-title', e.title));
  if (e.subtitle) body.appendChild(el('p', 'card-text', e.subtitle));
  card.appendChild(body);
  for (const b of e.buttons || []) card.appendChild(button(b, ctx));
  return card;
}

function attachmentNode(a, ctx) {
  if (a.type !== 'template') return mediaNode(a.payload.url, a.type);
  const p = a.payload;
  if (p.template_type === 'button') {
    const box = el('div', 'button-template');
    const text = el('div', 'bubble');
    appendLinkified(text, p.text);
    box.appendChild(text);
    for (const b of p.buttons) box.appendChild(button(b, ctx));
    return box;
  }
  if (p.template_type === 'generic') {
    const carousel = el('div', 'carousel width-medium');
    carousel.setAttribute('role', 'group');
    carousel.setAttribute('aria-label', 'Carousel');
    for (const e of p.elements) carousel.appendChild(element(e, ctx));
    return carousel;
  }
  return el('pre', 'custom', JSON.stringify(a, null, 2));
}

export function renderOut(view, ctx) {
  const nodes = [];
  let replies = [];
  for (const m of view.messages) {
    if (typeof m.text === 'string') {
      const bubble = el('div', 'bubble');
      appendLinkified(bubble, m.text);
      nodes.push(bubble);
    } else if (m.attachment) {
      nodes.push(attachmentNode(m.attachment, ctx));
    } else {
      // Custom JSON the author wrote for the platform: shown as the Send API would get it.
      nodes.push(el('pre', 'custom', JSON.stringify(m, null, 2)));
    }
    if (Array.isArray(m.quick_replies)) {
      replies = m.quick_replies.map((q) => ({ label: q.title, image: q.image_url, onTap: () => ctx.tap('reply', q.title, q.payload) }));
    }
  }
  return { nodes, replies };
}
