// Microblog direct messages: each DM's text, the media attached to the first, and the quick-reply options under the last (a tap sends its metadata).
import { appendLinkified, el } from '/chat/assets/dom.js';
import { mediaNode } from './media.js';

export const composeHint = 'Start a message';

const KINDS = { image: 'image', video: 'video', audio: 'audio', file: 'file' };

export function renderOut(view, ctx) {
  const nodes = [];
  let replies = [];
  for (const dm of view.messages) {
    if (dm.attachment && view.media) nodes.push(mediaNode(view.media.url, KINDS[view.media.mediaType] || null));
    if (typeof dm.text === 'string' && dm.text !== '') {
      const bubble = el('div', 'bubble');
      appendLinkified(bubble, dm.text);
      nodes.push(bubble);
    }
    const options = dm.quick_reply && Array.isArray(dm.quick_reply.options) ? dm.quick_reply.options : [];
    if (options.length > 0) {
      replies = options.map((o) => ({ label: o.label, hint: o.description, onTap: () => ctx.tap('reply', o.label, o.metadata ?? null) }));
    }
  }
  return { nodes, replies };
}
