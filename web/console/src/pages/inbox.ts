// The inbox a support team works from: conversations by latest activity with their last message, unread count, status,
// assignee and "wants a person" flag; filters (status, assignee, channel, flagged) and search; one conversation beside
// with its contact. Kept live by the account's event socket (GET /v1/events), polled as a fallback.
import { api, must, problemText } from '../api.js';
import { typeLabel } from '../channel-forms.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { can, me } from '../me.js';
import { conversationPanel, type InboxEntry, type Member, memberLabel } from './conversation-panel.js';

/** Polling while the event socket is closed (it failed, or the server is another version); slower while it is open, for changes another server process made. */
const REFRESH_MS = 2000;
const REFRESH_LIVE_MS = 10_000;
const PAGE = 50;

type Item = InboxEntry & {
  conversation: InboxEntry['conversation'] & { dateLastActivity: string | null; priority: string };
  lastMessage: { author: string; authorName: string | null; direction: string; preview: string; dateCreated: string } | null;
  unread: number;
};

/** The filters, kept while the console is open: choosing a conversation draws the page again with them. */
const remembered = { status: 'open', assignee: '', channel: '', flagged: false, q: '' };

function lastLine(item: Item): string {
  const m = item.lastMessage;
  if (m === null) return 'No message yet.';
  const by = m.direction === 'note' ? `Note by ${m.authorName ?? 'a person'}: ` : m.direction === 'in' ? '' : m.author === 'agent' ? `${m.authorName ?? 'Agent'}: ` : 'Bot: ';
  return `${by}${m.preview}`;
}

export async function renderInbox(main: HTMLElement, args: string[]): Promise<() => void> {
  const selected = args[0] === undefined ? null : Number(args[0]);
  const [channels, members] = await Promise.all([
    must(api.GET('/v1/channels')),
    can('members:read') ? must(api.GET('/v1/members')) as Promise<Member[]> : Promise.resolve([] as Member[]),
  ]);
  const error = errorBox();

  // The filters: what a support team narrows the inbox by. Status defaults to open.
  const status = h('select', { name: 'status' }, h('option', { value: 'open' }, 'Open'), h('option', { value: 'pending' }, 'Pending'),
    h('option', { value: 'resolved' }, 'Resolved'), h('option', { value: '' }, 'Any status'));
  const assignee = h('select', { name: 'assignee' }, h('option', { value: '' }, 'Anyone'),
    me().memberId === null ? null : h('option', { value: 'me' }, 'Me'), h('option', { value: 'none' }, 'Nobody'),
    members.filter((m) => m.id !== me().memberId && m.status === 'active').map((m) => h('option', { value: String(m.id) }, memberLabel(m))));
  const channel = h('select', { name: 'channel' }, h('option', { value: '' }, 'Every channel'),
    channels.map((c) => h('option', { value: String(c.id) }, `${c.name} · ${typeLabel(c.channelType)}`)));
  const flagged = h('input', { type: 'checkbox', name: 'wantsPerson' });
  const search = h('input', { type: 'search', name: 'q', maxlength: 200, placeholder: 'Name, e-mail, phone or words' });
  const counts = h('p', { class: 'hint counts-line', 'aria-live': 'polite' });
  const filters = h('form', { class: 'row filters', role: 'search', 'aria-label': 'Filter the inbox' },
    field('Status', status), field('Assigned to', assignee), field('Channel', channel), field('Search', search),
    h('label', { class: 'check' }, flagged, ' Waiting for a person only'), h('button', { type: 'submit' }, 'Search'));

  status.value = remembered.status;
  assignee.value = remembered.assignee;
  channel.value = remembered.channel;
  flagged.checked = remembered.flagged;
  search.value = remembered.q;
  const remember = () => Object.assign(remembered, { status: status.value, assignee: assignee.value, channel: channel.value, flagged: flagged.checked, q: search.value });

  const list = h('ul', { class: 'conversation-list', 'aria-label': 'Conversations' });
  const more = h('div');
  let shown: Item[] = [];
  let cursor: string | null = null;
  let lastList = '';

  const panel = conversationPanel(members, async () => {
    lastList = '';
    await tick();
  });

  function query(): Record<string, string | number | boolean> {
    return {
      limit: PAGE, ...(status.value === '' ? {} : { status: status.value }), ...(assignee.value === '' ? {} : { assignee: assignee.value }),
      ...(channel.value === '' ? {} : { channel_id: Number(channel.value) }), ...(flagged.checked ? { wants_person: true } : {}),
      ...(search.value.trim() === '' ? {} : { q: search.value.trim() }),
    };
  }

  function itemNode(c: Item): HTMLElement {
    const badges = [
      c.unread > 0 ? h('span', { class: 'badge unread' }, c.unread > 99 ? '99+ unread' : `${c.unread} unread`) : null,
      c.conversation.wantsPerson ? h('span', { class: 'badge wants' }, 'Wants a person') : null,
      h('span', { class: c.conversation.botEnabled ? 'badge bot' : 'badge agent' }, c.conversation.botEnabled ? 'Bot' : 'Person'),
      c.conversation.status === 'open' ? null : h('span', { class: 'badge' }, c.conversation.status),
    ];
    const who = members.find((m) => m.id === c.conversation.assigneeId);
    return h('li', {}, h('a', { href: `#/inbox/${c.conversation.id}`, class: `conversation${c.unread > 0 ? ' has-unread' : ''}`, 'aria-current': c.conversation.id === selected ? 'true' : null, 'data-id': c.conversation.id },
      h('span', { class: 'line' }, h('strong', {}, c.human.name), h('small', {}, c.conversation.dateLastActivity === null ? '' : dateText(c.conversation.dateLastActivity))),
      h('span', { class: 'preview' }, lastLine(c)),
      h('span', { class: 'line meta' }, `${c.channel.name} · ${typeLabel(c.channel.channelType)}${who === undefined ? '' : ` · ${memberLabel(who)}`}`),
      h('span', { class: 'badges' }, badges)));
  }

  async function refreshList(): Promise<void> {
    const [page, summary] = await Promise.all([
      must(api.GET('/v1/inbox', { params: { query: query() as never } })),
      must(api.GET('/v1/inbox/summary')),
    ]);
    shown = page.conversations as Item[];
    cursor = page.nextCursor;
    counts.textContent = `${summary.open} open · ${summary.pending} pending · ${summary.wantsPerson} waiting for a person`
      + `${me().memberId === null ? '' : ` · ${summary.mine} mine`} · ${summary.unassigned} unassigned`;
    const key = JSON.stringify([shown.map((c) => [c.conversation, c.unread, c.lastMessage?.preview]), selected, cursor]);
    if (key === lastList) return;
    lastList = key;
    const empty = status.value === 'open' && assignee.value === '' && channel.value === '' && !flagged.checked && search.value.trim() === '';
    replace(list, shown.length > 0 ? shown.map(itemNode) : h('li', { class: 'empty' }, empty
      ? 'No open conversations. When someone writes on a channel, the conversation shows here. Put web chat on your site (Channels), or try a bot from its page (Bots → Try it).'
      : 'No conversation matches.'));
    replace(more, cursor === null ? null : h('button', { type: 'button', onclick: () => void older() }, 'Older conversations'));
  }

  async function older(): Promise<void> {
    if (cursor === null) return;
    const page = await must(api.GET('/v1/inbox', { params: { query: { ...query(), cursor } as never } }));
    const next = page.conversations as Item[];
    shown = [...shown, ...next];
    cursor = page.nextCursor;
    list.append(...next.map(itemNode));
    replace(more, cursor === null ? null : h('button', { type: 'button', onclick: () => void older() }, 'Older conversations'));
    announce(`${next.length} older conversations shown.`);
  }

  /** The selected conversation, from the list or (filtered out of it) read on its own. */
  async function selectedEntry(): Promise<InboxEntry | null> {
    if (selected === null) return null;
    const listed = shown.find((c) => c.conversation.id === selected);
    if (listed !== undefined) return listed;
    const conversation = await must(api.GET('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: selected } } }));
    const human = can('humans:read') ? (await api.GET('/v1/humans/{human_id}', { params: { path: { human_id: conversation.humanId } } })).data : undefined;
    const ch = channels.find((c) => c.id === conversation.channelId);
    return {
      conversation,
      human: { id: conversation.humanId, name: [human?.firstName, human?.lastName].filter(Boolean).join(' ') || human?.phone || human?.email || `Human ${conversation.humanId}`, email: human?.email ?? null, phone: human?.phone ?? null },
      channel: { id: conversation.channelId, name: ch?.name ?? `channel ${conversation.channelId}`, channelType: ch?.channelType ?? '' },
    };
  }

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
        await refreshList();
        panel.show(await selectedEntry());
        // What was just marked read leaves the list's unread counts: read the list again.
        if (await panel.refresh()) again = true;
        error.show(null);
      } while (again);
    } catch (e) {
      error.show(problemText(e));
    } finally {
      running = false;
    }
  }

  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    remember();
    lastList = '';
    void tick().then(() => announce(`${shown.length} conversation${shown.length === 1 ? '' : 's'} shown.`));
  });
  for (const control of [status, assignee, channel, flagged]) {
    control.addEventListener('change', () => {
      remember();
      lastList = '';
      void tick();
    });
  }

  replace(main, h('h1', {}, 'Inbox'), filters, counts, error,
    h('div', { class: 'inbox' }, h('div', { class: 'list-pane' }, list, more), panel.panel, panel.contact));
  await tick();
  // A conversation chosen from the list: the keyboard goes on from its heading (unless it went somewhere meanwhile).
  const focused = document.activeElement;
  if (selected !== null && (focused === null || focused === document.body || focused === main)) panel.focusTitle();

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
  // Coming back to the tab: what was shown while it was hidden is read now.
  const visible = () => { if (document.visibilityState === 'visible') void tick(); };
  document.addEventListener('visibilitychange', visible);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener('visibilitychange', visible);
    socket?.close();
  };
}
