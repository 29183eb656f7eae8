// Parley sandbox page: the token, the account's sandbox channels and humans, and a phone per human and channel, kept live over a WebSocket.
import { el } from '/chat/assets/dom.js';
import { connect, request, token } from './api.js';
import { CHANNEL_KINDS, createPhone } from './phone.js';

const PHONES_KEY = 'parley.sandbox.phones';

const signIn = document.querySelector('.sign-in');
const signInError = signIn.querySelector('.error');
const controls = document.querySelector('.controls');
const openForm = document.querySelector('.open-phone');
const channelSelect = openForm.querySelector('select[name=channel]');
const humanSelect = openForm.querySelector('select[name=human]');
const humanForm = document.querySelector('.new-human');
const notice = document.querySelector('.notice');
const others = document.querySelector('.other-channels');
const phonesArea = document.querySelector('.phones');
const accountLine = document.querySelector('.account');
const signOut = document.querySelector('.sign-out');

let socket = null;
/** Phones on the page by conversation id, and what opened them (kept in this tab, so a reload opens them again). */
const phones = new Map();
let wanted = loadWanted();

function loadWanted() {
  try { return JSON.parse(sessionStorage.getItem(PHONES_KEY) || '[]'); } catch { return []; }
}

function saveWanted() {
  try { sessionStorage.setItem(PHONES_KEY, JSON.stringify(wanted)); } catch { /* this tab only forgets them */ }
}

function say(text) {
  notice.textContent = text;
}

function personLabel(h) {
  const name = [h.firstName, h.lastName].filter(Boolean).join(' ') || 'Human ' + h.id;
  return h.phone ? name + ' · ' + h.phone : name + ' · no phone number';
}

async function loadChannels() {
  const { channels } = await request('GET', '/sandbox/channels');
  channelSelect.replaceChildren();
  others.replaceChildren();
  for (const c of channels) {
    const kind = CHANNEL_KINDS[c.channelType];
    if (c.sandbox) {
      const option = el('option', null, c.name + ' — ' + (kind ? kind.name : c.channelType));
      option.value = String(c.id);
      channelSelect.appendChild(option);
    } else if (c.chatUrl) {
      const item = el('li', null, 'Web chat “' + c.name + '”: ');
      const link = el('a', null, 'open its page');
      link.href = c.chatUrl;
      link.target = '_blank';
      link.rel = 'noopener';
      item.appendChild(link);
      others.appendChild(item);
    } else {
      others.appendChild(el('li', null, (kind ? kind.name : c.channelType) + ' “' + c.name + '” goes to its provider; set its token to "sandbox" to try it here.'));
    }
  }
  if (preferredChannel !== null && [...channelSelect.options].some((o) => o.value === preferredChannel)) channelSelect.value = preferredChannel;
  if (channelSelect.options.length === 0) say('This account has no sandbox channel yet: create one with the token "sandbox" (docs/sandbox.md).');
}

async function loadHumans(selectId) {
  const { humans } = await request('GET', '/v1/humans?limit=500');
  humanSelect.replaceChildren();
  // Those with a phone number first (a phone needs one), the others listed but not to be picked.
  const ordered = [...humans.filter((h) => h.phone), ...humans.filter((h) => !h.phone)];
  for (const h of ordered) {
    const option = el('option', null, personLabel(h));
    option.value = String(h.id);
    option.disabled = !h.phone;
    humanSelect.appendChild(option);
  }
  const first = ordered.find((h) => h.phone);
  const chosen = selectId !== undefined ? selectId : first && first.id;
  humanSelect.value = chosen === undefined ? '' : String(chosen);
}

function suggestPhone() {
  // 555-0100 to 555-0199: numbers set aside for fiction, valid in form, never anyone's.
  humanForm.elements.phone.value = '+1202555' + '01' + String(Math.floor(Math.random() * 100)).padStart(2, '0');
}

function openPhone(channelId, humanId) {
  if (!wanted.some((w) => w.channelId === channelId && w.humanId === humanId)) {
    wanted.push({ channelId, humanId });
    saveWanted();
  }
  socket.send({ type: 'open', channelId, humanId });
}

function closePhone(conversationId) {
  const phone = phones.get(conversationId);
  if (!phone) return;
  phones.delete(conversationId);
  phone.node.remove();
  wanted = wanted.filter((w) => !(w.channelId === phone.channelId && w.humanId === phone.humanId));
  saveWanted();
  socket.send({ type: 'close', conversationId });
}

function onFrame(frame) {
  if (frame.type === 'phone') {
    const info = frame.phone;
    let phone = phones.get(info.conversationId);
    if (!phone) {
      phone = createPhone(info, (f) => socket.send(f), () => closePhone(info.conversationId));
      phone.channelId = info.channel.id;
      phone.humanId = info.human.id;
      phones.set(info.conversationId, phone);
      phonesArea.appendChild(phone.node);
    }
    phone.reset(frame.messages);
    return;
  }
  if (frame.type === 'message') {
    phones.get(frame.conversationId)?.add(frame.message);
    return;
  }
  if (frame.type === 'draft' && typeof frame.text === 'string') {
    phones.get(frame.conversationId)?.draft(frame.text);
    return;
  }
  if (frame.type === 'error') {
    if (frame.status === 401) return leave(frame.description);
    const phone = frame.conversationId === undefined ? undefined : phones.get(frame.conversationId);
    if (phone) return phone.notice(frame.description);
    if (frame.channelId !== undefined) {
      // A phone that cannot open (any more) is not opened again on the next reload.
      wanted = wanted.filter((w) => !(w.channelId === frame.channelId && w.humanId === frame.humanId));
      saveWanted();
    }
    say(frame.description);
  }
}

function start() {
  signIn.hidden = true;
  controls.hidden = false;
  signOut.hidden = false;
  suggestPhone();
  socket = connect({
    onReady(frame) {
      accountLine.textContent = 'Account ' + frame.accountId;
      // On every (re)connection: the phones this tab had open, from the server's copy of their threads.
      for (const w of wanted) socket.send({ type: 'open', channelId: w.channelId, humanId: w.humanId });
    },
    onFrame,
    onDown() {
      accountLine.textContent = 'Reconnecting…';
    },
  });
  Promise.all([loadChannels(), loadHumans()]).catch((err) => (err.status === 401 ? leave(err.message) : say(err.message)));
}

function leave(why) {
  socket?.stop();
  socket = null;
  token.clear();
  for (const phone of phones.values()) phone.node.remove();
  phones.clear();
  controls.hidden = true;
  signOut.hidden = true;
  accountLine.textContent = '';
  signIn.hidden = false;
  signInError.textContent = why || '';
}

signIn.addEventListener('submit', (event) => {
  event.preventDefault();
  const value = signIn.elements.token.value.trim();
  if (value === '') return;
  token.set(value);
  signIn.elements.token.value = '';
  start();
});

openForm.addEventListener('submit', (event) => {
  event.preventDefault();
  say('');
  if (channelSelect.value === '' || humanSelect.value === '') return say('Pick a channel and a human with a phone number.');
  openPhone(Number(channelSelect.value), Number(humanSelect.value));
});

humanForm.addEventListener('submit', async (event) => {
  event.preventDefault();
  say('');
  try {
    const human = await request('POST', '/v1/humans', { firstName: humanForm.elements.firstName.value || null, phone: humanForm.elements.phone.value, tags: ['sandbox'] });
    await loadHumans(human.id);
    suggestPhone();
    say('Created ' + personLabel(human) + '.');
  } catch (err) {
    say(err.message);
  }
});

signOut.addEventListener('click', () => {
  wanted = [];
  saveWanted();
  leave('');
});

/** The channel the console asked for (framed beside its bot editor), chosen once the channels are loaded. */
let preferredChannel = null;

// Framed by the console (same origin only: the page refuses other framers, frame-ancestors 'self'): the console hands
// over a short-lived token of the signed-in member and the channel to try, so nobody pastes a token.
if (window.parent !== window) {
  window.addEventListener('message', (event) => {
    if (event.origin !== location.origin || event.source !== window.parent) return;
    const data = event.data;
    if (!data || data.type !== 'parley.sandbox.try' || typeof data.token !== 'string') return;
    preferredChannel = typeof data.channelId === 'number' ? String(data.channelId) : null;
    socket?.stop();
    socket = null;
    token.set(data.token);
    start();
  });
  window.parent.postMessage({ type: 'parley.sandbox.ready' }, location.origin);
}

if (token.get()) start();
else signIn.hidden = false;
