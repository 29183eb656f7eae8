// Canned replies: the account's ready texts, by title, that the reply box puts in; kept by those who answer conversations.
import { api, must, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';

export async function renderCanned(main: HTMLElement): Promise<void> {
  const writable = can('conversations:write');
  const replies = await must(api.GET('/v1/canned-replies'));
  const error = errorBox();
  const again = async (said: string) => {
    announce(said);
    await renderCanned(main);
  };

  function editor(current: { id: number; title: string; text: string } | null): HTMLElement {
    const title = h('input', { name: 'title', required: true, maxlength: 100, value: current?.title ?? '' });
    const text = h('textarea', { name: 'text', required: true, maxlength: 3072, rows: 3 }, current?.text ?? '');
    const problem = errorBox();
    const id = current === null ? 'new-canned' : `edit-canned-${current.id}`;
    const form = h('form', { class: 'card', 'aria-labelledby': id }, h('h2', { id }, current === null ? 'New canned reply' : `Edit ${current.title}`),
      field('Title', title, 'What agents pick it by in the reply box.'), field('Text', text, 'Put in the reply as it is, to change before sending.'),
      problem, h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, current === null ? 'Add canned reply' : 'Save'),
        current === null ? null : h('button', { type: 'button', onclick: () => void renderCanned(main) }, 'Cancel')));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void (async () => {
        try {
          const body = { title: title.value, text: text.value };
          if (current === null) await must(api.POST('/v1/canned-replies', { body }));
          else await must(api.PUT('/v1/canned-replies/{canned_reply_id}', { params: { path: { canned_reply_id: current.id } }, body }));
          await again(current === null ? `Canned reply ${body.title} added.` : `Canned reply ${body.title} saved.`);
        } catch (e) {
          problem.show(problemText(e));
        }
      })();
    });
    if (current !== null) queueMicrotask(() => title.focus());
    return form;
  }

  const slot = h('div');
  replace(main, h('h1', {}, 'Canned replies'),
    h('p', { class: 'hint' }, 'Ready texts for replies: in a conversation, "Canned reply" puts one in the reply box.'), error,
    replies.length === 0 ? h('p', { class: 'empty' }, writable ? 'No canned replies yet: add the answers your team gives most below.' : 'No canned replies yet.')
      : h('ul', { class: 'plain' }, replies.map((r) => h('li', {}, h('strong', {}, r.title), h('p', { class: 'bubble' }, r.text), !writable ? null : h('div', { class: 'row' },
        h('button', { type: 'button', onclick: () => replace(slot, editor(r)) }, `Edit ${r.title}`),
        h('button', { type: 'button', class: 'danger', onclick: () => void (async () => {
          if (!confirm(`Delete the canned reply "${r.title}"?`)) return;
          try {
            await must(api.DELETE('/v1/canned-replies/{canned_reply_id}', { params: { path: { canned_reply_id: r.id } } }));
            await again(`Canned reply ${r.title} deleted.`);
          } catch (e) {
            error.show(problemText(e));
          }
        })() }, `Delete ${r.title}`))))),
    slot, writable ? editor(null) : null);
}
