// Data-capture forms: every field type as a labelled control, checked in the browser before sending; the server has the last word.
import { el } from './dom.js';

// The same rules as the server's (src/engine/input/form-fields.ts), so most mistakes are caught before a round trip.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{7,20}$/;
const INPUT_TYPES = { text: 'text', email: 'email', phone: 'tel', date: 'date', time: 'time', datetime: 'datetime-local' };

let forms = 0;

function labelOf(f) {
  return f.title || f.name;
}

/** A choice group (radio, checkbox): a fieldset whose legend names it, one labelled input per option. */
function choiceGroup(f, id) {
  const group = el('fieldset', 'field group');
  group.appendChild(el('legend', null, labelOf(f) + (f.required ? ' *' : '')));
  const boxes = f.options.map((option, i) => {
    const line = el('label', 'choice');
    const box = el('input');
    box.type = f.type;
    box.name = id;
    box.value = option;
    box.id = `${id}-${i}`;
    line.append(box, document.createTextNode(option));
    group.appendChild(line);
    return box;
  });
  const read = () => {
    const picked = boxes.filter((b) => b.checked).map((b) => b.value);
    return f.type === 'checkbox' ? picked : picked[0] ?? '';
  };
  const write = (value) => {
    for (const b of boxes) b.checked = Array.isArray(value) ? value.includes(b.value) : b.value === value;
  };
  return { node: group, read, write, target: group, focus: () => boxes[0]?.focus() };
}

/** One field: its control, how to read its value for the form frame, and where to show its error. */
function field(f, id) {
  if (f.type === 'radio' || f.type === 'checkbox') return choiceGroup(f, id);
  const wrap = el('div', 'field' + (f.type === 'switch' ? ' switch' : ''));
  const label = el('label', null, labelOf(f) + (f.required && f.type !== 'switch' ? ' *' : ''));
  label.htmlFor = id;
  let control;
  if (f.type === 'select') {
    control = el('select');
    control.multiple = !!f.multi;
    if (!f.multi) {
      const none = el('option', null, f.placeholder || 'Choose…');
      none.value = '';
      control.appendChild(none);
    } else {
      control.size = Math.min(f.options.length, 5);
    }
    for (const o of f.options) {
      const option = el('option', null, o);
      option.value = o;
      control.appendChild(option);
    }
  } else if (f.type === 'switch') {
    control = el('input');
    control.type = 'checkbox';
    control.setAttribute('role', 'switch');
  } else {
    control = el('input');
    control.type = INPUT_TYPES[f.type] || 'text';
    if (f.placeholder) control.placeholder = f.placeholder;
    if (f.type === 'email') control.autocomplete = 'email';
    if (f.type === 'phone') control.autocomplete = 'tel';
  }
  control.id = id;
  control.name = f.name;
  if (f.required && f.type !== 'switch') control.setAttribute('aria-required', 'true');
  if (f.type === 'switch') wrap.append(control, label);
  else wrap.append(label, control);
  const read = () => {
    if (f.type === 'switch') return control.checked;
    if (f.type === 'select' && f.multi) return Array.from(control.selectedOptions, (o) => o.value);
    return control.value;
  };
  const write = (value) => {
    if (f.type === 'switch') control.checked = value === true;
    else if (f.type === 'select' && f.multi) for (const o of control.options) o.selected = Array.isArray(value) && value.includes(o.value);
    else if (typeof value === 'string') control.value = value;
  };
  return { node: wrap, read, write, target: control, focus: () => control.focus() };
}

/** What is wrong with a field's value, or null. */
function problem(f, value) {
  const empty = value === '' || (Array.isArray(value) && value.length === 0);
  if (empty) return f.required && f.type !== 'switch' ? `${labelOf(f)} is required.` : null;
  if (f.type === 'email' && !EMAIL.test(String(value).trim())) return `${labelOf(f)}: enter an e-mail address.`;
  if (f.type === 'phone' && (!PHONE.test(String(value).trim()) || String(value).replace(/\D/g, '').length < 7)) return `${labelOf(f)}: enter a phone number.`;
  return null;
}

/**
 * A form of a `form` message. `send(action, values)` sends the form frame. The returned controller's
 * setState('open' | 'sent' | 'closed') follows what the server says of the form's token.
 */
export function renderForm(spec, send) {
  forms += 1;
  const form = el('form', 'chat-form');
  form.noValidate = true;
  form.setAttribute('aria-label', 'Form');
  form.dataset.token = spec.token;
  const body = el('fieldset', 'form-body');
  const fields = spec.fields.map((f, i) => {
    const id = `form${forms}-f${i}`;
    const built = field(f, id);
    const error = el('div', 'field-error');
    error.id = `${id}-error`;
    built.node.appendChild(error);
    built.target.setAttribute('aria-describedby', error.id);
    body.appendChild(built.node);
    return { spec: f, ...built, error };
  });
  const summary = el('div', 'form-error');
  summary.setAttribute('role', 'alert');
  const status = el('div', 'form-status');
  status.setAttribute('aria-live', 'polite');
  const actions = el('div', 'form-actions');
  const submit = el('button', 'btn primary', spec.submitButton || 'Send');
  submit.type = 'submit';
  actions.appendChild(submit);
  if (spec.dismissButton) {
    const dismiss = el('button', 'btn', spec.dismissButton);
    dismiss.type = 'button';
    dismiss.addEventListener('click', () => {
      controller.setState('sent', 'Dismissed');
      send('dismiss', {});
    });
    actions.appendChild(dismiss);
  }
  body.append(summary, actions);
  form.append(body, status);

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const values = {};
    const wrong = [];
    for (const f of fields) {
      const value = f.read();
      values[f.spec.name] = value;
      const why = problem(f.spec, value);
      f.error.textContent = why || '';
      if (why) f.target.setAttribute('aria-invalid', 'true');
      else f.target.removeAttribute('aria-invalid');
      if (why) wrong.push(f);
    }
    if (wrong.length > 0) {
      summary.textContent = wrong.length === 1 ? 'Please correct the field marked below.' : `Please correct the ${wrong.length} fields marked below.`;
      wrong[0].focus();
      return;
    }
    summary.textContent = '';
    controller.setState('sent', 'Sent');
    send('submit', values);
  });

  const controller = {
    node: form,
    token: spec.token,
    state: 'open',
    focus: () => fields[0]?.focus(),
    /** The values as the form frame carries them. */
    values: () => Object.fromEntries(fields.map((f) => [f.spec.name, f.read()])),
    /** Fills the fields from values (a form the bot showed again after refusing what was sent keeps what was typed). */
    fill(values) {
      for (const f of fields) if (Object.hasOwn(values, f.spec.name)) f.write(values[f.spec.name]);
    },
    setState(state, text) {
      controller.state = state;
      form.dataset.state = state;
      body.disabled = state !== 'open';
      // A sent form keeps showing what was sent; a form closed before this page saw it (history) folds to one line.
      status.textContent = state === 'open' ? '' : text || (state === 'sent' ? 'Sent' : `Form closed (${spec.fields.map(labelOf).join(', ')})`);
    },
  };
  return controller;
}
