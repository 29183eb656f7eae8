// A WhatsApp chat: Cloud API messages as the app shows them: text, media with captions, reply buttons, lists, link buttons, templates.
import { appendLinkified, el, externalLink, linkUrl } from '/chat/assets/dom.js';
import { mediaNode } from './media.js';

export const composeHint = 'Message';

const MEDIA_KIND = { image: 'image', video: 'video', audio: 'audio', document: 'file', sticker: 'image' };

/** WhatsApp's *bold*, written as the app shows it (the markers dropped, the words bold). */
function formatted(text) {
  const node = el('div', 'bubble');
  const parts = String(text).split(/(\*[^*\n]+\*)/);
  for (const part of parts) {
    if (/^\*[^*\n]+\*$/.test(part)) node.appendChild(el('strong', null, part.slice(1, -1)));
    else appendLinkified(node, part);
  }
  return node;
}

function mediaOf(kind, media) {
  if (media.link) return mediaNode(media.link, MEDIA_KIND[kind]);
  return el('span', 'meta', '📎 uploaded ' + kind + ' ' + media.id);
}

function header(h) {
  if (!h) return null;
  if (h.type === 'text') return el('h3', 'card-title', h.text);
  return mediaOf(h.type, h[h.type] || {});
}

function interactive(i, ctx) {
  const box = el('div', 'button-template');
  const top = header(i.header);
  if (top) box.appendChild(top);
  box.appendChild(formatted(i.body.text));
  if (i.footer) box.appendChild(el('div', 'meta', i.footer.text));
  if (i.type === 'button') {
    for (const b of i.action.buttons) {
      const node = el('button', 'template-button', b.reply.title);
      node.type = 'button';
      node.addEventListener('click', () => ctx.tap('reply', b.reply.title, b.reply.id));
      box.appendChild(node);
    }
  } else if (i.type === 'list') {
    // The app opens the rows from the list's button; here they are shown under it, each one tappable.
    const menu = el('details', 'wa-list');
    menu.appendChild(el('summary', 'template-button', '☰ ' + i.action.button));
    for (const section of i.action.sections) {
      if (section.title) menu.appendChild(el('div', 'meta', section.title));
      for (const row of section.rows) {
        const node = el('button', 'template-button wa-row');
        node.type = 'button';
        node.appendChild(el('span', null, row.title));
        if (row.description) node.appendChild(el('small', 'meta', row.description));
        node.addEventListener('click', () => ctx.tap('action', row.title, row.id));
        menu.appendChild(node);
      }
    }
    box.appendChild(menu);
  } else if (i.type === 'cta_url') {
    const href = linkUrl(i.action.parameters.url);
    box.appendChild(href ? externalLink(href, 'template-button', '↗ ' + i.action.parameters.display_text) : el('span', 'template-button dead-link', i.action.parameters.display_text));
  }
  return box;
}

function template(t) {
  const box = el('div', 'button-template');
  box.appendChild(el('div', 'meta', 'Template ' + t.name + ' (' + t.language.code + ')'));
  const values = (t.components || []).flatMap((c) => (c.parameters || []).map((p) => p.text ?? JSON.stringify(p)));
  box.appendChild(el('div', 'bubble', values.length === 0 ? '(no parameters)' : values.join(' · ')));
  return box;
}

export function renderOut(view, ctx) {
  const nodes = [];
  for (const m of view.messages) {
    if (m.type === 'text') nodes.push(formatted(m.text.body));
    else if (MEDIA_KIND[m.type] && m[m.type]) {
      nodes.push(mediaOf(m.type, m[m.type]));
      if (m[m.type].caption) nodes.push(formatted(m[m.type].caption));
    } else if (m.type === 'interactive') nodes.push(interactive(m.interactive, ctx));
    else if (m.type === 'template') nodes.push(template(m.template));
    // Custom JSON the author wrote for the Cloud API: shown as WhatsApp would get it.
    else nodes.push(el('pre', 'custom', JSON.stringify(m, null, 2)));
  }
  return { nodes, replies: [] };
}
