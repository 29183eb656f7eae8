// A human's own attributes in the humans page's editor: each one with its value (change it, or tick Remove), and
// rows to add new ones; the changes go out as one PATCH /v1/humans/{id}/attributes with the human's other fields.
import { api, must } from '../api.js';
import { field, h } from '../dom.js';

export interface AttributeEditor {
  element: HTMLElement;
  /** Name → new value, or null to remove: only what was changed, added or ticked for removal. */
  changes(): Record<string, string | null>;
}

/** Reads the human's attributes and builds the fieldset; a human with no conversation yet has none to edit. */
export async function attributeEditor(humanId: number, conversations: number): Promise<AttributeEditor> {
  const legend = h('legend', {}, 'Attributes');
  if (conversations === 0) {
    return {
      element: h('fieldset', {}, legend, h('p', { class: 'hint' }, 'None yet: attributes live on the human\'s conversations, so they can be set once the human has one.')),
      changes: () => ({}),
    };
  }
  const current = await must(api.GET('/v1/humans/{human_id}/attributes', { params: { path: { human_id: humanId } } }));
  const existing = Object.entries(current).map(([name, value]) => {
    const input = h('input', { name: `attribute-${name}`, maxlength: 65_536, value });
    const remove = h('input', { type: 'checkbox', name: `remove-${name}`, 'aria-label': `Remove ${name}` });
    remove.addEventListener('change', () => { input.disabled = remove.checked; });
    return { name, value, input, remove, row: h('div', { class: 'row' }, field(name, input), h('label', { class: 'check' }, remove, ' Remove')) };
  });
  const added: { name: HTMLInputElement; value: HTMLInputElement }[] = [];
  const newRows = h('div');
  const addRow = (): HTMLInputElement => {
    const n = added.length + 1;
    const name = h('input', { name: `new-attribute-${n}`, maxlength: 100, autocomplete: 'off' });
    const value = h('input', { name: `new-value-${n}`, maxlength: 65_536, autocomplete: 'off' });
    added.push({ name, value });
    newRows.append(h('div', { class: 'row' }, field(`New attribute ${n}`, name), field(`Value of new attribute ${n}`, value)));
    return name;
  };
  addRow();
  const more = h('button', { type: 'button' }, 'Add another attribute');
  more.addEventListener('click', () => addRow().focus());
  const element = h('fieldset', { 'aria-describedby': `attributes-hint-${humanId}` }, legend,
    h('p', { class: 'hint', id: `attributes-hint-${humanId}` },
      'The bot reads them as {name}. Names: letters, digits, _ and -, starting with a letter or _. Set on each of the human\'s conversations.'),
    existing.length === 0 ? h('p', { class: 'empty' }, 'No attributes yet.') : existing.map((e) => e.row),
    newRows, more);
  return {
    element,
    changes: () => Object.fromEntries([
      ...existing.filter((e) => e.remove.checked || e.input.value !== e.value).map((e) => [e.name, e.remove.checked ? null : e.input.value] as const),
      ...added.filter((a) => a.name.value.trim() !== '').map((a) => [a.name.value.trim(), a.value.value] as const),
    ]),
  };
}
