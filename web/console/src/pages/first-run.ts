// The first run: while the server has no account, the owner is made here (from another host than the server's, with the
// setup code the server printed at start) and signed in.
import { api } from '../api.js';
import { errorBox, field, h, replace } from '../dom.js';

export async function renderFirstRun(main: HTMLElement, codeRequired: boolean, done: () => void): Promise<void> {
  const name = h('input', { name: 'name', autocomplete: 'name', maxlength: 100 });
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true, maxlength: 254 });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'new-password', minlength: 8, required: true });
  const code = h('input', { name: 'code', autocomplete: 'off', required: true, maxlength: 40, placeholder: 'XXXX-XXXX-XXXX' });
  const error = errorBox();
  const button = h('button', { type: 'submit', class: 'primary' }, 'Create the owner and sign in');
  const form = h('form', { class: 'card narrow', 'aria-labelledby': 'first-run-title' },
    h('h1', { id: 'first-run-title' }, 'Welcome to Parley'),
    h('p', {}, 'This server has no account yet. Make its owner: the person who runs it and invites the team.'),
    field('Your name', name, 'Shown to visitors beside your replies, e.g. "Ana (agent)".'),
    field('E-mail', email, 'You sign in with it.'), field('Password', password, 'At least 8 characters.'),
    codeRequired ? field('Setup code', code, 'You are not on the server\'s own host: the server printed this code in its log when it started ("setup code").') : null,
    error, button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    void (async () => {
      const { error: failed } = await api.POST('/v1/setup', { body: {
        email: email.value, password: password.value, ...(name.value.trim() === '' ? {} : { name: name.value.trim() }), ...(codeRequired ? { code: code.value } : {}),
      } });
      button.disabled = false;
      if (failed !== undefined) {
        error.show(failed.description);
        return;
      }
      done();
    })();
  });
  replace(main, form);
  name.focus();
}
