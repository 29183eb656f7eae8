// A human's consent in the humans page's editor: their state per channel family now and every opt-in and opt-out with
// where it came from (GET /v1/humans/{id}/consent), read-only: the ledger is only ever appended to (docs/consent.md).
import { api, must } from '../api.js';
import { dateText, h } from '../dom.js';

const SOURCES: Record<string, string> = {
  keyword: 'a word they sent', provider: 'the provider', api: 'the API', agent: 'a person in this console', bot: 'the bot',
  import: 'an import', history: 'before the ledger',
};

export async function consentPart(humanId: number): Promise<HTMLElement> {
  const { current, events } = await must(api.GET('/v1/humans/{human_id}/consent', { params: { path: { human_id: humanId } } }));
  const line = (e: (typeof events)[number]) => `${dateText(e.date)}: ${e.family} ${e.state === 'in' ? 'opted in' : 'opted out'}, by ${SOURCES[e.source] ?? e.source}${e.proof === null ? '' : ` ("${e.proof}")`}`;
  return h('section', { class: 'consent', 'aria-labelledby': `consent-${humanId}` },
    h('h3', { id: `consent-${humanId}` }, 'Consent'),
    current.length === 0 ? h('p', { class: 'hint' }, 'No opt-in or opt-out on record.')
      : h('p', {}, current.map((c) => `${c.family}: ${c.state === 'in' ? 'in' : 'out'}`).join(' · ')),
    events.length === 0 ? null : h('details', {}, h('summary', {}, `Every change (${events.length})`),
      h('ol', { 'aria-label': 'Consent changes, oldest first' }, events.map((e) => h('li', {}, line(e))))));
}
