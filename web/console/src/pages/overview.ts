// Overview: today's figures (GET /v1/overview): channels, conversations open now, messages in and out per channel type, failures.
import { api, must } from '../api.js';
import { typeLabel } from '../channel-forms.js';
import { dateText, h, replace } from '../dom.js';

function tile(label: string, value: number): HTMLElement {
  return h('div', { class: 'tile' }, h('span', { class: 'value' }, String(value)), h('span', { class: 'label' }, label));
}

export async function renderOverview(main: HTMLElement): Promise<void> {
  const o = await must(api.GET('/v1/overview'));
  const types = [...new Set([...o.channels.map((c) => c.channelType), ...o.messages.map((m) => m.channelType)])].sort();
  const count = (type: string, direction: string) => o.messages.find((m) => m.channelType === type && m.direction === direction)?.count ?? 0;
  replace(main, h('h1', {}, 'Overview'),
    h('p', { class: 'hint' }, `Today: since ${dateText(o.since)}. Channels made to try a bot are left out.`),
    h('div', { class: 'tiles' },
      tile('channels', o.channels.reduce((sum, c) => sum + c.count, 0)),
      tile('conversations active today', o.conversations.activeSince),
      tile('with an agent now', o.conversations.withAgent),
      tile('delivery failures today', o.deliveryFailures),
      tile('webhook failures today', o.webhooks.failedDeliveries),
      tile('webhooks disabled', o.webhooks.disabled)),
    h('h2', {}, 'Messages today per channel type'),
    types.length === 0 ? h('p', { class: 'empty' }, 'No channels yet.') : h('div', { class: 'scroll' }, h('table', {},
      h('caption', { class: 'sr-only' }, 'Messages today per channel type'),
      h('thead', {}, h('tr', {}, ['Channel type', 'Channels', 'In', 'Out'].map((t) => h('th', { scope: 'col' }, t)))),
      h('tbody', {}, types.map((t) => h('tr', {},
        h('th', { scope: 'row' }, typeLabel(t)), h('td', {}, String(o.channels.find((c) => c.channelType === t)?.count ?? 0)),
        h('td', { 'data-in': t }, String(count(t, 'in'))), h('td', { 'data-out': t }, String(count(t, 'out')))))))));
}
