// Filling in a data-capture form in the terminal, one question per field, as the web-chat widget would send it back.
import type { FormEvent, RenderedForm, RenderedFormField } from '../../engine/index.js';

/** Asks one question; null when input ended. */
export type Ask = (question: string) => Promise<string | null>;

function question(field: RenderedFormField): string {
  const options = field.options.map((o, i) => `${i + 1}. ${o}`).join('  ');
  const hints = [field.type, field.required ? 'required' : 'optional', field.placeholder ? `e.g. ${field.placeholder}` : null].filter(Boolean).join(', ');
  const several = field.type === 'checkbox' || (field.type === 'select' && field.multi) ? ' (several: separate with commas)' : '';
  return `  ${field.title ?? field.name} (${hints})${options === '' ? '' : ` ${options}`}${several}: `;
}

/** A typed option: its number or its text; what the widget would send is the option itself. */
function option(field: RenderedFormField, typed: string): string {
  const t = typed.trim();
  if (/^\d{1,2}$/.test(t)) return field.options[Number(t) - 1] ?? t;
  return field.options.find((o) => o.toLowerCase() === t.toLowerCase()) ?? t;
}

function value(field: RenderedFormField, typed: string): string | string[] | boolean | undefined {
  const t = typed.trim();
  if (field.type === 'switch') return /^(y|yes|true|on|1)$/i.test(t);
  if (t === '') return undefined;
  if (field.type === 'checkbox' || (field.type === 'select' && field.multi)) return t.split(/\s*[,;]\s*/).filter(Boolean).map((p) => option(field, p));
  if (field.type === 'select' || field.type === 'radio') return option(field, t);
  return t;
}

/**
 * Asks every field in turn. An empty answer leaves the field empty (the bot checks required fields
 * when the form comes back); `/dismiss` dismisses the form when it has a dismiss button.
 */
export async function fillForm(form: RenderedForm, ask: Ask, say: (line: string) => void): Promise<FormEvent | null> {
  say(`  Fill in the form${form.dismissButton ? ` (/dismiss: ${form.dismissButton})` : ''}; an empty answer leaves a field empty.`);
  const values: FormEvent['values'] = {};
  for (const field of form.fields) {
    const typed = await ask(question(field));
    if (typed === null) return null;
    if (typed.trim() === '/dismiss' && form.dismissButton !== null) return { kind: 'form', token: form.token, action: 'dismiss', values: {} };
    const v = value(field, typed);
    if (v !== undefined) values[field.name] = v;
  }
  say(`  → ${form.submitButton}`);
  return { kind: 'form', token: form.token, action: 'submit', values };
}
