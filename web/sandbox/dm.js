// A microblog direct message: text, one attachment, link buttons, and quick-reply options (which send their metadata back).
import { appendLinkified, el, externalLink, linkUrl } from '/chat/assets/dom.js';
import { mediaNode } from './media.js';

export const composeHint = 'Start a message';

export function renderOut(view, ctx) {
  const nodes = [];
  if (view.media) nodes.push(mediaNode(view.media));
  if (view.text) {
    const bubble = el('div', 'bubble');
    appendLinkified(bubble, view.text);
    nodes.push(bubble);
  }
  for (const link of view.links) {
    const href = linkUrl(link.url);
    nodes.push(href ? externalLink(href, 'button-link', link.label) : el('span', 'dead-link', link.label));
  }
  const replies = view.options.map((o) => ({ label: o.label, hint: o.description, onTap: () => ctx.tap('reply', o.label, o.metadata) }));
  return { nodes, replies };
}
