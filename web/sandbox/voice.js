// A voice assistant: what it would say, and the answers it understands as choices (the person says them by typing).
import { el } from '/chat/assets/dom.js';

export const composeHint = 'Say something…';

export function renderOut(view) {
  const bubble = el('div', 'bubble speech');
  bubble.appendChild(el('span', 'speaker', '🔊 '));
  bubble.appendChild(document.createTextNode(view.speech));
  const nodes = [bubble];
  if (view.options.length > 0) nodes.push(el('div', 'meta', 'Say: ' + view.options.join(' · ')));
  return { nodes, replies: [] };
}
