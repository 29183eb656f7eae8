// The form that adds or edits one step: the fields of its kind (builder/steps.ts), "Ask a question" (builder/ask.ts),
// or the step as code for what no form shows whole.
import { errorBox, field, h, replace } from '../dom.js';
import { ASK_KINDS, CONTACT_FIELDS, type Ask, type AskKind } from './ask.js';
import { STEP_KINDS, kindOf, type FieldSpec, type StepKind, type Values } from './steps.js';

type Json = Record<string, unknown>;

/** What the form gives back: one action, or an ask (steps and a re-ask interaction, made by the caller). */
export type StepResult = { action: Json } | { ask: Ask };

const RETRY: Record<AskKind, string> = {
  text: 'Sorry, I need a few words there.',
  email: 'That does not look like an e-mail address. Please type it again, such as ada@example.com.',
  phone: 'That does not look like a phone number. Please type it again, such as +1 555 010 0100.',
  number: 'Please answer with a number.',
  date: 'Please give a date, such as "tomorrow at 3pm" or 2026-03-10.',
  choice: 'Please pick one of the choices.',
};

function input(spec: FieldSpec, value: string, targets: string[]): HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  if (spec.kind === 'select') {
    return h('select', { name: spec.name }, (spec.options ?? []).map(([v, text]) => h('option', { value: v, selected: v === value }, text)));
  }
  if (spec.kind === 'target') {
    // A target the list does not hold (a typo, a bot included) is kept as an option so that saving keeps it.
    const names = value !== '' && !targets.includes(value) ? [...targets, value] : targets;
    return h('select', { name: spec.name }, h('option', { value: '' }, spec.required === true ? 'Choose…' : 'Nowhere'),
      names.map((n) => h('option', { value: n, selected: n === value }, n)));
  }
  if (spec.kind === 'textarea' || spec.kind === 'lines') {
    const area = h('textarea', { name: spec.name, rows: spec.kind === 'lines' ? 3 : 2 });
    area.value = value;
    return area;
  }
  const one = h('input', { name: spec.name, type: 'text', autocomplete: 'off' });
  one.value = value;
  return one;
}

const ASK_FIELDS: FieldSpec[] = [
  { name: 'askKind', label: 'Answer', kind: 'select', options: Object.entries(ASK_KINDS).map(([k, v]) => [k, v.title] as const) },
  { name: 'question', label: 'Question', kind: 'textarea', required: true },
  { name: 'choices', label: 'Choices', kind: 'lines', hint: 'One a line, for "One of a few choices".' },
  { name: 'keepIn', label: 'Keep the answer in', kind: 'text', required: true,
    hint: `An attribute name, or ${CONTACT_FIELDS.join(', ')} to keep it on the contact.` },
  { name: 'retry', label: 'Said on a wrong answer, before asking again', kind: 'textarea', required: true },
];

interface FormKind { id: string; title: string; fields: FieldSpec[] }
const ASK: FormKind = { id: 'ask', title: 'Ask a question (checked, asked again on a wrong answer)', fields: ASK_FIELDS };
const CODE: FormKind = { id: 'code', title: 'Any step, as code (JSON)', fields: [{ name: 'code', label: 'The step as JSON', kind: 'textarea', required: true }] };

/**
 * A form for a new step (`prior` null: the kind is chosen) or for an existing one (its kind's form, else its code).
 * `done` gets the result, or null on "Cancel".
 */
export function stepForm(prior: Json | null, targets: string[], title: string, done: (result: StepResult | null) => void): HTMLFormElement {
  const known = prior === null ? null : kindOf(prior);
  const kinds: FormKind[] = prior === null ? [ASK, ...STEP_KINDS, CODE] : [known?.kind ?? CODE];
  const kindSelect = h('select', { name: 'kind' }, kinds.map((k) => h('option', { value: k.id }, k.title)));
  const fields = h('div', { class: 'fields' });
  const problem = errorBox();
  let inputs = new Map<string, HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();

  function show(kind: FormKind, values: Values): void {
    inputs = new Map(kind.fields.map((f) => [f.name, input(f, values[f.name] ?? '', targets)]));
    replace(fields, kind.fields.map((f) => field(f.required === true ? `${f.label} (required)` : f.label, inputs.get(f.name)!, f.hint)));
    if (kind === ASK) {
      const askKind = inputs.get('askKind')!;
      // The defaults follow the kind of answer until the person types their own.
      askKind.addEventListener('change', () => {
        const k = askKind.value as AskKind;
        const keep = inputs.get('keepIn')!;
        if (keep.value === '' || CONTACT_FIELDS.includes(keep.value as never)) keep.value = k === 'email' ? 'sys:email' : k === 'phone' ? 'sys:phone' : '';
        const retry = inputs.get('retry')!;
        if (retry.value === '' || Object.values(RETRY).includes(retry.value)) retry.value = RETRY[k];
      });
      inputs.get('retry')!.value = RETRY.text;
    }
  }
  const current = (): FormKind => kinds.find((k) => k.id === kindSelect.value) ?? kinds[0]!;
  show(kinds[0]!, prior === null ? {} : known?.values ?? { code: JSON.stringify(prior, null, 2) });
  kindSelect.addEventListener('change', () => show(current(), {}));

  const form = h('form', { class: 'step-form', 'aria-label': title },
    h('h4', {}, title),
    prior === null ? field('Kind of step', kindSelect) : h('p', { class: 'hint' }, known === null ? 'This step holds more than a form shows: edit it as code.' : known.kind.title),
    fields, problem,
    h('div', { class: 'row' }, h('button', { type: 'submit', class: 'primary' }, 'Save step'), h('button', { type: 'button', class: 'cancel' }, 'Cancel')));
  form.querySelector('.cancel')!.addEventListener('click', () => done(null));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const kind = current();
    const values: Values = Object.fromEntries([...inputs].map(([k, el]) => [k, el.value]));
    const missing = kind.fields.find((f) => f.required === true && (values[f.name] ?? '').trim() === '');
    if (missing !== undefined) {
      problem.show(`${missing.label} is required.`);
      inputs.get(missing.name)!.focus();
      return;
    }
    if (kind === ASK) {
      const choices = (values.choices ?? '').split('\n').map((c) => c.trim()).filter(Boolean);
      if (values.askKind === 'choice' && choices.length === 0) return problem.show('A question with choices needs at least one choice.');
      return done({ ask: { kind: values.askKind as AskKind, question: values.question!.trim(), keepIn: values.keepIn!.trim(), retry: values.retry!.trim(), choices } });
    }
    if (kind === CODE) {
      try {
        const action: unknown = JSON.parse(values.code ?? '');
        if (typeof action !== 'object' || action === null || Array.isArray(action)) return problem.show('A step is a JSON object, such as {"goto": "menu"}.');
        return done({ action: action as Json });
      } catch (e) {
        return problem.show(`JSON syntax: ${(e as Error).message}`);
      }
    }
    // A step saved as the form showed it stays as written (`"data": "number"` is not rewritten as a list).
    const unchanged = prior !== null && known !== null && Object.entries(known.values).every(([k, v]) => values[k] === v);
    done({ action: unchanged ? prior : (kind as StepKind).write(values, prior ?? {}) });
  });
  return form;
}
