// The bot builder on a bot's page: the flow as a graph and as a list of cards (the list is what a keyboard and a narrow
// screen use), and, for a role that may change bots, forms that add, edit, reorder and delete steps and interactions.
// Each change is a new definition handed to `onChange`, which puts it in the code editor: the text stays the one source.
import { announce, errorBox, field, h, replace } from '../dom.js';
import { flowOf } from '../pages/bot-flow.js';
import { askSteps } from './ask.js';
import { addInteraction, addStep, deleteInteraction, deleteStep, interactionsKey, interactionsOf, moveStep, replaceStep, startOf, targetNames, updateInteraction, type Start } from './edit.js';
import { flowGraph, type InteractionFigures } from './flow-graph.js';
import { stepForm, type StepResult } from './step-form.js';

type Json = Record<string, unknown>;
export type { InteractionFigures };

export interface BuilderOptions {
  figures: Map<string, InteractionFigures> | null;
  days: number;
  editable: boolean;
  /** A change made here: the new definition, and what to announce. */
  onChange(definition: Json, said: string): void;
}

const START_OPTIONS = [
  ['phrases', 'When the person says one of these phrases'],
  ['welcome', 'When a conversation starts (the welcome)'],
  ['fallback', 'When nothing else is understood (the catch-all)'],
  ['none', 'Only when another step leads to it'],
] as const;

/** The form naming an interaction and what starts it; `start` null: its triggers are more than the form shows. */
function interactionForm(title: string, name: string, start: Start | null, done: (result: { name: string; start: Start | null } | null) => void): HTMLFormElement {
  const nameInput = h('input', { name: 'interactionName', type: 'text', autocomplete: 'off' });
  nameInput.value = name;
  const startSelect = h('select', { name: 'start' }, START_OPTIONS.map(([v, text]) => h('option', { value: v, selected: start?.kind === v }, text)));
  const phrases = h('textarea', { name: 'phrases', rows: 3 });
  phrases.value = start?.kind === 'phrases' ? start.phrases.join('\n') : '';
  const problem = errorBox();
  const form = h('form', { class: 'step-form', 'aria-label': title }, h('h4', {}, title),
    field('Name (required)', nameInput),
    start === null ? h('p', { class: 'hint' }, 'What starts it (intents, keywords) is more than this form shows: edit it as code.')
      : [field('Starts', startSelect), field('Phrases', phrases, 'One a line; people may word them differently.')],
    problem,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save interaction'), h('button', { type: 'button', class: 'cancel' }, 'Cancel')));
  form.querySelector('.cancel')!.addEventListener('click', () => done(null));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const named = nameInput.value.trim();
    if (named === '') { problem.show('Name is required.'); nameInput.focus(); return; }
    if (start === null) { done({ name: named, start: null }); return; }
    const kind = startSelect.value as Start['kind'];
    const lines = phrases.value.split('\n').map((l) => l.trim()).filter(Boolean);
    if (kind === 'phrases' && lines.length === 0) { problem.show('Give at least one phrase, or choose another start.'); phrases.focus(); return; }
    done({ name: named, start: kind === 'phrases' ? { kind, phrases: lines } : { kind } as Start });
  });
  return form;
}

/** The builder's section; `update` draws it again from a definition (after an edit here or in the code). */
/** What conversation tests exercised (POST /v1/bots/test): interactions not entered, steps of entered ones not run. */
export interface TestCoverage { notEntered: { pointer: string; reachable: boolean }[]; notRun: string[] }

export interface Builder {
  element: HTMLElement;
  update(definition: Json): void;
  markProblems(list: { pointer: string; message: string }[]): void;
  /** The last test run's coverage on the cards and boxes; null takes the marks away. */
  markCoverage(coverage: TestCoverage | null): void;
}

export function builderSection(initial: Json, options: BuilderOptions): Builder {
  const { figures, days, editable } = options;
  let definition = initial;
  const hint = h('p', { class: 'hint' });
  // Focusable: a graph larger than its box scrolls by keyboard too.
  const canvas = h('div', { class: 'flow-canvas', tabindex: 0, role: 'region', 'aria-label': 'Graph of the interactions' });
  const cardsArea = h('div', { class: 'flow-cards' });
  const tail = h('div', { class: 'flow-tail' });
  /** Where the focus goes once the section is drawn again: a card by index, or a button by its selector. */
  let focusNext: (() => HTMLElement | null) | null = null;

  const change = (next: Json, said: string, focus: () => HTMLElement | null) => {
    focusNext = focus;
    options.onChange(next, said);
  };
  const cardAt = (n: number) => cardsArea.querySelectorAll<HTMLElement>('article.flow-card')[n] ?? null;

  function applyStep(index: number, at: number | null, result: StepResult, replacing: boolean): void {
    if ('action' in result) {
      const next = replacing && at !== null ? replaceStep(definition, index, at, result.action) : addStep(definition, index, result.action, at ?? undefined);
      change(next, replacing ? 'Step saved.' : 'Step added.', () => cardAt(index));
      return;
    }
    const { steps, retry } = askSteps(definition, result.ask);
    let next = definition;
    steps.forEach((s, n) => { next = addStep(next, index, s, at === null ? undefined : at + n); });
    next = addInteraction(next, String(retry.name), { kind: 'none' });
    const retryIndex = interactionsOf(next).length - 1;
    for (const s of retry.actions as Json[]) next = addStep(next, retryIndex, s);
    change(next, `Question added, with ${steps.length} steps and the interaction "${String(retry.name)}" that asks again.`, () => cardAt(index));
  }

  function card(interaction: Json, index: number, f: ReturnType<typeof flowOf>[number]): HTMLElement {
    const actions = Array.isArray(interaction.actions) ? interaction.actions as Json[] : [];
    const formArea = h('div', { class: 'card-form' });
    const close = () => { replace(formArea); cardAt(index)?.focus(); };
    const open = (form: HTMLFormElement) => {
      replace(formArea, form);
      form.querySelector<HTMLElement>('select, input, textarea')?.focus();
    };
    const button = (text: string, label: string, onClick: () => void, disabled = false) =>
      h('button', { type: 'button', class: 'small', 'aria-label': label, disabled, onclick: onClick }, text);
    const stepItem = (text: string, n: number) => {
      const action = actions[n] ?? {};
      const place = `step ${n + 1} of ${f.label}`;
      return h('li', {}, h('span', { class: 'step-text' }, text),
        editable ? h('span', { class: 'step-tools' },
          button('Edit', `Edit ${place}`, () => open(stepForm(action, targetNames(definition), `Edit ${place}`, (r) => (r === null ? close() : applyStep(index, n, r, true))))),
          button('Up', `Move ${place} up`, () => change(moveStep(definition, index, n, -1), 'Step moved up.', () => cardAt(index)), n === 0),
          button('Down', `Move ${place} down`, () => change(moveStep(definition, index, n, 1), 'Step moved down.', () => cardAt(index)), n === actions.length - 1),
          button('Delete', `Delete ${place}`, () => change(deleteStep(definition, index, n), 'Step deleted.', () => cardAt(index)))) : null);
    };
    const seen = figures?.get(f.label);
    return h('article', { class: f.unreachable ? 'flow-card unreachable' : 'flow-card', tabindex: -1, 'aria-labelledby': `${f.anchor}-title`, 'data-label': f.label },
      h('h3', { id: `${f.anchor}-title` }, f.label, f.unreachable
        ? [' ', h('span', { class: 'badge warn', title: 'No intent, expression or keyword starts it, and no interaction that is reached leads to it.' }, 'Unreachable')]
        : null),
      h('p', {}, f.triggers.length === 0 ? 'Starts only when another interaction leads to it.' : `Starts on ${f.triggers.join('; ')}.`),
      h('ol', { 'aria-label': `Steps of ${f.label}` }, f.steps.map((s, n) => stepItem(s.conditional ? `${s.text} (when its conditions hold)` : s.text, n))),
      figures === null ? null : h('p', { class: 'figures' }, seen === undefined ? 'Not entered in that time.'
        : `Entered ${seen.entered}, finished ${seen.finished}, dropped ${seen.dropped}${seen.dropOff === null ? '' : ` (${Math.round(seen.dropOff * 1000) / 10} %)`}.`),
      f.leadsTo.length === 0 ? null : h('p', {}, 'Leads to ', f.leadsTo.map((label) => h('button', { type: 'button', class: 'place', onclick: () => goTo(label) }, label))),
      editable ? h('div', { class: 'row card-tools' },
        button('Add a step', `Add a step to ${f.label}`, () => open(stepForm(null, targetNames(definition), `Add a step to ${f.label}`, (r) => (r === null ? close() : applyStep(index, null, r, false))))),
        button('Name and start', `Name and start of ${f.label}`, () => open(interactionForm(`Name and start of ${f.label}`, typeof interaction.name === 'string' ? interaction.name : '', startOf(interaction),
          (r) => (r === null ? close() : change(updateInteraction(definition, index, r.name, r.start), 'Interaction saved.', () => cardAt(index)))))),
        button('Delete interaction', `Delete interaction ${f.label}`, () => change(deleteInteraction(definition, index), `Interaction ${f.label} deleted.`, () => cardAt(Math.max(0, index - 1))))) : null,
      formArea);
  }

  function goTo(label: string): void {
    const target = cardsArea.querySelector<HTMLElement>(`article.flow-card[data-label="${CSS.escape(label)}"]`);
    target?.scrollIntoView({ block: 'nearest' });
    target?.focus();
  }

  let problems: { pointer: string; message: string }[] = [];
  let coverage: TestCoverage | null = null;
  const interactionsKeyOf = () => interactionsKey(definition);
  /** The validator's problems on the cards and boxes they are in (and on the step, where one names it). */
  function mark(): void {
    const cards = [...cardsArea.querySelectorAll<HTMLElement>('article.flow-card')];
    cards.forEach((c, n) => {
      c.querySelectorAll('.coverage-mark').forEach((e) => e.remove());
      const node = canvas.querySelector(`.node[data-label="${CSS.escape(c.dataset.label ?? '')}"]`);
      const untested = coverage?.notEntered.some((e) => e.pointer === `/${interactionsKeyOf()}/${n}` && e.reachable) ?? false;
      node?.classList.toggle('untested', untested);
      if (untested) c.querySelector('h3')!.append(' ', h('span', { class: 'badge coverage-mark', title: 'No test entered it.' }, 'Not tested'));
      c.querySelectorAll('ol > li').forEach((item, m) => {
        if (coverage?.notRun.includes(`/${interactionsKeyOf()}/${n}/actions/${m}`) === true) {
          item.querySelector('.step-text')?.after(h('span', { class: 'coverage-mark not-run' }, ' (no test ran it)'));
        }
      });
      const mine = problems.filter((p) => new RegExp(`^/(interactions|workflows)/${n}(/|$)`).test(p.pointer));
      c.classList.toggle('has-problem', mine.length > 0);
      c.querySelector('.problem-count')?.remove();
      c.querySelectorAll('.step-problem').forEach((e) => e.remove());
      canvas.querySelector(`.node[data-label="${CSS.escape(c.dataset.label ?? '')}"]`)?.classList.toggle('has-problem', mine.length > 0);
      if (mine.length === 0) return;
      c.querySelector('h3')!.append(' ', h('span', { class: 'badge warn problem-count' }, `${mine.length} problem${mine.length === 1 ? '' : 's'}`));
      const steps = c.querySelectorAll('ol > li');
      for (const p of mine) {
        const step = /\/actions\/(\d+)/.exec(p.pointer);
        const item = step === null ? null : steps[Number(step[1])];
        item?.querySelector('.step-text')?.after(h('span', { class: 'step-problem' }, ` Problem: ${p.message}`));
      }
    });
  }

  function draw(): void {
    const flow = flowOf(definition);
    const unreachable = flow.filter((f) => f.unreachable).length;
    hint.textContent = `${flow.length} interaction${flow.length === 1 ? '' : 's'}${unreachable === 0 ? '' : `, ${unreachable} that nothing reaches`}`
      + (figures === null ? '.' : `; entered, finished and dropped over the last ${days} days.`);
    replace(canvas, flow.length === 0 ? null : flowGraph(flow, figures, goTo));
    const interactions = interactionsOf(definition);
    replace(cardsArea, flow.map((f, n) => card(interactions[n] ?? {}, n, f)));
    if (editable) {
      const area = h('div', { class: 'card-form' });
      const add = h('button', { type: 'button' }, 'Add an interaction');
      add.addEventListener('click', () => {
        const form = interactionForm('Add an interaction', '', { kind: 'phrases', phrases: [] }, (r) => {
          if (r === null) { replace(area); add.focus(); return; }
          change(addInteraction(definition, r.name, r.start ?? { kind: 'none' }), `Interaction ${r.name} added.`, () => cardAt(interactionsOf(definition).length - 1));
        });
        replace(area, form);
        form.querySelector<HTMLElement>('input')?.focus();
      });
      replace(tail, add, area);
    }
    mark();
    const focus = focusNext?.();
    focusNext = null;
    focus?.focus();
  }
  draw();
  const element = h('section', { 'aria-labelledby': 'flow-title' },
    h('h2', { id: 'flow-title' }, 'Flow'), hint,
    editable ? h('p', { class: 'hint' }, 'Changes here are written into the definition above (one source: what you save is that text).') : null,
    canvas, cardsArea, tail);
  return {
    element,
    update(next) {
      definition = next;
      draw();
    },
    markProblems(list) {
      problems = list;
      mark();
    },
    markCoverage(next) {
      coverage = next;
      mark();
    },
  };
}
