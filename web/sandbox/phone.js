// One phone: a human's conversation on one channel, drawn the way that channel draws it, with what the person can type or tap.
import { el, uid } from '/chat/assets/dom.js';
import * as dm from './dm.js';
import { chip } from './media.js';
import * as messenger from './messenger.js';
import * as rcs from './rcs.js';
import * as sms from './sms.js';
import * as telegram from './telegram.js';
import * as voice from './voice.js';
import * as whatsapp from './whatsapp.js';

const RENDERERS = { sms, rcs, messenger, dm, voice, whatsapp, telegram };

/** What each channel type's phone is, by the view kinds the server renders (each channel's sandbox-phone.ts). */
export const CHANNEL_KINDS = {
  dlc: { kind: 'sms', name: 'SMS long code' },
  dsc: { kind: 'sms', name: 'SMS short code' },
  rcs: { kind: 'rcs', name: 'RCS' },
  fb: { kind: 'messenger', name: 'Messenger' },
  twr: { kind: 'dm', name: 'Microblog DMs' },
  alx: { kind: 'voice', name: 'Voice assistant' },
  wha: { kind: 'whatsapp', name: 'WhatsApp' },
  tlg: { kind: 'telegram', name: 'Telegram' },
};

function personName(human) {
  return [human.firstName, human.lastName].filter(Boolean).join(' ') || 'Human ' + human.id;
}

/** `send(frame)` puts a frame on the socket; `onClose()` is called when the person closes the phone. */
export function createPhone(info, send, onClose) {
  const type = CHANNEL_KINDS[info.channel.type] || { kind: 'sms', name: info.channel.type };
  const renderer = RENDERERS[type.kind];
  const conversationId = info.conversationId;
  const node = el('section', 'phone kind-' + type.kind);
  node.dataset.conversation = String(conversationId);
  node.setAttribute('aria-label', info.channel.name + ' — ' + personName(info.human));

  const top = el('header', 'phone-top');
  const titles = el('div', 'phone-titles');
  titles.appendChild(el('h2', 'phone-channel', info.channel.name));
  titles.appendChild(el('span', 'phone-kind', type.name + ' · ' + personName(info.human) + ' · ' + info.human.phone));
  top.appendChild(titles);
  const close = el('button', 'phone-close', '×');
  close.type = 'button';
  close.setAttribute('aria-label', 'Close this phone');
  close.addEventListener('click', () => onClose());
  top.appendChild(close);
  node.appendChild(top);

  // The live region wraps the list: role=log on the <ol> itself would orphan its items (axe: listitem).
  const threadBox = el('div', 'thread-box');
  threadBox.setAttribute('role', 'log');
  threadBox.setAttribute('aria-label', 'Messages');
  const thread = el('ol', 'thread');
  threadBox.appendChild(thread);
  node.appendChild(threadBox);
  const replies = el('div', 'replies');
  replies.setAttribute('role', 'group');
  replies.setAttribute('aria-label', 'Suggested replies');
  node.appendChild(replies);
  const status = el('p', 'phone-status');
  status.setAttribute('role', 'status');
  node.appendChild(status);

  const compose = el('form', 'compose');
  const input = el('input', 'compose-input');
  input.name = 'text';
  input.autocomplete = 'off';
  input.maxLength = 4096;
  input.placeholder = renderer.composeHint;
  input.setAttribute('aria-label', 'Reply');
  const sendButton = el('button', 'compose-send', 'Send');
  sendButton.type = 'submit';
  compose.appendChild(input);
  compose.appendChild(sendButton);
  node.appendChild(compose);

  const shown = new Set();

  function notice(text) {
    status.textContent = text;
  }

  const ctx = {
    tap(source, title, payload) {
      notice('');
      send({ type: 'tap', conversationId, id: uid(), source, title: title ?? null, payload: payload ?? null });
    },
    shareLocation() {
      const answer = prompt('Share a location: latitude, longitude', '48.8584, 2.2945');
      if (answer === null) return;
      const [latitude, longitude] = answer.split(',').map((part) => Number(part.trim()));
      if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return notice('A location is two numbers: latitude, longitude.');
      send({ type: 'location', conversationId, id: uid(), latitude, longitude });
    },
    notice,
  };

  compose.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text === '') return;
    notice('');
    send({ type: 'text', conversationId, id: uid(), text });
    input.value = '';
    input.focus();
  });

  function offer(list) {
    replies.replaceChildren();
    for (const r of list) {
      const node = chip(r.label, r.onTap, r.href);
      if (r.hint) node.title = r.hint;
      replies.appendChild(node);
    }
  }

  /** The answer a model is writing, shown until its message comes. */
  let draft = null;

  function showDraft(text) {
    if (draft === null) {
      draft = el('li', 'msg out draft');
      draft.setAttribute('aria-busy', 'true');
      draft.appendChild(el('div', 'bubble'));
      thread.appendChild(draft);
    }
    draft.firstChild.textContent = text;
    thread.scrollTop = thread.scrollHeight;
  }

  function add(message) {
    if (shown.has(message.id)) return;
    shown.add(message.id);
    if (message.direction === 'out' && draft !== null) {
      draft.remove();
      draft = null;
    }
    const item = el('li', 'msg ' + message.direction + (message.status === 'failed' ? ' failed' : ''));
    item.dataset.id = String(message.id);
    let offered = [];
    if (message.direction === 'in') {
      const bubble = el('div', 'bubble');
      bubble.textContent = message.location ? '📍 ' + message.location.latitude + ', ' + message.location.longitude : message.text ?? '';
      item.appendChild(bubble);
    } else if (message.view) {
      const drawn = renderer.renderOut(message.view, ctx);
      for (const part of drawn.nodes) item.appendChild(part);
      offered = drawn.replies;
    }
    if (message.status === 'failed' || (message.direction === 'out' && !message.view)) {
      item.appendChild(el('div', 'failure', 'Not delivered: ' + (message.failureReason || 'the channel cannot show it')));
    }
    thread.appendChild(item);
    // Suggestions belong to the newest message: anything after it (the person's answer too) takes them away.
    offer(message.direction === 'out' && message.status !== 'failed' ? offered : []);
    thread.scrollTop = thread.scrollHeight;
  }

  return {
    node,
    conversationId,
    /** The whole thread again (opening, reconnecting). */
    reset(messages) {
      shown.clear();
      thread.replaceChildren();
      offer([]);
      for (const m of messages) add(m);
    },
    add,
    draft: showDraft,
    notice,
  };
}
