// The reply box: Enter sends and Shift+Enter breaks the line, a canned reply put in to change before sending, optional quick
// replies; while the bot has the conversation, sending asks first whether to take it over. Where a text may no longer go
// (WhatsApp's 24-hour window closed: the server's 409), it offers the channel's approved templates instead.
import { api, must, ParleyError, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { templatePicker } from './template-picker.js';

export interface ReplyTarget {
  id: number;
  botEnabled: boolean;
  channelId: number;
}

/** The box for one inbox; `current` names the conversation it answers, `sent` refreshes the inbox after. */
export function replyBox(current: () => ReplyTarget | null, sent: () => Promise<void>): { node: HTMLElement; focus(): void; reset(): void } {
  const text = h('textarea', { name: 'reply', rows: 3, maxlength: 3072, required: true, 'aria-keyshortcuts': 'Enter' });
  const picker = templatePicker('Send an approved template', 'Only an approved template reaches this person until they write again. Choose one to send instead of the text.');
  const chips = h('input', { name: 'quickReplies', maxlength: 300 });
  const canned = h('select', { name: 'canned' }, h('option', { value: '' }, 'Insert a canned reply…'));
  const error = errorBox();
  const ask = h('div', { class: 'ask', hidden: true, role: 'group', 'aria-labelledby': 'ask-take-over' });
  const form = h('form', { class: 'reply' },
    field('Reply to the human', text, 'Enter sends; Shift+Enter starts a new line. Sent through the channel with your name.'),
    h('div', { class: 'row' }, field('Canned reply', canned), field('Quick replies', chips, 'Optional, comma-separated: offered as buttons where the channel shows them.')),
    picker.node, ask, error, h('button', { type: 'submit', class: 'primary' }, 'Send reply'));

  void (async () => {
    const replies = (await api.GET('/v1/canned-replies')).data ?? [];
    replace(canned, h('option', { value: '' }, replies.length === 0 ? 'No canned replies yet' : 'Insert a canned reply…'),
      replies.map((r) => h('option', { value: r.text }, r.title)));
  })();
  canned.addEventListener('change', () => {
    if (canned.value === '') return;
    // Put in to be changed before sending, where the cursor is (or at the end).
    const at = text.selectionStart ?? text.value.length;
    text.value = `${text.value.slice(0, at)}${canned.value}${text.value.slice(text.selectionEnd ?? at)}`;
    canned.value = '';
    text.focus();
  });

  text.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    form.requestSubmit();
  });

  async function send(takeOver: boolean): Promise<void> {
    const target = current();
    if (target === null) return;
    const template = picker.node.hidden ? null : picker.chosen();
    try {
      await must(api.POST('/v1/conversations/{conversation_id}/messages', { params: { path: { conversation_id: target.id } }, body: template !== null ? { template, takeOver } : {
        text: text.value, takeOver, quickReplies: chips.value.split(',').map((t) => t.trim()).filter(Boolean).map((title) => ({ title })),
      } }));
      text.value = '';
      chips.value = '';
      error.show(null);
      ask.hidden = true;
      reset();
      announce(`${takeOver ? 'You took the conversation over; ' : ''}${template !== null ? `template ${template.name} sent.` : 'reply sent.'}`.replace(/^./, (c) => c.toUpperCase()));
      await sent();
      text.focus();
    } catch (e) {
      error.show(problemText(e));
      ask.hidden = true;
      // The window closed: what may still go is a template, if the channel has any.
      if (e instanceof ParleyError && e.status === 409 && template === null && await picker.load(target.channelId) > 0) {
        picker.show(true);
        text.required = false;
        picker.node.querySelector('select')?.focus();
      }
    }
  }

  function reset(): void {
    picker.show(false);
    text.required = true;
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const target = current();
    if (target === null || (text.value.trim() === '' && (picker.node.hidden || picker.chosen() === null))) return;
    if (!target.botEnabled) {
      void send(false);
      return;
    }
    // The bot answers here: an agent's reply beside it would cross the bot's. Ask first.
    const yes = h('button', { type: 'button', class: 'primary', onclick: () => void send(true) }, 'Take over and send');
    const no = h('button', { type: 'button', onclick: () => { ask.hidden = true; text.focus(); } }, 'Cancel');
    replace(ask, h('p', { id: 'ask-take-over' }, 'The bot answers this conversation. Take it over (the bot pauses) and send your reply?'), h('div', { class: 'row' }, yes, no));
    ask.hidden = false;
    yes.focus();
  });

  return { node: form, focus: () => text.focus(), reset };
}
