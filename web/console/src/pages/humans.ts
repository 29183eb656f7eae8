// Humans: search by tag, phone or e-mail (the API's filters), edit their fields and tags, their conversations.
import { api, must, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';

export async function renderHumans(main: HTMLElement): Promise<void> {
  const tag = h('input', { name: 'tag', maxlength: 100 });
  const phone = h('input', { name: 'phone', type: 'tel', maxlength: 32 });
  const email = h('input', { name: 'email', type: 'email', maxlength: 254 });
  const results = h('div', { class: 'scroll', 'aria-live': 'polite' });
  const error = errorBox();
  const form = h('form', { class: 'row search', role: 'search' }, field('Tag', tag), field('Phone', phone), field('E-mail', email), h('button', { type: 'submit' }, 'Search'));

  async function search(): Promise<void> {
    try {
      const query = { limit: 100, ...(tag.value ? { tag: tag.value } : {}), ...(phone.value ? { phone: phone.value } : {}), ...(email.value ? { email: email.value } : {}) };
      const { humans } = await must(api.GET('/v1/humans', { params: { query } }));
      error.show(null);
      replace(results, humans.length === 0 ? h('p', { class: 'empty' }, 'No humans match.') : h('table', {},
        h('caption', { class: 'sr-only' }, 'Humans'),
        h('thead', {}, h('tr', {}, ['Name', 'Phone', 'E-mail', 'Tags', 'Conversations', ''].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, await Promise.all(humans.map(async (p) => {
          const { conversations } = await must(api.GET('/v1/conversations', { params: { query: { human_id: p.id } } }));
          const name = [p.firstName, p.lastName].filter(Boolean).join(' ') || `Human ${p.id}`;
          const edit = h('button', { type: 'button' }, `Edit ${name}`);
          edit.addEventListener('click', () => replace(editor, editForm(p, name)));
          return h('tr', {},
            h('td', {}, name), h('td', {}, p.phone ?? ''), h('td', {}, p.email ?? ''),
            h('td', {}, p.tags.join(', ')),
            h('td', {}, conversations.map((c) => h('a', { href: `#/inbox/${c.id}`, class: 'pill' }, `#${c.id}`))),
            h('td', {}, edit));
        })))));
    } catch (e) {
      error.show(problemText(e));
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });

  const editor = h('div');
  type Human = { id: number; firstName: string | null; lastName: string | null; phone: string | null; email: string | null; tags: string[] };
  function editForm(p: Human, name: string): HTMLElement {
    const first = h('input', { name: 'firstName', maxlength: 255, value: p.firstName ?? '' });
    const last = h('input', { name: 'lastName', maxlength: 255, value: p.lastName ?? '' });
    const tel = h('input', { name: 'phone', type: 'tel', maxlength: 32, value: p.phone ?? '' });
    const mail = h('input', { name: 'email', type: 'email', maxlength: 254, value: p.email ?? '' });
    const tags = h('input', { name: 'tags', value: p.tags.join(', ') });
    const problem = errorBox();
    const edit = h('form', { class: 'card', 'aria-labelledby': 'edit-human' }, h('h2', { id: 'edit-human' }, `Edit ${name}`),
      h('div', { class: 'row' }, field('First name', first), field('Last name', last), field('Phone', tel), field('E-mail', mail)),
      field('Tags', tags, 'Comma-separated; they replace the list.'), problem,
      h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save'), h('button', { type: 'button', onclick: () => editor.replaceChildren() }, 'Cancel')));
    edit.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          await must(api.PUT('/v1/humans/{human_id}', { params: { path: { human_id: p.id } }, body: {
            firstName: first.value || null, lastName: last.value || null, phone: tel.value || null, email: mail.value || null,
            tags: tags.value.split(',').map((t) => t.trim()).filter(Boolean),
          } }));
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
  replace(main, h('h1', {}, 'Humans'), form, error, editor, results);
  await search();
}
