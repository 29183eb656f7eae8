// One's own name, webhooks (endpoints, their delivery log, send again), API tokens (created and shown once, revoked),
// sessions and the password; the forms a role cannot use are not offered.
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { can, loadMe, me } from '../me.js';

export async function renderSettings(main: HTMLElement): Promise<void> {
  await draw(main, null);
}

/** The page, with `once` (a new token or signing secret) shown at its top: drawn again after each change. */
async function draw(main: HTMLElement, once: HTMLElement | null): Promise<void> {
  const [tokens, webhooks, sessions] = await Promise.all([
    can('tokens:read') ? must(api.GET('/v1/tokens')) : Promise.resolve(null),
    can('webhooks:read') ? must(api.GET('/v1/webhooks')) : Promise.resolve(null),
    must(api.GET('/v1/sessions')),
  ]);
  const error = errorBox();
  const again = (shownOnce: HTMLElement | null = null) => draw(main, shownOnce);
  const act = (run: () => Promise<unknown>, said: string) => () => void (async () => {
    try {
      await run();
      announce(said);
      await again();
    } catch (e) {
      error.show(problemText(e));
    }
  })();

  // Tokens: the value is shown once, right after it is made.
  const tokenName = h('input', { name: 'tokenName', maxlength: 100, required: true });
  const shown = h('div', { 'aria-live': 'polite' }, once);
  const tokenForm = h('form', { class: 'row' }, field('Token name', tokenName), h('button', { type: 'submit' }, 'Create token'));
  tokenForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const made = await must(api.POST('/v1/tokens', { body: { name: tokenName.value } }));
        const value = h('input', { readonly: true, value: made.token, class: 'code', 'aria-label': 'The new token' });
        await again(h('p', { class: 'once' }, `Token ${made.name}: copy it now, it is not shown again. `, value));
        value.select();
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  const webhookUrl = h('input', { name: 'url', type: 'url', required: true, maxlength: 2048 });
  const webhookEvents = h('input', { name: 'eventTypes', required: true, value: 'message.received,message.sent' });
  const webhookForm = h('form', { class: 'row' }, field('Endpoint URL', webhookUrl), field('Event types', webhookEvents, 'Comma-separated (docs/webhooks.md).'), h('button', { type: 'submit' }, 'Add webhook'));
  webhookForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void (async () => {
      try {
        const made = await must(api.POST('/v1/webhooks', { body: { url: webhookUrl.value, eventTypes: webhookEvents.value.split(',').map((s) => s.trim()).filter(Boolean) as never } }));
        await again(h('p', { class: 'once' }, `Signing secret of ${made.url}, shown once: `, h('input', { readonly: true, value: made.secret, class: 'code', 'aria-label': 'Signing secret' })));
      } catch (e) {
        error.show(problemText(e));
      }
    })();
  });

  const log = h('div', { 'aria-live': 'polite' });
  const showLog = (id: number) => () => void (async () => {
    const page = await must(api.GET('/v1/webhooks/{webhook_id}/deliveries', { params: { path: { webhook_id: id } } }));
    replace(log, h('h3', {}, `Deliveries of webhook ${id}`), page.deliveries.length === 0 ? h('p', { class: 'empty' }, 'None yet.') : h('ul', {},
      page.deliveries.map((d) => h('li', {}, `${dateText(d.dateCreated)} · ${d.eventType} · ${d.status} · ${d.attempts} attempt(s)${d.lastStatusCode === null ? '' : ` · HTTP ${d.lastStatusCode}`}${d.lastError ? ` · ${d.lastError}` : ''} `,
        d.status === 'pending' || !can('webhooks:write') ? null : h('button', { type: 'button', onclick: () => void (async () => {
          try {
            await must(api.POST('/v1/webhooks/{webhook_id}/deliveries/{delivery_id}/resend', { params: { path: { webhook_id: id, delivery_id: d.id } } }));
            announce('Sent again.');
            showLog(id)();
          } catch (e) {
            error.show(problemText(e));
          }
        })() }, `Send ${d.eventType} again`)))));
  })();

  // One's own name: what visitors read beside one's replies ("Ana (agent)") and the audit log says.
  const myName = h('input', { name: 'displayName', maxlength: 100, autocomplete: 'name', value: me().name ?? '' });
  const nameForm = me().memberId === null ? null : h('form', { class: 'row' }, field('Your name', myName, 'Visitors see it beside your replies, e.g. "Ana (agent)". Empty: your e-mail.'), h('button', { type: 'submit' }, 'Save name'));
  nameForm?.addEventListener('submit', (event) => {
    event.preventDefault();
    act(async () => {
      await must(api.PATCH('/v1/me', { body: { name: myName.value.trim() === '' ? null : myName.value.trim() } }));
      await loadMe();
    }, 'Name saved.')();
  });

  const password = h('input', { type: 'password', name: 'currentPassword', autocomplete: 'current-password', required: true });
  const next = h('input', { type: 'password', name: 'newPassword', autocomplete: 'new-password', minlength: 8, required: true });
  const passwordForm = h('form', { class: 'row' }, field('Current password', password), field('New password', next), h('button', { type: 'submit' }, 'Change password'));
  passwordForm.addEventListener('submit', (event) => {
    event.preventDefault();
    act(() => must(api.PUT('/v1/account/password', { body: { currentPassword: password.value, newPassword: next.value } })), 'Password changed; other sessions are signed out.')();
  });

  const hooksWritable = can('webhooks:write');
  const tokensWritable = can('tokens:write');
  replace(main, h('h1', {}, 'Webhooks and tokens'), error, shown,
    nameForm === null ? null : h('section', {}, h('h2', {}, 'You'), nameForm),
    webhooks === null ? null : h('section', {}, h('h2', {}, 'Webhooks'), hooksWritable ? webhookForm : null,
      webhooks.length === 0 ? h('p', { class: 'empty' }, 'No webhooks: add one to hear of messages and subscriptions as they happen.') : null,
      h('ul', { class: 'plain' }, webhooks.map((w) => h('li', {}, h('code', {}, w.url), ` ${w.eventTypes.join(', ')} · ${w.enabled ? 'enabled' : `disabled${w.disabledReason ? `: ${w.disabledReason}` : ''}`} `,
        h('button', { type: 'button', onclick: showLog(w.id) }, 'Delivery log'), ' ',
        hooksWritable ? h('button', { type: 'button', class: 'danger', onclick: act(() => must(api.DELETE('/v1/webhooks/{webhook_id}', { params: { path: { webhook_id: w.id } } })), 'Webhook deleted.') }, 'Delete') : null))),
      log),
    tokens === null ? null : h('section', {}, h('h2', {}, 'API tokens'), tokensWritable ? tokenForm : h('p', { class: 'hint' }, 'Your role makes no API tokens.'),
      h('ul', { class: 'plain' }, tokens.map((t) => h('li', {}, `${t.name} · ${dateText(t.dateCreated)} `,
        tokensWritable ? h('button', { type: 'button', class: 'danger', onclick: act(() => must(api.DELETE('/v1/tokens/{token_id}', { params: { path: { token_id: t.id } } })), 'Token revoked.') }, `Revoke ${t.name}`) : null)))),
    h('section', {}, h('h2', {}, 'Signed-in sessions'),
      h('ul', { class: 'plain' }, sessions.map((s) => h('li', {}, `${s.userAgent.slice(0, 60) || 'unknown browser'} · ${s.address} · since ${dateText(s.dateCreated)}${s.current ? ' (this one)' : ' '}`,
        s.current ? null : h('button', { type: 'button', class: 'danger', onclick: act(() => must(api.DELETE('/v1/sessions/{session_id}', { params: { path: { session_id: s.id } } })), 'Session revoked.') }, 'Revoke')))),
      passwordForm));
}
