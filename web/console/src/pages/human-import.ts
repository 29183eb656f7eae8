// Humans › Import: a CSV or JSON lines file sent as it is, its progress and counts read live, cancelling, the rows'
// problems a page at a time, and the recent imports to reopen (#/humans/import/5).
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';

const POLL_MS = 500;
const PROBLEMS_PAGE = 50;
const load = (id: number) => must(api.GET('/v1/humans/imports/{import_id}', { params: { path: { import_id: id } } }));
type Import = Awaited<ReturnType<typeof load>>;
const STATUS: Record<Import['status'], string> = {
  receiving: 'receiving the file', importing: 'importing', done: 'done', cancelled: 'cancelled', failed: 'failed',
};
const running = (i: Import) => i.status === 'receiving' || i.status === 'importing';
const named = (i: Import) => `Import ${i.id}${i.fileName === null ? '' : `: ${i.fileName}`}`;

export async function renderHumanImport(main: HTMLElement, args: string[]): Promise<() => void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let left = false;
  // The import on view, and the latest read of it: an older answer (a poll overtaken by Cancel, an import opened
  // meanwhile) is dropped, so nothing is drawn or announced twice.
  let shown = 0;
  let latest = 0;
  const writable = can('humans:write');
  const error = errorBox();

  const file = h('input', { type: 'file', name: 'file', accept: '.csv,.jsonl,.ndjson', required: true });
  const send = h('button', { type: 'submit', class: 'primary' }, 'Import');
  const form = h('form', { class: 'row' }, field('File (CSV or JSON lines)', file), send);

  // Built once per view and updated in place, so a keyboard on Cancel keeps its place while the counts move.
  const heading = h('h2', { id: 'import-now' });
  const state = h('p', { tabindex: -1 });
  const bar = h('progress', { id: 'import-bar', max: 1 });
  const numbers = { rows: h('dd'), created: h('dd'), updated: h('dd'), failed: h('dd') };
  const counts = h('dl', { class: 'counts' }, Object.entries(numbers).flatMap(([k, dd]) => [h('dt', {}, k), dd]));
  const cancel = h('button', { type: 'button', class: 'danger', hidden: true }, 'Cancel import');
  const problems = h('div');
  const now = h('section', { class: 'card import', 'aria-labelledby': 'import-now', hidden: true },
    heading, state, h('div', { class: 'field' }, h('label', { for: bar.id }, 'Rows dealt with'), bar), counts, cancel, problems);
  const recent = h('div');

  function sending(name: string): void {
    now.hidden = false;
    heading.textContent = `Sending ${name}`;
    state.textContent = 'The file is on its way; the rows are counted as they arrive.';
    bar.removeAttribute('value');
    counts.hidden = true;
    cancel.hidden = true;
    problems.replaceChildren();
  }

  function draw(i: Import): void {
    now.hidden = false;
    heading.textContent = named(i);
    state.textContent = `Status: ${STATUS[i.status]}${i.problem === null ? '' : ` (${i.problem})`} · ${i.processed} of ${i.rows} rows`;
    // No rows known yet: the bar says "under way" rather than a made-up fraction.
    if (i.rows === 0 && running(i)) bar.removeAttribute('value');
    else Object.assign(bar, { max: Math.max(i.rows, 1), value: i.processed });
    bar.textContent = `${i.processed} of ${i.rows}`;
    counts.hidden = false;
    for (const [k, dd] of Object.entries(numbers)) dd.textContent = String(i[k as keyof typeof numbers]);
    cancel.hidden = !writable || !running(i);
  }

  async function drawProblems(id: number): Promise<void> {
    const rows = h('tbody');
    const table = h('table', { tabindex: -1 }, h('caption', {}, 'Problems by row'),
      h('thead', {}, h('tr', {}, ['Row', 'Column', 'Reason'].map((t) => h('th', { scope: 'col' }, t)))), rows);
    const more = h('button', { type: 'button' }, 'More problems');
    let cursor: string | null = null;
    const next = async () => {
      const query = { limit: PROBLEMS_PAGE, ...(cursor === null ? {} : { cursor }) };
      const page = await must(api.GET('/v1/humans/imports/{import_id}/errors', { params: { path: { import_id: id }, query } }));
      rows.append(...page.errors.map((e) => h('tr', {},
        h('td', {}, String(e.row)), h('td', {}, e.field ?? 'the whole row'), h('td', {}, e.reason))));
      cursor = page.nextCursor;
      more.hidden = cursor === null;
    };
    more.addEventListener('click', () => void next().then(() => {
      // The button goes with the last page: the keyboard goes on from the table rather than from nowhere.
      if (more.hidden) table.focus();
    }, (e: unknown) => error.show(problemText(e))));
    await next();
    if (shown === id) replace(problems, h('div', { class: 'scroll' }, table), more);
  }

  async function drawRecent(): Promise<void> {
    const { imports } = await must(api.GET('/v1/humans/imports', { params: { query: { limit: 10 } } }));
    const counted = (i: Import) => `${i.rows} rows: ${i.created} created, ${i.updated} updated, ${i.failed} failed`;
    replace(recent, imports.length === 0 ? h('p', { class: 'empty' }, 'No imports yet.')
      : h('ul', { class: 'plain' }, imports.map((i) => h('li', {},
        h('a', { href: `#/humans/import/${i.id}`, 'aria-current': i.id === shown ? 'true' : null }, named(i)),
        ` · ${dateText(i.dateCreated)} · ${STATUS[i.status]} · ${counted(i)}`))));
  }

  async function follow(id: number, watching = false): Promise<void> {
    clearTimeout(timer);
    shown = id;
    const ticket = ++latest;
    const i = await load(id);
    if (left || ticket !== latest) return;
    draw(i);
    if (running(i)) {
      timer = setTimeout(() => void follow(id, true).catch((e: unknown) => error.show(problemText(e))), POLL_MS);
      return;
    }
    if (watching) announce(`${named(i)} ${STATUS[i.status]}: ${i.created} created, ${i.updated} updated, ${i.failed} failed.`);
    await Promise.all([i.errors > 0 ? drawProblems(id) : null, watching ? drawRecent() : null]);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = file.files?.[0];
    if (chosen === undefined) return;
    void (async () => {
      error.show(null);
      send.disabled = true;
      shown = 0;
      latest += 1;
      clearTimeout(timer);
      sending(chosen.name);
      try {
        const started = await must(api.POST('/v1/humans/imports', {
          params: { query: { fileName: chosen.name } },
          headers: { 'Content-Type': /\.csv$/i.test(chosen.name) ? 'text/csv' : 'application/x-ndjson' },
          // The File itself is the body, never read into the page: the browser sends it from disk, and the session's
          // cookie and CSRF header go with it as with every call. (The schema can only type a raw body as text.)
          body: chosen as unknown as string,
          bodySerializer: (body) => body,
        }));
        history.replaceState(null, '', `#/humans/import/${started.id}`);
        form.reset();
        await follow(started.id, true);
      } catch (e) {
        now.hidden = true;
        error.show(problemText(e));
      } finally {
        send.disabled = false;
      }
    })();
  });

  cancel.addEventListener('click', () => void (async () => {
    try {
      await must(api.POST('/v1/humans/imports/{import_id}/cancel', { params: { path: { import_id: shown } } }));
      // The button is gone once the import is over: the keyboard goes on from the status it ended with.
      await follow(shown, true);
      state.focus();
    } catch (e) {
      error.show(problemText(e));
    }
  })());

  replace(main, h('h1', {}, 'Import humans'), h('p', {}, h('a', { href: '#/humans' }, 'Back to humans')),
    h('p', { class: 'hint' }, 'Each row finds its human by phone, then e-mail, then a channel identity, or creates one. '
      + 'A CSV file names its columns in a header row: firstName, lastName, phone, email, tags (separated by ";"), '
      + 'attributes.<name>, identity.<channel id>, subscribed.<channel id>, consent.<family> with consent.<family>.date '
      + 'and consent.<family>.proof. A JSON lines file has one object a line with the same names.'),
    writable ? form : h('p', { class: 'hint' }, 'Your role can follow imports, not start them.'),
    error, now, h('section', { 'aria-labelledby': 'recent-imports' }, h('h2', { id: 'recent-imports' }, 'Recent imports'), recent));
  const opened = Number(args[0]);
  const reopened = Number.isInteger(opened) && opened > 0 ? follow(opened).catch((e: unknown) => error.show(problemText(e))) : null;
  await Promise.all([drawRecent(), reopened]);
  return () => {
    left = true;
    clearTimeout(timer);
  };
}
