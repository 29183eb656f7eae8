// An approved WhatsApp template, for what a plain text may not do (a reply after the 24-hour window, a broadcast): chosen
// from the channel's list, its body's {{1}}, {{2}} … filled in, and shown as it will read.
import { api, must, problemText } from '../api.js';
import { field, h, replace } from '../dom.js';

export interface TemplateChoice {
  name: string;
  language: string;
  variables?: string[];
}

interface TemplateInfo {
  name: string;
  language: string;
  status: string;
  body: string | null;
  parameters: number;
}

export interface TemplatePicker {
  node: HTMLFieldSetElement;
  /** Lists the channel's templates; how many there are (the picker stays hidden without any). */
  load(channelId: number): Promise<number>;
  /** The template chosen with its variables, or null while "no template" is chosen. */
  chosen(): TemplateChoice | null;
  show(visible: boolean): void;
}

/** Only these may be sent; the others are listed by WhatsApp while they wait or after they were refused. */
const SENDABLE = new Set(['APPROVED', 'DECLARED']);

export function templatePicker(legend: string, hint: string): TemplatePicker {
  const select = h('select', { name: 'template' });
  const variables = h('div', { class: 'variables' });
  const preview = h('p', { class: 'bubble wha', 'aria-live': 'polite' });
  const status = h('small', { class: 'hint' });
  const node = h('fieldset', { class: 'template', hidden: true },
    h('legend', {}, legend), h('p', { class: 'hint' }, hint), field('Template', select), variables, preview, status);
  let templates: TemplateInfo[] = [];

  const current = (): TemplateInfo | undefined => templates[Number(select.value)];
  const inputs = (): HTMLInputElement[] => [...variables.querySelectorAll('input')];
  const showPreview = (): void => {
    const t = current();
    const values = inputs().map((i) => i.value);
    preview.hidden = t === undefined;
    preview.textContent = t?.body?.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => values[Number(n) - 1] || whole) ?? (t === undefined ? '' : `${t.name} (${t.language})`);
  };
  const showVariables = (): void => {
    const t = current();
    replace(variables, Array.from({ length: t?.parameters ?? 0 }, (_, i) => field(`Variable {{${i + 1}}}`,
      h('input', { name: `variable${i + 1}`, maxlength: 1024, required: true, oninput: showPreview }), i === 0 ? 'Tags such as {sys:firstName} are filled in for each human.' : undefined)));
    showPreview();
  };
  select.addEventListener('change', showVariables);

  return {
    node,
    async load(channelId) {
      try {
        const all = await must(api.GET('/v1/channels/{channel_id}/templates', { params: { path: { channel_id: channelId } } }));
        templates = all.filter((t) => SENDABLE.has(t.status));
        status.textContent = all.length > templates.length ? `${all.length - templates.length} more wait for WhatsApp's approval or were refused.` : '';
      } catch (e) {
        templates = [];
        status.textContent = problemText(e);
      }
      replace(select, h('option', { value: '' }, 'No template'), templates.map((t, i) => h('option', { value: String(i) }, `${t.name} (${t.language})`)));
      showVariables();
      return templates.length;
    },
    chosen() {
      const t = current();
      if (t === undefined) return null;
      const values = inputs().map((i) => i.value);
      return { name: t.name, language: t.language, ...(values.length === 0 ? {} : { variables: values }) };
    },
    show(visible) {
      node.hidden = !visible;
    },
  };
}
