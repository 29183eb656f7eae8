// Channels: the list with subscription counts and, per type, what to give out (web chat's page and snippet, the webhook URL
// to paste at the provider); create and edit with a form per type in words that asks only that type's fields
// (channel-forms.ts); delete. A role that may not change channels sees the list only.
import { api, must, problemText } from '../api.js';
import { channelForm, type ChannelField, type ChannelForm, embedSnippet, typeLabel, webhookUrl } from '../channel-forms.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';

type ChannelsAnswer = Awaited<ReturnType<typeof loadChannels>>;
type Channel = ChannelsAnswer[number];
type FieldInput = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const loadChannels = () => must(api.GET('/v1/channels'));

/** A read-only field to copy from, with a button that copies it. */
function copyable(label: string, value: string, multiline = false): HTMLElement {
  const input = multiline
    ? h('textarea', { readonly: true, class: 'code', rows: 2 }, value)
    : h('input', { readonly: true, class: 'code', value });
  input.addEventListener('focus', () => input.select());
  const copy = h('button', { type: 'button' }, `Copy ${label.toLowerCase()}`);
  copy.addEventListener('click', () => void (async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(value);
      announce(`${label} copied.`);
    } catch {
      announce(`${label} selected: copy it with the keyboard.`);
    }
  })());
  return h('div', { class: 'copy' }, field(label, input), copy);
}

/** What a made channel gives out: web chat's page and snippet, or the URL to paste at the provider. */
function whereTo(c: Channel, form: ChannelForm): HTMLElement {
  if (form.embed === true) {
    return h('div', { class: 'where' },
      h('p', {}, 'Its page: ', h('a', { href: `/chat/${c.id}`, target: '_blank', rel: 'noopener' }, `${location.origin}/chat/${c.id}`)),
      copyable('Embed snippet', embedSnippet(c.id, location.origin), true),
      h('p', { class: 'hint' }, 'Put the snippet on any page of your site: it adds a chat button (', h('code', {}, form.docs), ').'));
  }
  const url = webhookUrl(form, c.id, location.origin);
  return url === null ? h('p', { class: 'hint' }, 'Nothing to set up at the provider.') : h('div', { class: 'where' },
    copyable('Webhook URL', url),
    h('p', { class: 'hint' }, 'Paste it at the provider, where it asks where to send messages (', h('code', {}, form.docs), ').'));
}

/** The inputs of a type's own fields, filled from a channel when editing one. */
function typeFields(form: ChannelForm, current: Channel | null): { nodes: HTMLElement[]; values: () => Record<string, unknown> } {
  const inputs = new Map<ChannelField, FieldInput>();
  const nodes = form.fields.map((f) => {
    const secret = f.input === 'secret' || f.input === 'secret-json';
    // A credential is never shown again: empty when editing keeps the stored one.
    const required = f.required === true && !(secret && current !== null);
    let input: FieldInput;
    if (f.input === 'select') {
      const selected = current === null ? undefined : String(f.name === 'phoneType' ? current.phoneType : current.countryCode ?? '');
      input = h('select', { name: f.name }, (f.options ?? []).map((o) => h('option', { value: o.value, selected: o.value === selected }, o.label)));
    } else if (f.input === 'json' || f.input === 'secret-json') {
      input = h('textarea', { name: f.name, rows: 3, class: 'code', spellcheck: 'false', autocomplete: 'off', required, placeholder: f.placeholder ?? null },
        f.name === 'data' && current?.data ? JSON.stringify(current.data) : '');
      // A key JSON is a secret: shown as dots where the browser can, never read back.
      if (secret) input.classList.add('secret');
    } else {
      input = h('input', {
        name: f.name, type: secret ? 'password' : 'text', autocomplete: secret ? 'new-password' : 'off', maxlength: secret ? 65536 : 1000,
        required, placeholder: f.placeholder ?? null, value: f.name === 'user' ? current?.user ?? '' : '',
      });
    }
    inputs.set(f, input);
    const hint = secret && current !== null ? `${f.hint ?? ''} Leave it empty to keep the stored one (it is never shown).`.trim() : f.hint;
    return field(f.label, input, hint);
  });
  const values = () => {
    const out: Record<string, unknown> = {};
    for (const [f, input] of inputs) {
      const value = input.value.trim();
      if (value === '') continue;
      if (f.name === 'phoneType') out.phoneType = Number(value);
      else if (f.name === 'data') out.data = JSON.parse(value) as unknown;
      else out[f.name] = f.name === 'token' ? input.value : value;
    }
    return out;
  };
  return { nodes, values };
}

export async function renderChannels(main: HTMLElement): Promise<void> {
  const writable = can('channels:write');
  const [channels, types, bots] = await Promise.all([loadChannels(), must(api.GET('/v1/channels/types')), must(api.GET('/v1/bots'))]);
  const counts = can('humans:read')
    ? await Promise.all(channels.map(async (c) => (await api.GET('/v1/channels/{channel_id}/subscription', { params: { path: { channel_id: c.id } } })).data?.subscribedHumansCount ?? 0))
    : channels.map(() => null);
  const botName = new Map(bots.map((b) => [Number(b.id), String(b.name)]));
  const describe = (type: string) => channelForm(type, types.find((t) => t.name === type)?.description ?? type);
  const error = errorBox();
  const editor = h('div');
  const made = h('div', { 'aria-live': 'polite' });

  const rows = channels.map((c, i) => {
    const form = describe(c.channelType);
    const actions = !writable ? null : h('td', { class: 'actions' },
      h('button', { type: 'button', onclick: () => replace(editor, editForm(c)) }, `Edit ${c.name}`), ' ',
      h('button', { type: 'button', class: 'danger', onclick: () => void (async () => {
        if (!confirm(`Delete the channel "${c.name}"? Its subscriptions go with it.`)) return;
        try {
          await must(api.DELETE('/v1/channels/{channel_id}', { params: { path: { channel_id: c.id } } }));
          announce(`Channel ${c.name} deleted.`);
          await renderChannels(main);
        } catch (e) {
          error.show(problemText(e));
        }
      })() }, `Delete ${c.name}`));
    const url = webhookUrl(form, c.id, location.origin);
    const where = form.embed === true
      ? h('a', { href: `/chat/${c.id}`, target: '_blank', rel: 'noopener' }, `${location.origin}/chat/${c.id}`)
      : url === null ? '—' : h('code', {}, url);
    return h('tr', { 'data-channel': c.id },
      h('td', {}, c.name, c.trial ? h('small', { class: 'hint' }, ' (for trying the bot)') : null),
      h('td', {}, form.label), h('td', {}, botName.get(c.botId) ?? String(c.botId)),
      counts[i] === null ? null : h('td', {}, String(counts[i])), h('td', {}, where), actions);
  });

  function editForm(c: Channel): HTMLElement {
    const form = describe(c.channelType);
    const name = h('input', { name: 'name', required: true, maxlength: 255, value: c.name });
    const description = h('input', { name: 'description', maxlength: 200, value: c.description });
    const bot = h('select', { name: 'botId' }, bots.map((b) => h('option', { value: String(b.id), selected: Number(b.id) === c.botId }, String(b.name))));
    const own = typeFields(form, c);
    const problem = errorBox();
    const node = h('form', { class: 'card', 'aria-labelledby': 'edit-channel' }, h('h2', { id: 'edit-channel' }, `Edit ${c.name} (${form.label})`),
      field('Name', name), field('Description', description), field('Bot', bot), own.nodes, whereTo(c, form), problem,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save'), h('button', { type: 'button', onclick: () => editor.replaceChildren() }, 'Cancel')));
    node.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          await must(api.PUT('/v1/channels/{channel_id}', { params: { path: { channel_id: c.id } }, body: {
            name: name.value, description: description.value, botId: Number(bot.value), ...own.values(),
          } as never }));
          announce(`Channel ${name.value} saved.`);
          await renderChannels(main);
        } catch (e) {
          problem.show(problemText(e));
        }
      })();
    });
    queueMicrotask(() => name.focus());
    return node;
  }

  // The new channel's form: the type in words first, then only that type's fields.
  const creatable = types.filter((t) => !t.comingSoon);
  const type = h('select', { name: 'channelType', required: true }, creatable.map((t) => h('option', { value: t.name, selected: t.name === 'web' }, describe(t.name).label)));
  const about = h('p', { class: 'hint', id: 'type-about' });
  type.setAttribute('aria-describedby', about.id);
  const name = h('input', { name: 'name', required: true, maxlength: 255 });
  const description = h('input', { name: 'description', maxlength: 200 });
  const bot = h('select', { name: 'botId', required: true }, bots.map((b) => h('option', { value: String(b.id) }, String(b.name))));
  const ownBox = h('div', { class: 'type-fields' });
  let own = typeFields(describe(type.value), null);
  const showType = () => {
    const form = describe(type.value);
    own = typeFields(form, null);
    replace(ownBox, own.nodes);
    about.textContent = form.about;
  };
  type.addEventListener('change', showType);
  showType();
  const createError = errorBox();
  const createForm = h('form', { class: 'card', 'aria-labelledby': 'new-channel' },
    h('h2', { id: 'new-channel' }, 'New channel'),
    field('Type', type), about, field('Name', name, 'How the inbox and the lists call it, e.g. "Site chat" or "SMS US".'),
    field('Description', description, 'Optional.'), field('Bot', bot, 'The bot that answers on it.'),
    ownBox, createError, h('button', { type: 'submit', class: 'primary' }, 'Create channel'));
  createForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const created = await must(api.POST('/v1/channels', { body: {
          channelType: type.value as never, name: name.value, description: description.value || name.value, botId: Number(bot.value), ...own.values(),
        } as never }));
        announce(`Channel ${created.name} created.`);
        await renderChannels(main);
        // What to do next with it: the snippet to copy, the URL to paste.
        const form = describe(created.channelType);
        const heading = h('h2', { id: 'made-channel', tabindex: -1 }, `${created.name} is ready`);
        replace(main.querySelector('[data-made]') ?? made, h('section', { class: 'card', 'aria-labelledby': 'made-channel' }, heading, whereTo(created, form)));
        heading.focus();
      } catch (e) {
        createError.show(e instanceof SyntaxError ? `The JSON is not valid: ${e.message}` : problemText(e));
      }
    })();
  });

  made.setAttribute('data-made', '');
  replace(main, h('h1', {}, 'Channels'), error, made,
    channels.length === 0
      ? h('p', { class: 'empty' }, writable ? 'No channels yet. Web chat needs nothing but a name: create one below and put it on your site.' : 'No channels yet.')
      : h('div', { class: 'scroll' }, h('table', {},
        h('caption', { class: 'sr-only' }, 'Channels'),
        h('thead', {}, h('tr', {}, ['Name', 'Type', 'Bot', ...(counts[0] === null ? [] : ['Subscribed']), 'Web chat or webhook URL', ...(writable ? [''] : [])]
          .map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, rows))),
    editor,
    !writable ? null : bots.length === 0 ? h('p', {}, 'Create a bot first: every channel answers with one. ', h('a', { href: '#/bots/new' }, 'New bot')) : createForm);
}

/** The type in words for other pages' lists. */
export { typeLabel };
