// One conversation in the inbox: its state and the controls a role that answers has (take over, hand back, assign, resolve,
// mark pending, reopen), the transcript marked read as it is seen, the reply box and notes, and the contact beside it.
import { api, must, problemText } from '../api.js';
import { typeLabel } from '../channel-forms.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { can, me } from '../me.js';
import { replyBox } from './reply-box.js';
import { type Message, messageItem, textOf } from './transcript.js';

export interface InboxEntry {
  conversation: { id: number; channelId: number; humanId: number; botEnabled: boolean; status: string; assigneeId: number | null; wantsPerson: boolean };
  human: { id: number; name: string; email: string | null; phone: string | null };
  channel: { id: number; name: string; channelType: string };
}

export interface Member { id: number; name: string | null; email: string; role: string; status: string }

const ANSWERING_ROLES = new Set(['owner', 'admin', 'agent']);

export function memberLabel(m: Pick<Member, 'name' | 'email'>): string {
  return m.name ?? m.email;
}

/** The panel; `show(entry)` points it at a conversation (or none), `refresh()` reads it again. */
export function conversationPanel(members: readonly Member[], changed: () => Promise<void>) {
  const writable = can('conversations:write');
  const panel = h('section', { class: 'transcript-panel', 'aria-labelledby': 'conversation-title' });
  const contact = h('aside', { class: 'contact-panel', 'aria-label': 'Contact' });
  const title = h('h2', { id: 'conversation-title', tabindex: -1 });
  const state = h('p', { class: 'state' });
  const error = errorBox();
  const toggle = h('button', { type: 'button', class: 'take-over' });
  const assign = h('select', { name: 'assignee' }, h('option', { value: '' }, 'Nobody'),
    members.filter((m) => m.status === 'active' && ANSWERING_ROLES.has(m.role)).map((m) => h('option', { value: String(m.id) }, m.id === me().memberId ? `${memberLabel(m)} (me)` : memberLabel(m))));
  const resolve = h('button', { type: 'button' }, 'Resolve');
  const pending = h('button', { type: 'button' }, 'Mark pending');
  const reopen = h('button', { type: 'button' }, 'Reopen');
  const tools = h('div', { class: 'row tools' }, toggle, field('Assigned to', assign), resolve, pending, reopen);
  const list = h('ol', { class: 'transcript', 'aria-label': 'Messages', tabindex: 0 });
  // The live region wraps the list: role=log on the <ol> itself would orphan its items.
  const log = h('div', { class: 'transcript-box', role: 'log', 'aria-live': 'polite', 'aria-label': 'Transcript' }, list);
  const reply = replyBox(() => (entry === null ? null : { id: entry.conversation.id, botEnabled: entry.conversation.botEnabled, channelId: entry.channel.id }), changed);
  const noteText = h('input', { type: 'text', name: 'note', maxlength: 3072, required: true });
  const noteForm = h('form', { class: 'note row' }, field('Internal note', noteText, 'Only people of this account see it, with your name.'), h('button', { type: 'submit' }, 'Add note'));
  const attributes = h('details', { class: 'attributes' });
  let entry: InboxEntry | null = null;
  let lastMessages = '';
  let lastAttributes = '';
  let readUpTo = 0;

  const patch = (body: Record<string, unknown>, said: string) => void (async () => {
    if (entry === null) return;
    try {
      await must(api.PATCH('/v1/conversations/{conversation_id}', { params: { path: { conversation_id: entry.conversation.id } }, body }));
      error.show(null);
      announce(said);
      await changed();
    } catch (e) {
      error.show(problemText(e));
    }
  })();
  toggle.addEventListener('click', () => {
    if (entry !== null) patch({ botEnabled: !entry.conversation.botEnabled }, entry.conversation.botEnabled ? 'You took the conversation over.' : 'Handed back to the bot.');
  });
  assign.addEventListener('change', () => patch({ assigneeId: assign.value === '' ? null : Number(assign.value) },
    assign.value === '' ? 'Unassigned.' : `Assigned to ${assign.selectedOptions[0]?.textContent ?? ''}.`));
  resolve.addEventListener('click', () => patch({ status: 'resolved' }, 'Resolved.'));
  pending.addEventListener('click', () => patch({ status: 'pending' }, 'Marked pending.'));
  reopen.addEventListener('click', () => patch({ status: 'open' }, 'Reopened.'));
  noteForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      if (entry === null) return;
      try {
        await must(api.POST('/v1/conversations/{conversation_id}/notes', { params: { path: { conversation_id: entry.conversation.id } }, body: { text: noteText.value } }));
        noteText.value = '';
        error.show(null);
        announce('Note added.');
        await changed();
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  function drawContact(e: InboxEntry): void {
    const rows: [string, string | Node][] = [
      ['Name', e.human.name], ['E-mail', e.human.email ?? '—'], ['Phone', e.human.phone ?? '—'],
      ['Channel', `${e.channel.name} · ${typeLabel(e.channel.channelType)}`],
    ];
    replace(contact, h('h2', {}, 'Contact'),
      h('dl', { class: 'counts' }, rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])),
      can('humans:read') ? h('p', {}, h('a', { href: `#/humans/${e.human.id}` }, `Open ${e.human.name} in Humans`)) : null,
      attributes);
  }

  function drawState(e: InboxEntry): void {
    const c = e.conversation;
    const assignee = members.find((m) => m.id === c.assigneeId);
    state.textContent = [
      c.botEnabled ? 'The bot answers this conversation.' : 'A person has this conversation: the bot is paused.',
      `Status: ${c.status}.`, assignee === undefined ? 'Assigned to nobody.' : `Assigned to ${memberLabel(assignee)}.`,
      c.wantsPerson ? 'Waiting for a person.' : '',
    ].filter(Boolean).join(' ');
    toggle.textContent = c.botEnabled ? 'Take over' : 'Hand back to the bot';
    assign.value = c.assigneeId === null ? '' : String(c.assigneeId);
    resolve.hidden = c.status === 'resolved';
    pending.hidden = c.status === 'pending';
    reopen.hidden = c.status === 'open';
  }

  /** Marks what is shown read, once it is: the page visible, the conversation open. True when a mark moved. */
  async function markRead(newest: number): Promise<boolean> {
    if (entry === null || newest <= readUpTo || me().memberId === null || document.visibilityState !== 'visible') return false;
    readUpTo = newest;
    await api.PUT('/v1/conversations/{conversation_id}/read', { params: { path: { conversation_id: entry.conversation.id } }, body: { messageId: newest } });
    return true;
  }

  /** Reads the conversation again; true when it marked something read (the list's unread counts are then stale). */
  async function refresh(): Promise<boolean> {
    if (entry === null) {
      replace(panel, h('p', { class: 'empty' }, 'Pick a conversation on the left.'));
      contact.replaceChildren();
      return false;
    }
    const id = entry.conversation.id;
    const [page, attrs] = await Promise.all([
      must(api.GET('/v1/conversations/{conversation_id}/messages', { params: { path: { conversation_id: id }, query: { limit: 500, channel_view: true } } })),
      must(api.GET('/v1/conversations/{conversation_id}/attributes', { params: { path: { conversation_id: id } } })),
    ]);
    if (entry === null || entry.conversation.id !== id) return false;
    drawState(entry);
    const attrKey = JSON.stringify(attrs);
    if (attrKey !== lastAttributes) {
      lastAttributes = attrKey;
      const entries = Object.entries(attrs);
      replace(attributes, h('summary', {}, `Attributes (${entries.length})`),
        entries.length === 0 ? h('p', { class: 'empty' }, 'None stored.') : h('dl', { class: 'counts' }, entries.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, v)])));
    }
    const messages = page.messages as Message[];
    const key = JSON.stringify(messages.map((m) => [m.id, m.status]));
    const newest = messages[messages.length - 1];
    if (key !== lastMessages) {
      const fresh = lastMessages !== '';
      lastMessages = key;
      replace(list, messages.map(messageItem));
      list.scrollTop = list.scrollHeight;
      if (fresh && newest !== undefined && newest.direction === 'in') announce(`New message: ${textOf(newest)}`);
    }
    return markRead(newest?.id ?? 0);
  }

  return {
    panel,
    contact,
    /** Points the panel at an entry of the list (the same conversation again keeps its transcript). */
    show(next: InboxEntry | null): void {
      const same = next !== null && entry !== null && next.conversation.id === entry.conversation.id;
      entry = next;
      if (next === null) return;
      if (!same) {
        lastMessages = '';
        lastAttributes = '';
        readUpTo = 0;
        replace(list);
        reply.reset();
        title.textContent = `${next.human.name} · ${next.channel.name}`;
        replace(panel, title, state, writable ? tools : null, log, error, writable ? reply.node : null, writable ? noteForm : null);
        drawContact(next);
      }
      drawState(next);
    },
    refresh,
    focusTitle: () => title.focus(),
  };
}
