// Channels: list with subscription counts and the webhook URL to paste at the provider; create and edit (the token typed masked, never shown again), delete.
import { api, must, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';

/** Channel types whose provider calls Parley's webhook (web chat talks over its own socket). */
const HOOKED = new Set(['dlc', 'dsc', 'fb', 'twr', 'alx', 'rcs']);

export async function renderChannels(main: HTMLElement): Promise<void> {
  const [channels, types, bots] = await Promise.all([must(api.GET('/v1/channels')), must(api.GET('/v1/channels/types')), must(api.GET('/v1/bots'))]);
  const counts = await Promise.all(channels.map(async (c) => (await api.GET('/v1/channels/{channel_id}/subscription', { params: { path: { channel_id: c.id } } })).data?.subscribedHumansCount ?? 0));
  const botName = new Map(bots.map((b) => [Number(b.id), String(b.name)]));

  const rows = channels.map((c, i) => {
    const remove = h('button', { type: 'button', class: 'danger' }, `Delete ${c.name}`);
    remove.addEventListener('click', () => void (async () => {
      if (!confirm(`Delete the channel "${c.name}"? Its subscriptions go with it.`)) return;
      try {
        await must(api.DELETE('/v1/channels/{channel_id}', { params: { path: { channel_id: c.id } } }));
        announce(`Channel ${c.name} deleted.`);
        await renderChannels(main);
      } catch (e) {
        error.show(problemText(e));
      }
    })());
    const where = c.channelType === 'web'
      ? h('a', { href: `/chat/${c.id}`, target: '_blank', rel: 'noopener' }, `${location.origin}/chat/${c.id}`)
      : HOOKED.has(c.channelType) ? h('code', {}, `${location.origin}/hooks/${c.channelType}/${c.id}`) : '—';
    const edit = h('button', { type: 'button' }, `Edit ${c.name}`);
    edit.addEventListener('click', () => replace(editor, editForm(c)));
    return h('tr', {},
      h('td', {}, c.name), h('td', {}, c.channelType), h('td', {}, botName.get(c.botId) ?? String(c.botId)),
      h('td', {}, String(counts[i])), h('td', {}, where), h('td', { class: 'actions' }, edit, ' ', remove));
  });

  const editor = h('div');
  type Channel = (typeof channels)[number];
  function editForm(c: Channel): HTMLElement {
    const name = h('input', { name: 'name', required: true, maxlength: 255, value: c.name });
    const description = h('input', { name: 'description', maxlength: 255, value: c.description });
    const bot = h('select', { name: 'botId' }, bots.map((b) => h('option', { value: String(b.id), selected: Number(b.id) === c.botId }, String(b.name))));
    const user = h('input', { name: 'user', maxlength: 255, autocomplete: 'off', value: c.user ?? '' });
    const token = h('input', { name: 'token', type: 'password', autocomplete: 'new-password', maxlength: 8192 });
    const problem = errorBox();
    const form = h('form', { class: 'card', 'aria-labelledby': 'edit-channel' }, h('h2', { id: 'edit-channel' }, `Edit ${c.name}`),
      field('Name', name), field('Description', description), field('Bot', bot), field('User', user),
      field('New token', token, 'Leave empty to keep the stored one (it is never shown).'), problem,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save'), h('button', { type: 'button', onclick: () => editor.replaceChildren() }, 'Cancel')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          await must(api.PUT('/v1/channels/{channel_id}', { params: { path: { channel_id: c.id } }, body: {
            name: name.value, description: description.value, botId: Number(bot.value), user: user.value || null,
            ...(token.value ? { token: token.value } : {}),
          } }));
          announce(`Channel ${name.value} saved.`);
          await renderChannels(main);
        } catch (e) {
          problem.show(problemText(e));
        }
      })();
    });
    queueMicrotask(() => name.focus());
    return form;
  }

  const type = h('select', { name: 'channelType', required: true }, types.filter((t) => !t.comingSoon).map((t) => h('option', { value: t.name }, `${t.description} (${t.name})`)));
  const name = h('input', { name: 'name', required: true, maxlength: 100 });
  const description = h('input', { name: 'description', maxlength: 255 });
  const bot = h('select', { name: 'botId', required: true }, bots.map((b) => h('option', { value: String(b.id) }, String(b.name))));
  const user = h('input', { name: 'user', maxlength: 255, autocomplete: 'off' });
  const token = h('input', { name: 'token', type: 'password', autocomplete: 'new-password', maxlength: 8192 });
  const error = errorBox();
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-channel' },
    h('h2', { id: 'new-channel' }, 'New channel'),
    field('Type', type), field('Name', name), field('Description', description), field('Bot', bot),
    field('User', user, 'The sender: a phone number (SMS, RCS), a page id (messenger), an account id. Not needed for web chat.'),
    field('Token', token, 'The provider credential; stored encrypted and never shown again. "sandbox" sends to the phone simulator.'),
    error, h('button', { type: 'submit', class: 'primary' }, 'Create channel'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const created = await must(api.POST('/v1/channels', { body: {
          channelType: type.value as never, name: name.value, description: description.value || name.value, botId: Number(bot.value),
          ...(user.value ? { user: user.value } : {}), ...(token.value ? { token: token.value } : {}),
        } }));
        token.value = '';
        announce(`Channel ${created.name} created.`);
        await renderChannels(main);
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  replace(main, h('h1', {}, 'Channels'),
    channels.length === 0 ? h('p', { class: 'empty' }, 'No channels yet.') : h('div', { class: 'scroll' }, h('table', {},
      h('caption', { class: 'sr-only' }, 'Channels'),
      h('thead', {}, h('tr', {}, ['Name', 'Type', 'Bot', 'Subscribed', 'Web chat or webhook URL', ''].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, rows))),
    editor,
    bots.length === 0 ? h('p', {}, 'Create a bot first: every channel answers with one.') : form);
}
