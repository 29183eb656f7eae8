// A voice assistant: the speech of the skill's answer (plain text, or the SSML as the platform gets it), and the companion app's card.
import { el } from '/chat/assets/dom.js';

export const composeHint = 'Say something…';

export function renderOut(view) {
  const bubble = el('div', 'bubble speech');
  bubble.appendChild(el('span', 'speaker', '🔊 '));
  if (view.speech.type === 'SSML') bubble.appendChild(el('code', 'ssml', view.speech.ssml));
  else bubble.appendChild(document.createTextNode(view.speech.text));
  const nodes = [bubble];
  if (view.card) {
    const card = el('div', 'card vertical');
    const body = el('div', 'card-body');
    if (view.card.title) body.appendChild(el('h3', 'card-title', view.card.title));
    body.appendChild(el('p', 'card-text', view.card.content));
    card.appendChild(body);
    nodes.push(card);
  }
  return { nodes, replies: [] };
}
