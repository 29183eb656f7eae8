// The agent inbox: conversations (newest activity first, live over /v1/events, polled as a fallback), a transcript, take over, reply, note, hand back.
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { viewLines } from './channel-view.js';

type Conversation = { id: number; channelId: number; humanId: number; botEnabled: boolean; priority: string; dateUpdated: string };
type Message = { id: number; direction: string; author: string; status: string; failureReason: string | null; content: unknown; channelView?: unknown; dateCreated: string };
type Channel = { id: number; name: string; channelType: string };

/** Polling while the event socket is closed (it failed, or the server is another version); slower while it is open, for changes another server process made. */
const REFRESH_MS = 2000;
const REFRESH_LIVE_MS = 10_000;

interface Content { text?: string | null; media?: string | null | { url: string }[]; buttons?: { title: string | null }[]; quickReplies?: { title: string | null }[] }

function who(m: Message): string {
  if (m.direction === 'note') return 'Internal note';
  if (m.direction === 'in') return 'Human';
  return m.author === 'agent' ? 'Agent' : 'Bot';
}

function messageItem(m: Message): HTMLElement {
  // Outbound messages are shown as the channel's provider gets them, where the channel has such a rendering.
  const seen = m.channelView == null ? null : viewLines(m.channelView);
  if (seen !== null) {
    return h('li', { class: `msg ${m.direction} ${m.author}`, 'data-id': m.id },
      h('span', { class: 'who' }, who(m)),
      seen.texts.map((t) => h('p', { class: 'text' }, t)),
      seen.chips.length > 0 ? h('ul', { class: 'chips', 'aria-label': 'Options' }, seen.chips.map((t) => h('li', {}, t))) : null,
      h('small', { class: 'meta' }, dateText(m.dateCreated), ` · ${seen.note} · ${m.status}${m.failureReason ? `: ${m.failureReason}` : ''}`));
  }
  const c = (m.content ?? {}) as Content;
  const media = typeof c.media === 'string' ? [c.media] : Array.isArray(c.media) ? c.media.map((x) => x.url) : [];
  const chips = [...(c.buttons ?? []), ...(c.quickReplies ?? [])].map((b) => b.title).filter((t): t is string => t !== null);
  return h('li', { class: `msg ${m.direction} ${m.author}`, 'data-id': m.id },
    h('span', { class: 'who' }, who(m)),
    c.text ? h('p', { class: 'text' }, c.text) : null,
    media.map((url) => h('a', { href: url, rel: 'noreferrer noopener', target: '_blank' }, 'Media')),
    chips.length > 0 ? h('ul', { class: 'chips', 'aria-label': 'Buttons' }, chips.map((t) => h('li', {}, t))) : null,
    h('small', { class: 'meta' }, dateText(m.dateCreated), m.direction === 'out' ? ` · ${m.status}${m.failureReason ? `: ${m.failureReason}` : ''}` : ''));
}

export async function renderInbox(main: HTMLElement, args: string[]): Promise<() => void> {
  let selected = args[0] === undefined ? null : Number(args[0]);
  const channels = new Map<number, Channel>((await must(api.GET('/v1/channels'))).map((c) => [c.id, c as Channel]));
  const humanNames = new Map<number, string>();
  const list = h('ul', { class: 'conversation-list', 'aria-label': 'Conversations' });
  const panel = h('section', { class: 'transcript-panel', 'aria-label': 'Conversation' });
  const show = h('select', { name: 'show' }, h('option', { value: 'all' }, 'All conversations'), h('option', { value: 'agent' }, 'With an agent'), h('option', { value: 'bot' }, 'With the bot'));
  show.addEventListener('change', () => {
    lastList = '';
    void tick();
  });
  replace(main, h('h1', {}, 'Inbox'), h('div', { class: 'inbox' }, h('div', { class: 'list-pane' }, field('Show', show), list), panel));
  let lastList = '';
  let lastMessages = '';
  let current: Conversation | null = null;

  async function humanName(id: number): Promise<string> {
    if (!humanNames.has(id)) {
      const { data } = await api.GET('/v1/humans/{human_id}', { params: { path: { human_id: id } } });
      const name = [data?.firstName, data?.lastName].filter(Boolean).join(' ') || data?.phone || data?.email || `Human ${id}`;
      humanNames.set(id, name);
    }
    return humanNames.get(id)!;
  }

  async function refreshList(): Promise<void> {
    const { conversations } = await must(api.GET('/v1/conversations', { params: { query: { limit: 200, order: 'recent' } } }));
    const shown = conversations.filter((c) => show.value === 'all' || (show.value === 'agent') === !c.botEnabled);
    // The server sends the latest activity first; seconds-equal dates keep its order.
    const sorted = shown;
    const key = JSON.stringify(sorted.map((c) => [c.id, c.botEnabled, c.dateUpdated, c.id === selected]));
    if (key === lastList) return;
    lastList = key;
    const items = await Promise.all(sorted.map(async (c) => {
      const channel = channels.get(c.channelId);
      return h('li', {}, h('a', { href: `#/inbox/${c.id}`, class: 'conversation', 'aria-current': c.id === selected ? 'true' : null, 'data-id': c.id },
        h('strong', {}, await humanName(c.humanId)),
        h('span', {}, `${channel?.name ?? `channel ${c.channelId}`} (${channel?.channelType ?? '?'})`),
        h('span', { class: c.botEnabled ? 'badge bot' : 'badge agent' }, c.botEnabled ? 'Bot' : 'Agent'),
        h('small', {}, dateText(c.dateUpdated))));
    }));
    replace(list, items.length > 0 ? items : h('li', { class: 'empty' }, 'No conversations yet.'));
  }

  const log = h('ol', { class: 'transcript', role: 'log', 'aria-live': 'polite', 'aria-label': 'Transcript', tabindex: 0 });
  const state = h('p', { class: 'state' });
  const toggle = h('button', { type: 'button', class: 'take-over' });
  const error = errorBox();
  const replyText = h('textarea', { name: 'reply', rows: 3, maxlength: 3072, required: true });
  const replyChips = h('input', { name: 'quickReplies', maxlength: 300 });
  const replyForm = h('form', { class: 'reply' }, field('Reply to the human', replyText, 'Sent through the channel as the agent.'),
    field('Quick replies', replyChips, 'Optional, comma-separated: offered as buttons where the channel shows them.'), h('button', { type: 'submit' }, 'Send reply'));
  const noteText = h('input', { type: 'text', name: 'note', maxlength: 3072, required: true });
  const noteForm = h('form', { class: 'note' }, field('Internal note', noteText, 'Only people of this account see it.'), h('button', { type: 'submit' }, 'Add note'));

  const attributes = h('details', { class: 'attributes' });
  let lastAttributes = '';

  async function refreshTranscript(): Promise<void> {
    if (selected === null) {
      replace(panel, h('p', { class: 'empty' }, 'Pick a conversation.'));
      return;
    }
    const id = selected;
    if (!panel.contains(log)) replace(panel, h('h2', {}, `Conversation ${id}`), state, toggle, log, error, replyForm, noteForm, attributes);
    const [conversation, page] = await Promise.all([
      must(api.GET('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: id } } })),
      must(api.GET('/v1/conversations/{conversation_id}/messages', { params: { path: { conversation_id: id }, query: { limit: 500, channel_view: true } } })),
    ]);
    current = conversation;
    const attrs = await must(api.GET('/v1/conversations/{conversation_id}/attributes', { params: { path: { conversation_id: id } } }));
    const attrKey = JSON.stringify(attrs);
    if (attrKey !== lastAttributes) {
      lastAttributes = attrKey;
      const entries = Object.entries(attrs);
      replace(attributes, h('summary', {}, `Attributes (${entries.length})`),
        entries.length === 0 ? h('p', { class: 'empty' }, 'None stored.') : h('dl', { class: 'counts' }, entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
    }
    state.textContent = conversation.botEnabled ? 'The bot answers this conversation.' : 'An agent has this conversation: the bot is paused.';
    toggle.textContent = conversation.botEnabled ? 'Take over' : 'Hand back to the bot';
    const key = JSON.stringify(page.messages.map((m) => [m.id, m.status]));
    if (key === lastMessages) return;
    const fresh = lastMessages !== '';
    lastMessages = key;
    replace(log, page.messages.map((m) => messageItem(m)));
    log.scrollTop = log.scrollHeight;
    const newest = page.messages[page.messages.length - 1];
    if (fresh && newest !== undefined && newest.direction === 'in') announce(`New message: ${String((newest.content as Content).text ?? '')}`);
  }

  toggle.addEventListener('click', () => void (async () => {
    if (current === null) return;
    try {
      await must(api.PATCH('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: current.id } }, body: { botEnabled: !current.botEnabled } }));
      error.show(null);
      announce(current.botEnabled ? 'You took the conversation over.' : 'Handed back to the bot.');
      await tick();
    } catch (e) {
      error.show(problemText(e));
    }
  })());

  replyForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (current === null) return;
      try {
        await must(api.POST('/v1/conversations/{conversation_id}/messages', { params: { path: { conversation_id: current.id } }, body: {
          text: replyText.value, quickReplies: replyChips.value.split(',').map((t) => t.trim()).filter(Boolean).map((title) => ({ title })),
        } }));
        replyText.value = '';
        replyChips.value = '';
        error.show(null);
        announce('Reply sent.');
        await tick();
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  noteForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (current === null) return;
      try {
        await must(api.POST('/v1/conversations/{conversation_id}/notes', { params: { path: { conversation_id: current.id } }, body: { text: noteText.value } }));
        noteText.value = '';
        error.show(null);
        announce('Note added.');
        await tick();
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  // One refresh at a time; a notice that comes meanwhile asks for one more after it.
  let running = false;
  let again = false;
  async function tick(): Promise<void> {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        await Promise.all([refreshList(), refreshTranscript()]);
      } while (again);
    } catch (e) {
      error.show(problemText(e));
    } finally {
      running = false;
    }
  }
  await tick();
  let live = false;
  let last = Date.now();
  let socket: WebSocket | null = null;
  let stopped = false;
  const connect = () => {
    socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/v1/events`);
    socket.addEventListener('open', () => { live = true; });
    socket.addEventListener('message', (event) => {
      const frame = JSON.parse(String(event.data)) as { type: string };
      if (frame.type === 'conversation') {
        last = Date.now();
        void tick();
      }
    });
    socket.addEventListener('close', () => {
      live = false;
      if (!stopped) setTimeout(connect, 5000);
    });
  };
  connect();
  const timer = setInterval(() => {
    if (!live || Date.now() - last >= REFRESH_LIVE_MS) {
      last = Date.now();
      void tick();
    }
  }, REFRESH_MS);
  return () => {
    stopped = true;
    clearInterval(timer);
    socket?.close();
  };
}
