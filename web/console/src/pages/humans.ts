// Humans: search by tag, phone or e-mail (the API's filters), their fields and tags, and their conversations.
import { api, must, problemText } from '../api.js';
import { errorBox, field, h, replace } from '../dom.js';

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
        h('thead', {}, h('tr', {}, ['Name', 'Phone', 'E-mail', 'Tags', 'Conversations'].map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, await Promise.all(humans.map(async (p) => {
          const { conversations } = await must(api.GET('/v1/conversations', { params: { query: { human_id: p.id } } }));
          return h('tr', {},
            h('td', {}, [p.firstName, p.lastName].filter(Boolean).join(' ') || `Human ${p.id}`), h('td', {}, p.phone ?? ''), h('td', {}, p.email ?? ''),
            h('td', {}, p.tags.join(', ')),
            h('td', {}, conversations.map((c) => h('a', { href: `#/inbox/${c.id}`, class: 'pill' }, `#${c.id}`))));
        })))));
    } catch (e) {
      error.show(problemText(e));
    }
  }
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void search();
  });
  replace(main, h('h1', {}, 'Humans'), form, error, results);
  await search();
}
