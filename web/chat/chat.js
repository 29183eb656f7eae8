// Parley web chat widget: speaks the WebSocket protocol of docs/web-chat.md; plain modules, no framework, no innerHTML of content.
import { buttonNode } from './buttons.js';
import { el, storage, uid } from './dom.js';
import { renderForm } from './form.js';
import { renderMessage } from './render.js';

const root = document.querySelector('.chat');
const channelId = root.dataset.channel;
const log = root.querySelector('.chat-log');
const replies = root.querySelector('.chat-replies');
const typing = root.querySelector('.chat-typing');
const statusLine = root.querySelector('.chat-status');
const compose = root.querySelector('.chat-compose');
const input = root.querySelector('.chat-input');
const store = storage();
const visitorKey = 'parley.visitor.' + channelId;

/** The server refuses frames over 64 KiB by closing the socket; a frame that big is refused here instead of sent again and again. */
const MAX_FRAME = 60 * 1024;
const TYPING_MAX_MS = 30_000;
const RETRY_FIRST_MS = 500;
/** A frame the server refused for coming too fast is sent again after this long. */
const REFUSED_RETRY_MS = 2000;
const RETRY_MAX_MS = 15_000;

let socket = null;
let welcomed = false;
let retryMs = RETRY_FIRST_MS;
let retryTimer = null;
let typingTimer = null;
let statusTimer = null;
/** Frames not acknowledged yet, in the order typed: sent again after a reconnect (the server counts each id once). */
const unacked = [];
const shown = new Set();
/** Form controllers by token, and the form frames still waiting for their ack (frame id → the token, and `messages` then). */
const forms = new Map();
const formsInFlight = new Map();
/** Message frames received so far: tells whether the server said anything of the forms while one was in flight. */
let messages = 0;
/** The forms the conversation accepts, as of the last frame that said; null until one has. */
let openForms = null;
/** The newest visible message, whose quick replies are offered while nothing came after it. */
let newest = null;

function setStatus(text, clearAfterMs) {
  clearTimeout(statusTimer);
  statusLine.textContent = text;
  if (clearAfterMs) statusTimer = setTimeout(() => { statusLine.textContent = ''; }, clearAfterMs);
}

function setTyping(on) {
  clearTimeout(typingTimer);
  typing.hidden = !on;
  // Should the "done" signal be lost (a process died mid-run), the dots do not stay forever.
  if (on) typingTimer = setTimeout(() => { typing.hidden = true; }, TYPING_MAX_MS);
  if (on) scrollDown(false);
}

/** The answer a model is writing, shown as it comes (a `draft` frame) until the message itself arrives. */
let draft = null;

function showDraft(text) {
  const stick = nearBottom();
  if (draft === null) {
    draft = el('li', 'msg out draft');
    draft.setAttribute('aria-busy', 'true');
    log.appendChild(draft);
  }
  draft.textContent = text;
  typing.hidden = true;
  scrollDown(stick);
}

function dropDraft() {
  if (draft !== null) draft.remove();
  draft = null;
}

function nearBottom() {
  return log.scrollHeight - log.scrollTop - log.clientHeight < 80;
}

function scrollDown(force) {
  if (force || nearBottom()) log.scrollTop = log.scrollHeight;
}

function transmit(frame) {
  if (welcomed && socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
}

/** Sends a frame now if connected, else after the next welcome; false when it is too large to ever be taken. */
function send(frame) {
  if (new TextEncoder().encode(JSON.stringify(frame)).length > MAX_FRAME) {
    setStatus('That is too long to send.', 8000);
    return false;
  }
  unacked.push(frame);
  transmit(frame);
  return true;
}

function clearReplies() {
  replies.replaceChildren();
  replies.dataset.for = '';
}

/** Quick replies belong to the newest message: shown while it is the bot's and nothing is being sent. */
function refreshReplies() {
  const sending = log.querySelector('.msg.pending') !== null;
  const offer = newest && newest.direction === 'out' && !sending && Array.isArray(newest.quickReplies) ? newest.quickReplies : [];
  if (offer.length === 0) { clearReplies(); return; }
  if (replies.dataset.for === String(newest.id)) return;
  replies.replaceChildren(...offer.map((q) => buttonChip(q)));
  replies.dataset.for = String(newest.id);
}

function buttonChip(q) {
  return buttonNode(q, 'chip', act);
}

/** Shows what the visitor sent at once, marked as sending, until the server's copy replaces it. */
function say(frame, text) {
  if (!send(frame)) return;
  const item = el('li', 'msg in pending');
  item.dataset.clientId = frame.id;
  const bubble = el('div', 'bubble', text);
  bubble.appendChild(el('span', 'sr-only', ' (sending)'));
  item.appendChild(bubble);
  log.appendChild(item);
  clearReplies();
  scrollDown(true);
}

/**
 * After a click on something that goes away (a quick reply, a sent form), the focus goes back to the message box, not to
 * the page's start; not on touch screens, where that would pop the keyboard up.
 */
function refocus() {
  if (!matchMedia('(pointer: coarse)').matches) input.focus();
}

const act = {
  postback(title, payload) {
    say({ type: 'postback', id: uid(), payload, title }, title);
    refocus();
  },
  location(latitude, longitude) {
    say({ type: 'location', id: uid(), latitude, longitude }, `📍 ${latitude}, ${longitude}`);
    refocus();
  },
  notice(text) {
    setStatus(text, 8000);
  },
  form(spec) {
    const controller = renderForm(spec, (action, values) => {
      const id = uid();
      formsInFlight.set(id, { token: spec.token, at: messages });
      if (!send({ type: 'form', id, token: spec.token, action, values })) {
        formsInFlight.delete(id);
        controller.setState('open');
        return;
      }
      refocus();
    });
    // The bot shows a form again when it refused what was sent: the new one starts from what was typed, the old one folds away.
    const previous = forms.get(spec.token);
    if (previous) {
      controller.fill(previous.values());
      previous.setState('closed', 'Sent again below.');
    }
    forms.set(spec.token, controller);
    controller.setState(openForms === null || openForms.has(spec.token) ? 'open' : 'closed');
    return controller.node;
  },
};

/** What the server says of the forms: open ones can be filled (again), others are closed. A form whose frame is still unacknowledged keeps its state. */
function applyOpenForms(tokens) {
  openForms = new Set(tokens);
  const inFlight = new Set(Array.from(formsInFlight.values(), (f) => f.token));
  for (const [token, controller] of forms) {
    if (inFlight.has(token)) continue;
    if (openForms.has(token)) {
      if (controller.state !== 'open') controller.setState('open');
    } else if (controller.state === 'open') {
      controller.setState('closed');
    }
  }
}

function insertSorted(item, id) {
  // History and live pushes may cross: the log stays in id order, with what is still being sent last.
  const after = Array.prototype.find.call(log.children, (li) => li.dataset.id === undefined || Number(li.dataset.id) > id);
  log.insertBefore(item, after || null);
}

function render(m) {
  if (shown.has(m.id)) return;
  shown.add(m.id);
  const stick = nearBottom();
  if (m.direction === 'in' && m.clientId) {
    for (const li of log.querySelectorAll('.msg.pending')) if (li.dataset.clientId === m.clientId) li.remove();
  }
  const item = renderMessage(m, act);
  if (item !== null) {
    item.dataset.id = String(m.id);
    insertSorted(item, m.id);
    if (!newest || m.id > newest.id) newest = m;
  }
  if (m.direction === 'out') { setTyping(false); dropDraft(); }
  refreshReplies();
  scrollDown(stick);
}

function onFrame(frame) {
  if (frame.type === 'welcome') {
    welcomed = true;
    retryMs = RETRY_FIRST_MS;
    setStatus('');
    store.set(visitorKey, frame.visitor);
    if (Array.isArray(frame.openForms)) openForms = new Set(frame.openForms);
    for (const m of frame.history) render(m);
    if (Array.isArray(frame.openForms)) applyOpenForms(frame.openForms);
    for (const f of unacked) transmit(f);
  } else if (frame.type === 'message') {
    messages += 1;
    if (Array.isArray(frame.openForms)) openForms = new Set(frame.openForms);
    render(frame.message);
    if (Array.isArray(frame.openForms)) applyOpenForms(frame.openForms);
  } else if (frame.type === 'ack') {
    const at = unacked.findIndex((f) => f.id === frame.id);
    if (at >= 0) unacked.splice(at, 1);
    const form = formsInFlight.get(frame.id);
    formsInFlight.delete(frame.id);
    // The bot may have answered (a refusal keeps the form open) before the ack came: what it said then holds.
    if (form && messages > form.at && openForms !== null) applyOpenForms([...openForms]);
  } else if (frame.type === 'typing') {
    setTyping(frame.on === true);
  } else if (frame.type === 'draft' && typeof frame.text === 'string') {
    showDraft(frame.text);
  } else if (frame.type === 'error') {
    setStatus(frame.description, 8000);
    // A frame refused for coming too fast is still unacknowledged: it goes again after a pause (a reconnect sends it too).
    if (frame.retry === true && typeof frame.id === 'string') {
      setTimeout(() => { const again = unacked.find((f) => f.id === frame.id); if (again) transmit(again); }, REFUSED_RETRY_MS);
    }
  }
}

function connect() {
  clearTimeout(retryTimer);
  retryTimer = null;
  welcomed = false;
  setStatus('Connecting…');
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/chat/${encodeURIComponent(channelId)}/ws`);
  socket = ws;
  ws.addEventListener('open', () => ws.send(JSON.stringify({ type: 'hello', visitor: store.get(visitorKey) })));
  ws.addEventListener('message', (e) => {
    let frame;
    try { frame = JSON.parse(e.data); } catch { return; }
    if (frame && typeof frame.type === 'string') onFrame(frame);
  });
  ws.addEventListener('close', (e) => {
    if (socket !== ws) return;
    welcomed = false;
    setTyping(false);
    if (e.code === 4404) { setStatus('This chat is not available.'); return; }
    // Exponential backoff with jitter, so a restarted server is not hit by every widget at the same instant.
    const delay = Math.round(retryMs * (0.8 + Math.random() * 0.4));
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
    setStatus(`Reconnecting in ${Math.max(1, Math.round(delay / 1000))} s…`);
    retryTimer = setTimeout(connect, delay);
  });
}

compose.addEventListener('submit', (e) => {
  e.preventDefault();
  const text = input.value.trim();
  if (!text) return;
  input.value = '';
  say({ type: 'message', id: uid(), text }, text);
  input.focus();
});

// Back online, or the tab shown again: no need to wait out the backoff.
const reconnectNow = () => { if (socket && socket.readyState === WebSocket.CLOSED && retryTimer !== null) connect(); };
window.addEventListener('online', reconnectNow);
document.addEventListener('visibilitychange', () => { if (document.visibilityState === 'visible') reconnectNow(); });

// In the iframe of embed.js, opened by a click on its button: ready to type; Escape closes it (the page around cannot hear keys pressed here).
if (window.parent !== window) {
  input.focus();
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape') window.parent.postMessage({ parley: 'close' }, '*'); });
}

connect();
