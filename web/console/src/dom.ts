// A few DOM helpers: elements built from plain data (never HTML strings), announcements for screen readers.
type Child = Node | string | number | null | undefined | false;
type Attrs = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.replace(/^on/, ''), value);
    else if (value === true) el.setAttribute(name, '');
    else el.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

export function replace(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : String(child));
  }
}

/** Says something to screen readers (the polite live region). */
export function announce(text: string): void {
  const region = document.getElementById('announce');
  if (region !== null) region.textContent = text;
}

/** A labelled form field: the label names the input for screen readers and clicks. */
let fieldCount = 0;
export function field(label: string, input: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, hint?: string): HTMLElement {
  fieldCount += 1;
  input.id ||= `f${fieldCount}`;
  const hintEl = hint === undefined ? null : h('small', { id: `${input.id}-hint`, class: 'hint' }, hint);
  if (hintEl !== null) input.setAttribute('aria-describedby', hintEl.id);
  return h('div', { class: 'field' }, h('label', { for: input.id }, label), input, hintEl);
}

/** A message shown where a form is: role=alert so it is read at once. */
export function errorBox(): HTMLElement & { show(text: string | null): void } {
  const box = h('p', { class: 'error', role: 'alert', hidden: true }) as unknown as HTMLElement & { show(text: string | null): void };
  box.show = (text) => {
    box.textContent = text ?? '';
    box.hidden = text === null;
  };
  return box;
}

export function dateText(api: string): string {
  return new Date(`${api}Z`).toLocaleString();
}
