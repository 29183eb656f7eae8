// Sign-in: the account's e-mail and password; the server sets the session cookie and the CSRF cookie.
import { api } from '../api.js';
import { errorBox, field, h, replace } from '../dom.js';

export async function renderSignIn(main: HTMLElement, done: () => void): Promise<void> {
  const email = h('input', { type: 'email', name: 'email', autocomplete: 'username', required: true });
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'current-password', required: true });
  const error = errorBox();
  const button = h('button', { type: 'submit' }, 'Sign in');
  // Single sign-on (docs/sso.md): the account's provider, found from the e-mail; the password is not needed.
  const sso = h('button', { type: 'button', class: 'secondary' }, 'Sign in with SSO');
  sso.addEventListener('click', () => {
    if (!email.reportValidity()) return;
    window.location.assign(`/v1/sso/start?email=${encodeURIComponent(email.value)}`);
  });
  const form = h('form', { class: 'card narrow', 'aria-labelledby': 'sign-in-title' },
    h('h1', { id: 'sign-in-title' }, 'Sign in to Parley'),
    field('E-mail', email), field('Password', password), error, button, sso);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    button.disabled = true;
    void (async () => {
      const { error: failed, response } = await api.POST('/v1/sessions', { body: { email: email.value, password: password.value } });
      button.disabled = false;
      if (failed !== undefined) {
        const wait = response.headers.get('retry-after');
        error.show(failed.description + (wait === null ? '' : ` (Retry-After: ${wait} s)`));
        password.select();
        return;
      }
      done();
    })();
  });
  replace(main, form);
  email.focus();
}
