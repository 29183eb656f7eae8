// Humans: search by name, tag, phone or e-mail (the API's filters), edit their fields, tags, attributes and subscriptions; their conversations.
import { api, must, problemText } from '../api.js';
import { typeLabel } from '../channel-forms.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';
import { attributeEditor, type AttributeEditor } from './human-attributes.js';
import { consentPart } from './human-consent.js';
import { renderHumanImport } from './human-import.js';

export async function renderHumans(main: HTMLElement, args: string[] = []): Promise<(() => void) | void> {
  // #/humans/import (#/humans/import/5: one import reopened) is the bulk import, a view of this page.
  if (args[0] === 'import') return renderHumanImport(main, args.slice(1));
  // #/humans/12 (a link from the inbox's contact panel) shows that human alone.
  let only = args[0] === undefined ? null : Number(args[0]);
  const writable = can('humans:write');
  const name = h('input', { name: 'name', maxlength: 255 });
  const tag = h('input', { name: 'tag', maxlength: 100 });
  const phone = h('input', { name: 'phone', type: 'tel', maxlength: 32 });
  const email = h('input', { name: 'email', type: 'email', maxlength: 254 });
  const results = h('div', { class: 'scroll', 'aria-live': 'polite' });
  const channels = await must(api.GET('/v1/channels'));
  const channelName = (id: number) => { const c = channels.find((x) => x.id === id); return c === undefined ? `channel ${id}` : `${c.name} (${typeLabel(c.channelType)})`; };
  const error = errorBox();
  const form = h('form', { class: 'row search', role: 'search' }, field('Name', name), field('Tag', tag), field('Phone', phone), field('E-mail', email), h('button', { type: 'submit' }, 'Search'));

  async function search(): Promise<void> {
    try {
      const query = { limit: 100, ...(name.value ? { name: name.value } : {}), ...(tag.value ? { tag: tag.value } : {}), ...(phone.value ? { phone: phone.value } : {}), ...(email.value ? { email: email.value } : {}) };
      const humans = only === null ? (await must(api.GET('/v1/humans', { params: { query } }))).humans
        : [await must(api.GET('/v1/humans/{human_id}', { params: { path: { human_id: only } } }))];
      error.show(null);
      replace(results, humans.length === 0 ? h('p', { class: 'empty' }, 'No humans match.') : h('table', {},
        h('caption', { class: 'sr-only' }, 'Humans'),
        h('thead', {}, h('tr', {}, ['Name', 'Phone', 'E-mail', 'Tags', 'Subscribed to', 'Conversations', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, await Promise.all(humans.map(async (p) => {
          const [{ conversations }, subscriptions] = await Promise.all([
            must(api.GET('/v1/conversations', { params: { query: { human_id: p.id } } })),
            must(api.GET('/v1/humans/{human_id}/subscriptions', { params: { path: { human_id: p.id } } })),
          ]);
          const subscribed = subscriptions.filter((x) => x.subscribed).map((x) => x.channelId);
          const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || `Human ${p.id}`;
          const edit = h('button', { type: 'button' }, `Edit ${name}`);
          edit.addEventListener('click', () => void (async () => {
            try {
              const [attributes, consent] = await Promise.all([attributeEditor(p.id, conversations.length), consentPart(p.id)]);
              replace(editor, editForm(p, name, subscribed, attributes, consent));
            } catch (e) {
              error.show(problemText(e));
            }
          })());
          return h('tr', {},
            h('td', {}, name), h('td', {}, p.phone ?? ''), h('td', {}, p.email ?? ''),
            h('td', {}, p.tags.join(', ')),
            h('td', {}, subscribed.map(channelName).join(', ')),
            h('td', {}, conversations.map((c) => h('a', { href: `#/inbox/${c.id}`, class: 'pill' }, `#${c.id}`))),
            h('td', {}, writable ? edit : null));
        })))));
    } catch (e) {
      error.show(problemText(e));
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    only = null;
    void search();
  });

  const editor = h('div');
  type Human = { id: number; firstName: string | null; lastName: string | null; phone: string | null; email: string | null; tags: string[] };
  function editForm(p: Human, name: string, subscribed: number[], attributes: AttributeEditor, consent: HTMLElement): HTMLElement {
    const boxes = channels.map((c) => ({ id: c.id, box: h('input', { type: 'checkbox', name: `channel-${c.id}`, id: `sub-${p.id}-${c.id}`, checked: subscribed.includes(c.id) }) }));
    const first = h('input', { name: 'firstName', maxlength: 255, value: p.firstName ?? '' });
    const last = h('input', { name: 'lastName', maxlength: 255, value: p.lastName ?? '' });
    const tel = h('input', { name: 'phone', type: 'tel', maxlength: 32, value: p.phone ?? '' });
    const mail = h('input', { name: 'email', type: 'email', maxlength: 254, value: p.email ?? '' });
    const tags = h('input', { name: 'tags', value: p.tags.join(', ') });
    const problem = errorBox();
    const edit = h('form', { class: 'card', 'aria-labelledby': 'edit-human' }, h('h2', { id: 'edit-human' }, `Edit ${name}`),
      h('div', { class: 'row' }, field('First name', first), field('Last name', last), field('Phone', tel), field('E-mail', mail)),
      field('Tags', tags, 'Comma-separated; they replace the list.'),
      attributes.element,
      h('fieldset', {}, h('legend', {}, 'Subscribed to'), boxes.map(({ id, box }) => h('label', { for: box.id, class: 'check' }, box, ` ${channelName(id)}`))),
      consent,
      problem,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save'), h('button', { type: 'button', onclick: () => editor.replaceChildren() }, 'Cancel')));
    edit.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          await must(api.PUT('/v1/humans/{human_id}', { params: { path: { human_id: p.id } }, body: {
            firstName: first.value || null, lastName: last.value || null, phone: tel.value || null, email: mail.value || null,
            tags: tags.value.split(',').map((t) => t.trim()).filter(Boolean),
          } }));
          const changes = attributes.changes();
          if (Object.keys(changes).length > 0) await must(api.PATCH('/v1/humans/{human_id}/attributes', { params: { path: { human_id: p.id } }, body: changes }));
          for (const { id, box } of boxes) {
            if (box.checked === subscribed.includes(id)) continue;
            const body = { humanIds: [p.id] };
            const where = { params: { path: { channel_id: id } }, body };
            if (box.checked) await must(api.POST('/v1/channels/{channel_id}/subscribe', where));
            else await must(api.POST('/v1/channels/{channel_id}/unsubscribe', where));
          }
          editor.replaceChildren();
          announce('Saved.');
          await search();
        } catch (e) {
          problem.show(problemText(e));
        }
      })();
    });
    queueMicrotask(() => first.focus());
    return edit;
  }
  // The account's ledger for an audit (GET /v1/consent/export: the last 30 days by default).
  const ledger = h('p', {}, h('a', { href: '/v1/consent/export', download: '', class: 'export' }, 'Download the consent ledger of the last 30 days (CSV)'));
  const importing = h('p', {}, h('a', { href: '#/humans/import', class: 'button' }, 'Import humans'));
  replace(main, h('h1', {}, 'Humans'), importing, form, ledger, error, editor, results);
  await search();
}
