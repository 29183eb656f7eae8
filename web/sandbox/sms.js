// An SMS thread: the text the carrier gets (numbered options, media as links), with the segments it takes.
import { appendLinkified, el } from '/chat/assets/dom.js';

export const composeHint = 'Text message';

export function renderOut(view) {
  const bubble = el('div', 'bubble');
  appendLinkified(bubble, view.text);
  const meta = el('div', 'meta', view.segments === 1 ? '1 SMS · ' + view.encoding : view.segments + ' SMS segments · ' + view.encoding);
  return { nodes: [bubble, meta], replies: [] };
}
