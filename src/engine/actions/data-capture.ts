// dataCapture: a form shown as a form where the channel has forms (web chat), asked field by field elsewhere; submit and dismiss run their targets.
import type { DataCaptureFieldModel, DataCaptureModel } from '../definition/model.js';
import { DATA_CAPTURE_FIELD_TYPES } from '../definition/limits.js';
import type { FormEvent, MessageEvent } from '../events.js';
import { checkField } from '../input/form-fields.js';
import { isJsonObject, parseJson, type JsonObject } from '../language/json-value.js';
import { parseReference } from '../language/reference.js';
import { resolveJson } from '../language/resolve.js';
import { normalizeText } from '../nlu/normalize.js';
import { emptyMessage, type RenderedForm } from '../outbound.js';
import type { RunContext } from '../run-context.js';
import type { Suspension } from '../state.js';
import type { StepChain, StepContext, StepOutcome } from './step.js';

type FormSuspension = Extract<Suspension, { kind: 'form' }>;

function populatedField(node: JsonObject): DataCaptureFieldModel | null {
  const type = DATA_CAPTURE_FIELD_TYPES.find((t) => t === node.type);
  if (type === undefined || typeof node.attribute !== 'string') return null;
  const str = (k: string) => (typeof node[k] === 'string' ? (node[k] as string) : null);
  return {
    type, attribute: node.attribute, title: str('title'), placeholder: str('placeholder'), required: node.required === true,
    options: Array.isArray(node.options) ? node.options.filter((o): o is string => typeof o === 'string') : [], multi: node.multi === true,
  };
}

/** The form's fields: as written, then those a populate generates from a JSON array of field objects. */
export function formFields(model: DataCaptureModel, run: RunContext): DataCaptureFieldModel[] {
  const fields = [...model.fields];
  const from = model.populate?.from ?? null;
  const ref = from === null ? null : parseReference(from);
  if (ref !== null && ref.kind === 'attribute') {
    let value = resolveJson(ref, run.language);
    if (typeof value === 'string') {
      const parsed = parseJson(value);
      value = parsed.ok ? parsed.value : undefined;
    }
    if (Array.isArray(value)) for (const item of value) if (isJsonObject(item)) { const f = populatedField(item); if (f) fields.push(f); }
  }
  return fields;
}

function renderForm(model: DataCaptureModel, fields: DataCaptureFieldModel[], token: string): RenderedForm {
  return {
    token, displayMode: model.displayMode, submitButton: model.submitButton, dismissButton: model.dismissButton,
    fields: fields.map((f) => ({ type: f.type, name: f.attribute, title: f.title, placeholder: f.placeholder, required: f.required, options: f.options, multi: f.multi })),
  };
}

/** The question for one field on a text channel: its title, its options numbered, and how to skip it. */
function prompt(field: DataCaptureFieldModel, model: DataCaptureModel, run: RunContext): void {
  const lines = [`${field.title ?? field.attribute}${field.placeholder ? ` (${field.placeholder})` : ''}`];
  field.options.forEach((o, i) => lines.push(`${i + 1}. ${o}`));
  if (field.type === 'checkbox' || (field.type === 'select' && field.multi)) lines.push('Several answers: separate them with commas.');
  if (field.type === 'switch') lines.push('Answer yes or no.');
  if (!field.required) lines.push('Reply "skip" to leave it empty.');
  if (model.dismissButton) lines.push(`Reply "${model.dismissButton}" to stop.`);
  const message = emptyMessage();
  message.text = lines.join('\n');
  run.outbound.push(message);
}

function showForm(model: DataCaptureModel, fields: DataCaptureFieldModel[], token: string, run: RunContext): void {
  const message = emptyMessage();
  message.form = renderForm(model, fields, token);
  run.outbound.push(message);
}

export function startDataCapture(model: DataCaptureModel, { run, chain, interaction, index }: StepContext): StepOutcome {
  const token = run.language.uuid();
  const fields = formFields(model, run);
  if (fields.length === 0) return 'next';
  if (run.env.channel.capabilities.forms) {
    showForm(model, fields, token, run);
    if (model.displayMode === 'message') {
      run.state.openForms.push({ token, interaction, action: index, revision: run.state.revision });
      return 'next';
    }
    return chain.suspend({ kind: 'form', token, interaction, action: index, field: null, values: {} });
  }
  // The questions offer their own numbered options: earlier buttons no longer answer by number.
  run.state.choices = [];
  prompt(fields[0]!, model, run);
  return chain.suspend({ kind: 'form', token, interaction, action: index, field: 0, values: {} });
}

function modelAt(chain: StepChain, interaction: number, action: number): DataCaptureModel | null {
  const step = chain.program.interactions[interaction]?.actions[action]?.step;
  return step?.kind === 'dataCapture' ? step.dataCapture : null;
}

/** Stores the values; a field's attribute may be any writable attribute (sys:firstName included). */
function store(values: Record<string, string | null>, run: RunContext, pointer: string): void {
  for (const [attribute, value] of Object.entries(values)) run.assign(attribute, value, pointer);
}

function say(run: RunContext, text: string): void {
  const message = emptyMessage();
  message.text = text;
  run.outbound.push(message);
}

/**
 * A form sent back or dismissed (web chat). Submitted: the values are checked (the problems are
 * said and the form shown again), stored, and executeOnSubmit runs before the chain goes on.
 * Dismissed: executeOnDismiss replaces the rest of the chain (which expected the values), or the
 * chain ends. A message-mode form's targets run only when the bot is idle.
 */
export function answerForm(event: FormEvent, chain: StepChain): void {
  const { run } = chain;
  const state = run.state;
  const blocking = state.suspended?.kind === 'form' && state.suspended.token === event.token ? state.suspended : null;
  const open = state.openForms.find((f) => f.token === event.token) ?? null;
  const where = blocking ?? open;
  if (where === null) {
    run.issue('', 'A form came back that is no longer open; it was ignored.');
    return;
  }
  const model = modelAt(chain, where.interaction, where.action);
  if (model === null) return;
  const pointer = chain.program.interactions[where.interaction]!.actions[where.action]!.pointer;
  if (event.action === 'submit') {
    const ctx = { numbered: false, now: run.env.clock(), timeZone: run.env.timeZone };
    const values: Record<string, string | null> = {};
    const problems: string[] = [];
    for (const field of formFields(model, run)) {
      const checked = checkField(field, event.values[field.attribute], ctx);
      if (checked.ok) values[field.attribute] = checked.value;
      else problems.push(checked.problem);
    }
    if (problems.length > 0) {
      say(run, problems.join('\n'));
      showForm(model, formFields(model, run), event.token, run);
      return;
    }
    store(values, run, pointer);
  }
  state.openForms = state.openForms.filter((f) => f.token !== event.token);
  const target = event.action === 'submit' ? model.executeOnSubmit : model.executeOnDismiss;
  if (blocking !== null) {
    state.suspended = null;
    if (event.action === 'dismiss') chain.goto(target === null ? [] : [target], pointer);
    else if (target !== null) chain.execute([target], pointer);
  } else if (target !== null && state.suspended === null && state.frames.length === 0) {
    chain.goto([target], pointer);
  }
}

/**
 * A message while a blocking form is open. Where forms are shown as forms (web chat), a popup must
 * be sent or dismissed: it is shown again. Elsewhere the message answers the current field. A
 * wrong answer is explained and the field asked again in popup mode; in message mode (the form
 * need not be filled) the form is left, and false tells the runner to handle the message as any other.
 */
export function answerFormByText(suspension: FormSuspension, event: MessageEvent, chain: StepChain): boolean {
  const { run } = chain;
  const model = modelAt(chain, suspension.interaction, suspension.action);
  if (model === null) {
    chain.goto([]);
    return true;
  }
  const pointer = chain.program.interactions[suspension.interaction]!.actions[suspension.action]!.pointer;
  const fields = formFields(model, run);
  if (suspension.field === null) {
    showForm(model, fields, suspension.token, run);
    return true;
  }
  const field = fields[suspension.field];
  const text = event.text?.trim() ?? '';
  if (model.dismissButton !== null && normalizeText(text) === normalizeText(model.dismissButton)) {
    chain.goto(model.executeOnDismiss === null ? [] : [model.executeOnDismiss], pointer);
    return true;
  }
  if (field === undefined) {
    run.state.suspended = null;
    return true;
  }
  const skip = !field.required && normalizeText(text) === 'skip';
  const checked = skip ? { ok: true as const, value: null } : checkField(field, text, { numbered: true, now: run.env.clock(), timeZone: run.env.timeZone });
  if (!checked.ok) {
    if (model.displayMode === 'message') {
      chain.goto([]);
      return false;
    }
    say(run, checked.problem);
    prompt(field, model, run);
    return true;
  }
  const values = { ...suspension.values, ...(checked.value === null ? {} : { [field.attribute]: checked.value }) };
  const next = suspension.field + 1;
  if (next < fields.length) {
    run.state.suspended = { ...suspension, field: next, values };
    prompt(fields[next]!, model, run);
    return true;
  }
  store(values, run, pointer);
  run.state.suspended = null;
  if (model.executeOnSubmit !== null) chain.execute([model.executeOnSubmit], pointer);
  return true;
}
