// Analytics: what the bots and channels did over a range of days (GET /v1/analytics/…, docs/analytics.md): the totals,
// messages over time, containment, delivery by channel, each interaction's funnel and drop-off, and what people wrote
// that the bot did not understand, each addable as an expression; every table as CSV.
import { api, must, problemText } from '../api.js';
import { announce, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';
import { addExpression, namedInteractions } from './add-expression.js';
import { chart, COLOURS, type DrawnChart } from './analytics-charts.js';
import { definitionOf } from './definition-of.js';

interface Filter { from?: string; to?: string; botId?: number; channelId?: number }

function query(f: Filter): { from?: string; to?: string; bot_id?: number; channel_id?: number } {
  return { from: f.from, to: f.to, bot_id: f.botId, channel_id: f.channelId };
}

/** The address of a page's view: #/analytics?from=…&to=…&bot=…&channel=… keeps a view shareable and reloadable. */
function filterFromHash(): Filter {
  const params = new URLSearchParams(location.hash.split('?')[1] ?? '');
  const id = (name: string) => (/^[1-9][0-9]*$/.test(params.get(name) ?? '') ? Number(params.get(name)) : undefined);
  const day = (name: string) => (/^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? '') ? params.get(name)! : undefined);
  return { from: day('from'), to: day('to'), botId: id('bot'), channelId: id('channel') };
}

function hashOf(f: Filter): string {
  const params = new URLSearchParams();
  if (f.from !== undefined) params.set('from', f.from);
  if (f.to !== undefined) params.set('to', f.to);
  if (f.botId !== undefined) params.set('bot', String(f.botId));
  if (f.channelId !== undefined) params.set('channel', String(f.channelId));
  const text = params.toString();
  return `#/analytics${text === '' ? '' : `?${text}`}`;
}

/** A moment the API gives (ISO, UTC) in the reader's own time. */
const when = (iso: string) => new Date(iso).toLocaleString();

/** A wait in words: seconds, minutes, or hours and minutes. */
function duration(seconds: number | null): string {
  if (seconds === null) return '–';
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  return `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min`;
}

const percent = (ratio: number | null) => (ratio === null ? '–' : `${Math.round(ratio * 1000) / 10} %`);

function tile(label: string, value: string | number): HTMLElement {
  return h('div', { class: 'tile' }, h('span', { class: 'value' }, String(value)), h('span', { class: 'label' }, label));
}

function table(caption: string, head: string[], rows: (string | number | Node)[][]): HTMLElement {
  return h('div', { class: 'scroll' }, h('table', {},
    h('caption', { class: 'sr-only' }, caption),
    h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows.map((r) => h('tr', {}, r.map((c, i) => (i === 0 ? h('th', { scope: 'row' }, c) : h('td', {}, c))))))));
}

/** A table folded under its chart: the numbers the chart draws, for a screen reader or a closer look. */
function numbers(summary: string, content: HTMLElement): HTMLElement {
  return h('details', {}, h('summary', {}, summary), content);
}

function exportLink(table: string, f: Filter): HTMLElement {
  const params = new URLSearchParams({ table });
  for (const [k, v] of Object.entries(query(f))) if (v !== undefined) params.set(k, String(v));
  return h('a', { href: `/v1/analytics/export?${params.toString()}`, download: true, class: 'export' }, `Download ${table} as CSV`);
}

export async function renderAnalytics(main: HTMLElement): Promise<() => void> {
  const filter = filterFromHash();
  const charts: DrawnChart[] = [];
  const [bots, channels] = await Promise.all([must(api.GET('/v1/bots')), must(api.GET('/v1/channels'))]);
  const channelName = new Map(channels.map((c) => [c.id, c.name]));

  const from = h('input', { type: 'date', name: 'from', value: filter.from ?? '' }) as HTMLInputElement;
  const to = h('input', { type: 'date', name: 'to', value: filter.to ?? '' }) as HTMLInputElement;
  const bot = h('select', { name: 'bot' }, h('option', { value: '' }, 'All bots'),
    bots.map((b) => h('option', { value: String(b.id), selected: b.id === filter.botId }, String(b.name)))) as HTMLSelectElement;
  const channel = h('select', { name: 'channel' }, h('option', { value: '' }, 'All channels'),
    channels.map((c) => h('option', { value: String(c.id), selected: c.id === filter.channelId }, c.name))) as HTMLSelectElement;
  const form = h('form', { class: 'row filters', 'aria-label': 'Range and scope' },
    field('From', from, 'UTC day; empty: 29 days before the last'), field('To', to, 'Inclusive; empty: today'),
    field('Bot', bot), field('Channel', channel), h('button', { type: 'submit' }, 'Show'));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    location.hash = hashOf({
      from: from.value || undefined, to: to.value || undefined,
      botId: bot.value === '' ? undefined : Number(bot.value), channelId: channel.value === '' ? undefined : Number(channel.value),
    });
  });
  const problem = errorBox();
  const body = h('div', {});
  replace(main, h('h1', {}, 'Analytics'), form, problem, body);

  try {
    const q = { params: { query: query(filter) } };
    const [totals, daily, perChannel, interactions, unrecognised] = await Promise.all([
      must(api.GET('/v1/analytics', q)), must(api.GET('/v1/analytics/daily', q)), must(api.GET('/v1/analytics/channels', q)),
      must(api.GET('/v1/analytics/interactions', q)), must(api.GET('/v1/analytics/unrecognised', { params: { query: { ...query(filter), limit: 100 } } })),
    ]);
    const days = daily.days.map((d) => d.day);
    const messages = chart('line', 'Messages over time', `Messages in and out each day from ${daily.from} to ${daily.to}: `
      + `${totals.messagesIn} in, ${totals.messagesOut.total} out in all.`, days, [
      { name: 'In', values: daily.days.map((d) => d.messagesIn), colour: COLOURS.in },
      { name: 'Out', values: daily.days.map((d) => d.messagesOut.total), colour: COLOURS.out },
    ]);
    // Bars: a day without conversations has no share, and a line would not show a lone day between two such.
    const containment = chart('bar', 'Containment', `Share of each day's new conversations that ended without a person: ${percent(totals.containment)} over the range.`,
      days, [{ name: 'Contained (%)', values: daily.days.map((d) => (d.containment === null ? Number.NaN : Math.round(d.containment * 1000) / 10)), colour: COLOURS.contained }],
      { percent: true });
    const channelLabels = perChannel.channels.map((c) => channelName.get(c.channelId) ?? `Channel ${c.channelId}`);
    const delivery = chart('bar', 'Delivery by channel', `Messages sent, delivered, read and failed on ${perChannel.channels.length} channels.`, channelLabels, [
      { name: 'Sent', values: perChannel.channels.map((c) => c.messagesOut.total), colour: COLOURS.out },
      { name: 'Delivered', values: perChannel.channels.map((c) => c.delivered), colour: COLOURS.delivered },
      { name: 'Read', values: perChannel.channels.map((c) => c.read), colour: COLOURS.read },
      { name: 'Failed', values: perChannel.channels.map((c) => c.failed), colour: COLOURS.failed },
    ]);
    const top = interactions.interactions.slice(0, 12);
    const funnel = chart('bar', 'Interactions: entered, finished, dropped', `The ${top.length} most entered interactions; `
      + `most dropped: ${[...top].sort((a, b) => b.dropped - a.dropped)[0]?.interaction ?? 'none'}.`, top.map((i) => i.interaction), [
      { name: 'Entered', values: top.map((i) => i.entered), colour: COLOURS.in },
      { name: 'Finished', values: top.map((i) => i.finished), colour: COLOURS.contained },
      { name: 'Dropped', values: top.map((i) => i.dropped), colour: COLOURS.failed },
    ], { horizontal: true });
    charts.push(messages, containment, delivery, funnel);

    replace(body,
      h('p', { class: 'hint' }, `From ${totals.from} to ${totals.to} (UTC days).`),
      h('div', { class: 'tiles' },
        tile('conversations', totals.conversations), tile('messages in', totals.messagesIn), tile('messages out', totals.messagesOut.total),
        tile('contained', percent(totals.containment)), tile('handed to people', totals.handoffs + totals.takeovers),
        tile(`to a person's first reply (average of ${totals.agentFirstReplies})`, duration(totals.agentFirstReplySeconds)),
        tile('not understood', totals.unrecognised), tile('opt-outs', totals.optouts), tile('failed', totals.failed)),
      h('section', { 'aria-labelledby': 'a-time' }, h('h2', { id: 'a-time' }, 'Over time'),
        h('div', { class: 'charts' }, messages.figure, containment.figure),
        numbers('The numbers by day', table('By day', ['Day', 'Conversations', 'In', 'Out', 'Contained', 'Handoffs', 'Not understood'],
          daily.days.map((d) => [d.day, d.conversations, d.messagesIn, d.messagesOut.total, percent(d.containment), d.handoffs + d.takeovers, d.unrecognised]))),
        exportLink('daily', filter)),
      h('section', { 'aria-labelledby': 'a-channels' }, h('h2', { id: 'a-channels' }, 'Channels'),
        perChannel.channels.length === 0 ? h('p', { class: 'empty' }, 'Nothing on any channel in this range.') : delivery.figure,
        table('By channel', ['Channel', 'In', 'Sent', 'Delivered', 'Read', 'Failed', 'Why they failed'], perChannel.channels.map((c, i) => [
          channelLabels[i]!, c.messagesIn, c.messagesOut.total, c.delivered, c.read, c.failed,
          c.failures.slice(0, 3).map((f) => `${f.reason} (${f.count})`).join(', ') || '–'])),
        exportLink('channels', filter)),
      h('section', { 'aria-labelledby': 'a-interactions' }, h('h2', { id: 'a-interactions' }, 'Interactions and drop-off'),
        h('p', { class: 'hint' }, 'Left there: conversations whose last interaction it was. Dropped: those that stopped in the middle of it (a question never answered).'),
        top.length === 0 ? h('p', { class: 'empty' }, 'No interaction was entered in this range.') : funnel.figure,
        table('Interactions', ['Interaction', 'Entered', 'Finished', 'Left there', 'Dropped', 'Drop-off'], interactions.interactions.map((i) => [
          i.interaction, i.entered, i.finished, i.left, i.dropped, percent(i.dropOff)])),
        exportLink('interactions', filter)),
      await notUnderstood(unrecognised.texts, filter),
      exportLink('unrecognised', filter));
  } catch (error) {
    problem.show(problemText(error));
  }
  return () => { for (const c of charts) c.destroy(); };
}

/**
 * What people wrote that the bot did not understand, most frequent first. With one bot chosen and a role that may
 * change bots, each text can be added as an expression of one of its interactions, in a new draft revision.
 */
async function notUnderstood(texts: { text: string; count: number; lastAt: string }[], filter: Filter): Promise<HTMLElement> {
  const section = h('section', { 'aria-labelledby': 'a-unrecognised' }, h('h2', { id: 'a-unrecognised' }, 'Not understood'));
  if (texts.length === 0) {
    section.append(h('p', { class: 'empty' }, 'Everything people wrote in this range was understood.'));
    return section;
  }
  const botId = filter.botId;
  if (botId === undefined || !can('bots:write')) {
    if (can('bots:write')) section.append(h('p', { class: 'hint' }, 'Choose a bot above to add these texts to its interactions as expressions.'));
    section.append(table('Not understood', ['Text', 'Times', 'Last'], texts.map((t) => [t.text, t.count, when(t.lastAt)])));
    return section;
  }
  const bot = await must(api.GET('/v1/bots/{bot_id}', { params: { path: { bot_id: botId } } }));
  const names = namedInteractions(bot);
  const target = h('select', { name: 'interaction' }, names.map((n) => h('option', { value: n }, n))) as HTMLSelectElement;
  const status = h('p', { role: 'status' });
  const problem = errorBox();
  const add = async (text: string, button: HTMLButtonElement) => {
    problem.show(null);
    button.disabled = true;
    try {
      // The newest revision, which may be a draft not published yet: the expression joins it, never an older one.
      const latest = await must(api.GET('/v1/bots/{bot_id}', { params: { path: { bot_id: botId } } }));
      const draft = await must(api.GET('/v1/bots/{bot_id}/revisions/{revision}', { params: { path: { bot_id: botId, revision: latest.latestRevision } } }));
      const { definition, added } = addExpression(definitionOf(draft), target.value, text);
      if (!added) {
        status.textContent = `"${text}" is already an expression of ${target.value}.`;
        return;
      }
      const saved = await must(api.PUT('/v1/bots/{bot_id}', { params: { path: { bot_id: botId }, query: { publish: false } }, body: definition }));
      status.replaceChildren(`Added "${text}" to ${target.value} in revision ${String(saved.latestRevision)}, a draft: `,
        h('a', { href: `#/bots/${String(botId)}` }, 'publish it from the bot\'s revisions'), '.');
      announce(`Added "${text}" to ${target.value} in draft revision ${String(saved.latestRevision)}.`);
    } catch (error) {
      problem.show(problemText(error));
      button.disabled = false;
    }
  };
  section.append(
    names.length === 0 ? h('p', { class: 'hint' }, 'Name an interaction of this bot to add texts to it as expressions.') : field('Add to interaction', target),
    status, problem,
    table('Not understood', ['Text', 'Times', 'Last', ''], texts.map((t) => {
      const button = h('button', { type: 'button', disabled: names.length === 0, 'aria-label': `Add "${t.text}" as an expression` }, 'Add as an expression') as HTMLButtonElement;
      button.addEventListener('click', () => void add(t.text, button));
      return [t.text, t.count, when(t.lastAt), button];
    })));
  return section;
}
