// Team and audit: the account's members, their names and roles (invite by e-mail, change a role, remove), and the audit
// log in words (newest first, filtered by member and kind of resource by name, older entries by its cursor). Controls a
// role cannot use are not offered.
import type { paths } from '../../../../sdk/index.js';
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';

const ROLES = ['owner', 'admin', 'developer', 'agent', 'viewer'] as const;
type Role = (typeof ROLES)[number];
/** The kinds of resource the audit log names, in words. */
const RESOURCES: readonly [string, string][] = [
  ['conversations', 'Conversations'], ['sessions', 'Sign-ins'], ['channels', 'Channels'], ['bots', 'Bots'], ['humans', 'Humans'],
  ['members', 'Members'], ['tokens', 'API tokens'], ['webhooks', 'Webhooks'], ['messages', 'Broadcasts'], ['canned-replies', 'Canned replies'],
  ['account', 'Account settings'], ['setup', 'First run'],
];

type AuditOperation = paths['/v1/audit']['get'];
/** The filters the form sets (the page's size and cursor are the loader's). */
type AuditQuery = Omit<NonNullable<AuditOperation['parameters']['query']>, 'limit' | 'cursor'>;
type Entry = AuditOperation['responses'][200]['content']['application/json']['entries'][number];

/** A `datetime-local` value (the person's own time) as the API's UTC date-time without a zone. */
function utc(local: string): string | undefined {
  if (local === '') return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().slice(0, 19);
}

const roleSelect = (attrs: Record<string, string>, selected: Role) =>
  h('select', attrs, ROLES.map((r) => h('option', { value: r, selected: r === selected }, r)));

export async function renderTeam(main: HTMLElement): Promise<void> {
  const me = await must(api.GET('/v1/me'));
  const manage = can('members:write');
  const auditing = can('audit:read');
  // Token names for the log and the token filter (read again when the log names a token made since; empty when the role may not list tokens).
  const tokenName = new Map<string, string>();
  /** Token ids the log named that the list did not (revoked since): not asked about again. */
  const unnamed = new Set<string>();
  const tokenList = h('datalist', { id: 'audit-tokens' });
  async function loadTokens(): Promise<void> {
    const tokens = (await api.GET('/v1/tokens')).data ?? [];
    for (const t of tokens) tokenName.set(t.id, t.name);
    replace(tokenList, tokens.map((t) => h('option', { value: t.id }, t.name)));
  }
  await loadTokens();

  // Members: drawn again after each change, the focus put back on the control that had it.
  const membersError = errorBox();
  const once = h('div', { 'aria-live': 'polite' });
  const membersBox = h('div', { class: 'scroll' });
  const act = (run: () => Promise<unknown>, said: string) => void (async () => {
    const focused = document.activeElement?.id ?? '';
    try {
      await run();
      membersError.show(null);
      announce(said);
      await drawMembers();
      await loadAudit(true);
    } catch (e) {
      membersError.show(problemText(e));
    }
    // The focus goes back to the control that had it, or to the list when that control went with its member.
    if (focused !== '') (document.getElementById(focused) ?? document.getElementById('members-heading'))?.focus();
  })();

  async function drawMembers(): Promise<void> {
    const members = await must(api.GET('/v1/members'));
    replace(memberFilter, h('option', { value: '' }, 'Anyone'), members.map((m) => h('option', { value: String(m.id), selected: memberFilter.value === String(m.id) }, m.name ?? m.email)));
    replace(membersBox, h('table', {},
      h('caption', { class: 'sr-only' }, 'Members'),
      h('thead', {}, h('tr', {}, ['Member', 'Role', 'Status', 'Since', ...(manage ? [''] : [])].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, members.map((m) => {
        const role = roleSelect({ id: `role-${m.id}`, name: `role-${m.id}` }, m.role);
        if (!manage) role.disabled = true;
        const status = m.status === 'invited'
          ? `invited${m.inviteExpiresAt === null ? '' : `, until ${dateText(m.inviteExpiresAt)}`}`
          : m.status;
        return h('tr', { 'data-member': m.id },
          h('td', {}, m.name === null ? m.email : [m.name, h('br'), h('small', { class: 'hint' }, m.email)], m.id === me.memberId ? h('small', { class: 'hint' }, ' (you)') : null),
          h('td', {}, h('label', { for: role.id, class: 'sr-only' }, `Role of ${m.email}`), role),
          h('td', {}, status),
          h('td', {}, dateText(m.dateCreated)),
          !manage ? null : h('td', { class: 'actions' },
            h('button', { type: 'button', id: `save-${m.id}`, 'aria-label': `Save role of ${m.email}`, onclick: () => act(
              () => must(api.PATCH('/v1/members/{member_id}', { params: { path: { member_id: m.id } }, body: { role: role.value as Role } })),
              `${m.email} is now ${role.value}.`) }, 'Save role'), ' ',
            m.status === 'invited' ? h('button', { type: 'button', id: `link-${m.id}`, 'aria-label': `New invitation link for ${m.email}`, onclick: () => void invite(m.email, m.role) }, 'New link') : null, ' ',
            m.status === 'invited' || m.id === me.memberId ? null : statusButton(m), ' ',
            h('button', { type: 'button', class: 'danger', id: `remove-${m.id}`, 'aria-label': `Remove ${m.email}`, onclick: () => {
              if (!confirm(`Remove ${m.email} from the account? Their tokens are revoked.`)) return;
              act(() => must(api.DELETE('/v1/members/{member_id}', { params: { path: { member_id: m.id } } })), `${m.email} removed.`);
            } }, 'Remove')));
      }))));
  }

  // Disabling keeps the member and their history but ends their sign-ins; enabling lets them sign in again.
  function statusButton(m: { id: number; email: string; status: string }): HTMLElement {
    const disabling = m.status === 'active';
    return h('button', { type: 'button', id: `status-${m.id}`, 'aria-label': `${disabling ? 'Disable' : 'Enable'} ${m.email}`, onclick: () => {
      if (disabling && !confirm(`Disable ${m.email}? They are signed out and their tokens are revoked.`)) return;
      act(() => must(api.PATCH('/v1/members/{member_id}', { params: { path: { member_id: m.id } }, body: { status: disabling ? 'disabled' : 'active' } })),
        `${m.email} ${disabling ? 'disabled' : 'enabled'}.`);
    } }, disabling ? 'Disable' : 'Enable');
  }

  // An invitation: the link is shown, for servers that send no mail.
  async function invite(address: string, role: Role, name = ''): Promise<void> {
    try {
      const made = await must(api.POST('/v1/members', { body: { email: address, role, ...(name.trim() === '' ? {} : { name: name.trim() }) } }));
      membersError.show(null);
      const link = h('input', { readonly: true, value: made.inviteUrl, class: 'code', 'aria-label': `Invitation link for ${made.member.email}` });
      replace(once, h('p', { class: 'once' },
        `${made.member.email} is invited as ${made.member.role}. `,
        made.emailSent ? 'The link was e-mailed; it is also here. ' : `Not e-mailed${made.emailError === null ? '' : ` (${made.emailError})`}: give them this link. `,
        'It works once, for 7 days.', link));
      announce(`${made.member.email} invited.`);
      await drawMembers();
      await loadAudit(true);
      link.focus();
      link.select();
    } catch (e) {
      membersError.show(problemText(e));
    }
  }
  const email = h('input', { name: 'email', type: 'email', required: true, maxlength: 254, autocomplete: 'off' });
  const inviteName = h('input', { name: 'name', maxlength: 100, autocomplete: 'off' });
  const role = roleSelect({ name: 'role' }, 'agent');
  const inviteForm = h('form', { class: 'row' }, field('E-mail', email), field('Name', inviteName, 'Optional: they can change it.'),
    field('Role', role, 'Not above your own.'), h('button', { type: 'submit', class: 'primary' }, 'Invite'));
  inviteForm.addEventListener('submit', (event) => {
    event.preventDefault();
    void invite(email.value.trim(), role.value as Role, inviteName.value).then(() => { if (membersError.hidden) { email.value = ''; inviteName.value = ''; } });
  });

  // The audit log: a page at a time, the filters kept for "Older entries".
  const auditError = errorBox();
  const memberFilter = h('select', { name: 'member_id' });
  const tokenFilter = h('input', { name: 'token_id', maxlength: 64, list: 'audit-tokens' });
  const resourceFilter = h('select', { name: 'resource' }, h('option', { value: '' }, 'Anything'), RESOURCES.map(([value, words]) => h('option', { value }, words)));
  const resourceIdFilter = h('input', { name: 'resource_id', maxlength: 64 });
  const since = h('input', { name: 'since', type: 'datetime-local' });
  const until = h('input', { name: 'until', type: 'datetime-local' });
  const filters = h('form', { class: 'row search filters', role: 'search', 'aria-label': 'Filter the audit log' },
    field('Member', memberFilter), field('Changed', resourceFilter), field('Its id', resourceIdFilter), field('Token id', tokenFilter),
    [field('Since (local time)', since), field('Until (local time)', until)].map((f) => { f.classList.add('when'); return f; }),
    tokenList,
    h('div', { class: 'row' }, h('button', { type: 'submit' }, 'Filter'), h('button', { type: 'reset' }, 'Clear')));
  const rows = h('tbody');
  const table = h('table', {}, h('caption', { class: 'sr-only' }, 'Audit log, newest first'),
    h('thead', {}, h('tr', {}, ['When', 'Who', 'What happened', 'Address'].map((t) => h('th', { scope: 'col' }, t)))), rows);
  const auditBox = h('div', { class: 'scroll' });
  const more = h('div', { 'aria-live': 'polite' });
  let query: AuditQuery = {};
  let cursor: string | null = null;

  function who(e: Entry): (Node | string)[] {
    const via = e.actor.tokenId !== null ? `token ${tokenName.get(e.actor.tokenId) ?? e.actor.tokenId}` : e.actor.sessionId !== null ? 'console' : null;
    return [e.actor.name, h('small', { class: 'hint' }, ` ${e.actor.role}${via === null ? '' : ` · ${via}`}`)];
  }
  const row = (e: Entry) => h('tr', { 'data-entry': e.id },
    h('td', {}, dateText(e.at)),
    h('td', {}, who(e)),
    h('td', {}, h('span', { class: 'summary' }, e.summary), h('br'),
      h('small', { class: 'hint' }, `${e.method} ${e.route} → ${e.status}${e.fields.length === 0 ? '' : ` · fields: ${e.fields.join(', ')}`}`)),
    h('td', {}, e.address ?? '—'));

  async function loadAudit(reset: boolean): Promise<void> {
    if (!auditing) return;
    try {
      const page = await must(api.GET('/v1/audit', { params: { query: { ...query, limit: 50, ...(reset || cursor === null ? {} : { cursor }) } } }));
      auditError.show(null);
      const unknown = page.entries.flatMap((e) => e.actor.tokenId !== null && !tokenName.has(e.actor.tokenId) && !unnamed.has(e.actor.tokenId) ? [e.actor.tokenId] : []);
      if (unknown.length > 0) {
        await loadTokens();
        for (const id of unknown) if (!tokenName.has(id)) unnamed.add(id);
      }
      if (reset) rows.replaceChildren();
      const first = page.entries.map(row);
      rows.append(...first);
      cursor = page.nextCursor;
      replace(auditBox, rows.childElementCount === 0 ? h('p', { class: 'empty' }, 'No entries match.') : table);
      const older = h('button', { type: 'button' }, 'Older entries');
      older.addEventListener('click', () => void loadAudit(false).then(() => {
        // The keyboard goes on from the first entry it brought, or from where the button was.
        const next = more.querySelector('button') ?? first[0];
        if (next instanceof HTMLElement) next.focus();
      }));
      const end = h('p', { class: 'empty', tabindex: -1 }, rows.childElementCount === 0 ? '' : `${rows.childElementCount} entries; no older ones.`);
      replace(more, cursor === null ? end : older);
      if (!reset) {
        announce(`${page.entries.length} older entries shown.`);
        if (cursor === null) end.focus();
      }
    } catch (e) {
      auditError.show(problemText(e));
    }
  }
  filters.addEventListener('submit', (event) => {
    event.preventDefault();
    const member = memberFilter.value === '' ? undefined : Number(memberFilter.value);
    const sinceAt = utc(since.value);
    const untilAt = utc(until.value);
    query = {
      ...(member === undefined ? {} : { member_id: member }),
      ...(tokenFilter.value.trim() === '' ? {} : { token_id: tokenFilter.value.trim() }),
      ...(resourceFilter.value.trim() === '' ? {} : { resource: resourceFilter.value.trim() }),
      ...(resourceIdFilter.value.trim() === '' ? {} : { resource_id: resourceIdFilter.value.trim() }),
      ...(sinceAt === undefined ? {} : { since: sinceAt }),
      ...(untilAt === undefined ? {} : { until: untilAt }),
    };
    void loadAudit(true).then(() => announce('Audit log filtered.'));
  });
  filters.addEventListener('reset', () => {
    query = {};
    // The form clears its fields after this event: read the log again once it has.
    setTimeout(() => void loadAudit(true), 0);
  });

  replace(main, h('h1', {}, 'Team and audit'),
    h('section', { 'aria-labelledby': 'members-heading' }, h('h2', { id: 'members-heading', tabindex: -1 }, 'Members'),
      h('p', { class: 'hint' }, `You are ${me.name ?? me.email ?? 'the account\'s credential'} (${me.role}).`),
      manage ? inviteForm : null, membersError, once, membersBox),
    !auditing ? null : h('section', { 'aria-labelledby': 'audit-heading' }, h('h2', { id: 'audit-heading' }, 'Audit log'),
      h('p', { class: 'hint' }, 'Every change and every sign-in, newest first: who, what, with which credential, from where (the names of the fields a change set, never their values).'),
      filters, auditError, auditBox, more));
  await Promise.all([drawMembers().catch((e: unknown) => membersError.show(problemText(e))), auditing ? loadAudit(true) : Promise.resolve()]);
}
