// A bot's flow drawn on its page: a card an interaction, with (from analytics) how many entered, finished and dropped it.
import { h } from '../dom.js';
import { flowOf } from './bot-flow.js';

/** What analytics say of an interaction over the last days (GET /v1/analytics/interactions). */
export interface InteractionFigures { entered: number; finished: number; dropped: number; dropOff: number | null }

/**
 * The flow as a list of cards, a card an interaction: the view of the flow that fits any width and reads by keyboard.
 * "Leads to" moves the focus to the card it names (the address names the page, so no in-page links).
 */
export function flowSection(definition: unknown, figures: Map<string, InteractionFigures> | null, days: number): HTMLElement {
  const flow = flowOf(definition);
  const unreachable = flow.filter((f) => f.unreachable).length;
  const cards = new Map<string, HTMLElement>();
  const goTo = (label: string) => {
    const card = cards.get(label);
    card?.scrollIntoView({ block: 'nearest' });
    card?.focus();
  };
  const figuresOf = (label: string) => {
    if (figures === null) return null;
    const seen = figures.get(label);
    return h('p', { class: 'figures' }, seen === undefined ? 'Not entered in that time.'
      : `Entered ${seen.entered}, finished ${seen.finished}, dropped ${seen.dropped}${seen.dropOff === null ? '' : ` (${Math.round(seen.dropOff * 1000) / 10} %)`}.`);
  };
  for (const f of flow) {
    cards.set(f.label, h('article', { class: f.unreachable ? 'flow-card unreachable' : 'flow-card', tabindex: -1, 'aria-labelledby': `${f.anchor}-title` },
      h('h3', { id: `${f.anchor}-title` }, f.label, f.unreachable
        ? [' ', h('span', { class: 'badge warn', title: 'No intent, expression or keyword starts it, and no interaction that is reached leads to it.' }, 'Unreachable')]
        : null),
      h('p', {}, f.triggers.length === 0 ? 'Starts only when another interaction leads to it.' : `Starts on ${f.triggers.join('; ')}.`),
      h('ol', { 'aria-label': `Steps of ${f.label}` }, f.steps.map((s) => h('li', {}, s.conditional ? `${s.text} (when its conditions hold)` : s.text))),
      figuresOf(f.label),
      f.leadsTo.length === 0 ? null : h('p', {}, 'Leads to ', f.leadsTo.map((label) => h('button', { type: 'button', class: 'place', onclick: () => goTo(label) }, label)))));
  }
  return h('section', { 'aria-labelledby': 'flow-title' },
    h('h2', { id: 'flow-title' }, 'Flow'),
    h('p', { class: 'hint' }, `${flow.length} interaction${flow.length === 1 ? '' : 's'}${unreachable === 0 ? '' : `, ${unreachable} that nothing reaches`}`
      + (figures === null ? '.' : `; entered, finished and dropped over the last ${days} days.`)),
    [...cards.values()]);
}
