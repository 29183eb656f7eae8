// Overview: what runs now, counted from the public API (channels by type, conversations and who has them, bots, webhooks).
import { api, must } from '../api.js';
import { h, replace } from '../dom.js';

function tile(label: string, value: string | number): HTMLElement {
  return h('div', { class: 'tile' }, h('span', { class: 'value' }, String(value)), h('span', { class: 'label' }, label));
}

export async function renderOverview(main: HTMLElement): Promise<void> {
  const [channels, bots, page, webhooks] = await Promise.all([
    must(api.GET('/v1/channels')), must(api.GET('/v1/bots')),
    must(api.GET('/v1/conversations', { params: { query: { limit: 500 } } })), must(api.GET('/v1/webhooks')),
  ]);
  const byType = new Map<string, number>();
  for (const c of channels) byType.set(c.channelType, (byType.get(c.channelType) ?? 0) + 1);
  const agent = page.conversations.filter((c) => !c.botEnabled).length;
  const failing = webhooks.filter((w) => !w.enabled).length;
  replace(main, h('h1', {}, 'Overview'),
    h('div', { class: 'tiles' },
      tile('channels', channels.length), tile('bots', bots.length),
      tile(page.nextCursor === null ? 'conversations' : 'conversations (first 500)', page.conversations.length),
      tile('with an agent now', agent), tile('webhooks', webhooks.length), tile('webhooks disabled', failing)),
    h('h2', {}, 'Channels by type'),
    byType.size === 0 ? h('p', { class: 'empty' }, 'No channels yet.') : h('ul', {}, [...byType].map(([type, n]) => h('li', {}, `${type}: ${n}`))));
}
