// A Telegram chat: the Bot API calls as the app shows them, texts with a bold title, files with captions, inline keyboards under their message.
import { appendLinkified, el, externalLink, linkUrl } from '/chat/assets/dom.js';
import { mediaNode } from './media.js';

export const composeHint = 'Message';

const KINDS = { sendPhoto: ['photo', 'image'], sendVideo: ['video', 'video'], sendAudio: ['audio', 'audio'], sendDocument: ['document', 'file'] };

/** Text with its bold entity (the title, at the start): the app shows entities, never markup. */
function textNode(text, entities) {
  const bubble = el('div', 'bubble');
  const bold = Array.isArray(entities) ? entities.find((e) => e.type === 'bold' && e.offset === 0) : null;
  if (bold) {
    bubble.appendChild(el('strong', null, text.slice(0, bold.length)));
    appendLinkified(bubble, text.slice(bold.length));
  } else {
    appendLinkified(bubble, text);
  }
  return bubble;
}

/** An inline keyboard: a callback button sends its data back (a callback query); a URL button opens. */
function keyboardNode(markup, ctx) {
  const rows = markup && Array.isArray(markup.inline_keyboard) ? markup.inline_keyboard : [];
  const box = el('div', 'inline-keyboard');
  box.setAttribute('role', 'group');
  box.setAttribute('aria-label', 'Buttons');
  for (const row of rows) {
    const line = el('div', 'keyboard-row');
    for (const b of row) {
      if (typeof b.callback_data === 'string') {
        const node = el('button', 'keyboard-button', b.text);
        node.type = 'button';
        node.addEventListener('click', () => ctx.tap('postback', b.text, b.callback_data));
        line.appendChild(node);
      } else {
        const href = linkUrl(b.url);
        line.appendChild(href ? externalLink(href, 'keyboard-button', b.text + ' ↗') : el('span', 'keyboard-button dead-link', b.text));
      }
    }
    box.appendChild(line);
  }
  return box;
}

export function renderOut(view, ctx) {
  const nodes = [];
  for (const call of view.calls) {
    const p = call.params || {};
    const media = KINDS[call.method];
    if (call.method === 'sendMessage' && typeof p.text === 'string') {
      nodes.push(textNode(p.text, p.entities));
    } else if (media && typeof p[media[0]] === 'string') {
      nodes.push(mediaNode(p[media[0]], media[1]));
      if (typeof p.caption === 'string' && p.caption !== '') nodes.push(textNode(p.caption, p.caption_entities));
    } else {
      // Custom JSON the author wrote for Telegram: shown as the Bot API would get it.
      nodes.push(el('pre', 'custom', JSON.stringify(call, null, 2)));
      continue;
    }
    if (p.reply_markup) nodes.push(keyboardNode(p.reply_markup, ctx));
  }
  // Inline keyboards stay under their message: nothing is offered above the compose box.
  return { nodes, replies: [] };
}
