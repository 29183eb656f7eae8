// The steps the builder edits through forms: for each kind, its fields, how an action reads into them (null when the
// action holds more than the form shows, so it is edited as code) and how they write an action back.
type Json = Record<string, unknown>;

export type Values = Record<string, string>;

export interface FieldSpec {
  name: string;
  label: string;
  kind: 'text' | 'textarea' | 'lines' | 'select' | 'target';
  options?: readonly (readonly [string, string])[];
  hint?: string;
  required?: boolean;
}

export interface StepKind {
  id: string;
  title: string;
  fields: FieldSpec[];
  /** The form's values for an action of this kind, or null when the action is not one the form can show whole. */
  read(action: Json): Values | null;
  /** The action from the form's values; what the form does not show (name, conditions, validation …) is kept from `prior`. */
  write(values: Values, prior: Json): Json;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const only = (o: Json, keys: string[]) => Object.keys(o).every((k) => keys.includes(k));
/** The fields of an action that are not its step: kept as they were whatever the form changes. */
const COMMON = ['name', 'conditions', 'validation'];
const common = (prior: Json): Json => Object.fromEntries(Object.entries(prior).filter(([k]) => COMMON.includes(k)));
const lines = (text: string | undefined) => (text ?? '').split('\n').map((l) => l.trim()).filter(Boolean);
const ARROW = ' -> ';

/** "Title" or "Title -> target": a choice, and where a click on it leads. */
function choiceLine(title: string, target: unknown): string {
  return typeof target === 'string' && target !== '' ? `${title}${ARROW}${target}` : title;
}
function splitChoice(line: string): [string, string | undefined] {
  const at = line.lastIndexOf('->');
  if (at < 0) return [line, undefined];
  return [line.slice(0, at).trim(), line.slice(at + 2).trim() || undefined];
}
const isUrl = (text: string) => /^https?:\/\//i.test(text);

/** A quick reply the form shows: a text one with its title, maybe where it leads. */
function readQuickReply(q: unknown): string | null {
  if (!isObject(q) || q.type !== 'text' || typeof q.title !== 'string' || !only(q, ['type', 'title', 'execute'])) return null;
  return choiceLine(q.title, q.execute);
}
/** A button the form shows: a link (weburl) or a postback whose payload is its title, maybe with where it leads. */
function readButton(b: unknown): string | null {
  if (!isObject(b) || typeof b.title !== 'string' || typeof b.payload !== 'string') return null;
  if (b.type === 'weburl' && only(b, ['type', 'title', 'payload'])) return `${b.title}${ARROW}${b.payload}`;
  if (b.type === 'postback' && b.payload === b.title && only(b, ['type', 'title', 'payload', 'execute'])) return choiceLine(b.title, b.execute);
  return null;
}
function writeButton(line: string): Json {
  const [title, to] = splitChoice(line);
  if (to !== undefined && isUrl(to)) return { type: 'weburl', title, payload: to };
  return { type: 'postback', title, payload: title, ...(to === undefined ? {} : { execute: to }) };
}
function readAll(items: unknown, one: (v: unknown) => string | null): string | null {
  if (items === undefined || items === null) return '';
  if (!Array.isArray(items)) return null;
  const read = items.map(one);
  return read.every((r) => r !== null) ? read.join('\n') : null;
}

const send: StepKind = {
  id: 'send',
  title: 'Send a message',
  fields: [
    { name: 'text', label: 'Text', kind: 'textarea', hint: 'Tags such as {sys:firstName} are filled in for each person.' },
    { name: 'quickReplies', label: 'Quick replies', kind: 'lines', hint: 'One a line: a title, or "Title -> interaction" to lead there when chosen.' },
    { name: 'buttons', label: 'Buttons', kind: 'lines', hint: 'One a line, at most 4: "Title -> https://…" opens a link, "Title -> interaction" leads there.' },
    { name: 'media', label: 'Picture or file address', kind: 'text', hint: 'An https address; leave empty for none.' },
  ],
  read(action) {
    if (!only(action, [...COMMON, 'send']) || !isObject(action.send) || !only(action.send, ['message']) || !isObject(action.send.message)) return null;
    const m = action.send.message;
    if (!only(m, ['text', 'quickReplies', 'buttons', 'media', 'mediaType'])) return null;
    if ((m.text !== undefined && typeof m.text !== 'string') || (m.media !== undefined && typeof m.media !== 'string')) return null;
    if (m.mediaType !== undefined && m.mediaType !== 'image') return null;
    const quickReplies = readAll(m.quickReplies, readQuickReply);
    const buttons = readAll(m.buttons, readButton);
    if (quickReplies === null || buttons === null) return null;
    return { text: (m.text as string | undefined) ?? '', quickReplies, buttons, media: (m.media as string | undefined) ?? '' };
  },
  write(values, prior) {
    const message: Json = {};
    if (values.text?.trim()) message.text = values.text.trim();
    const media = values.media?.trim();
    if (media) Object.assign(message, { mediaType: 'image', media });
    const buttons = lines(values.buttons).map(writeButton);
    if (buttons.length > 0) message.buttons = buttons;
    const replies = lines(values.quickReplies).map((line) => {
      const [title, to] = splitChoice(line);
      return { type: 'text', title, ...(to === undefined ? {} : { execute: to }) };
    });
    if (replies.length > 0) message.quickReplies = replies;
    return { ...common(prior), send: { message } };
  },
};

/** What a wait takes, as the language names it (docs/bot-language.md §14 Waits). */
export const WAIT_DATA = [
  ['text', 'Any text'], ['number', 'A number'], ['datetime', 'A date or time'], ['quick reply', 'One of the offered choices'],
  ['money', 'An amount of money'], ['coordinates', 'A location'], ['file', 'A file'], ['message', 'Anything'],
] as const;

const wait: StepKind = {
  id: 'wait',
  title: 'Wait for an answer',
  fields: [
    { name: 'data', label: 'Takes', kind: 'select', options: WAIT_DATA },
    { name: 'content', label: 'Keep the answer in attribute', kind: 'text', required: true, hint: 'Letters, digits and _; read back as {name}.' },
    { name: 'timeout', label: 'Wait at most', kind: 'text', hint: 'Such as 10m, 2h or 1d; empty waits 24h.' },
    { name: 'executeOnError', label: 'On a wrong answer go to', kind: 'target' },
    { name: 'executeOnTimeout', label: 'When no answer comes go to', kind: 'target' },
  ],
  read(action) {
    if (!only(action, [...COMMON, 'waitFor']) || !isObject(action.waitFor)) return null;
    const w = action.waitFor;
    if (!only(w, ['data', 'content', 'timeout', 'executeOnError', 'executeOnTimeout'])) return null;
    const data = Array.isArray(w.data) ? (w.data.length === 1 ? w.data[0] : null) : w.data;
    const strings = [data, w.content, w.timeout ?? '', w.executeOnError ?? '', w.executeOnTimeout ?? ''];
    if (!strings.every((s) => typeof s === 'string') || !WAIT_DATA.some(([d]) => d === data)) return null;
    const [d, content, timeout, onError, onTimeout] = strings as string[];
    return { data: d!, content: content!, timeout: timeout!, executeOnError: onError!, executeOnTimeout: onTimeout! };
  },
  write(values, prior) {
    const w: Json = { data: [values.data ?? 'text'], content: values.content?.trim() ?? '' };
    if (values.timeout?.trim()) w.timeout = values.timeout.trim();
    if (values.executeOnError) w.executeOnError = values.executeOnError;
    if (values.executeOnTimeout) w.executeOnTimeout = values.executeOnTimeout;
    return { ...common(prior), waitFor: w };
  },
};

/** The checks a condition step offers, each as the language names it (docs/bot-language.md §9). */
export const CHECKS = [
  ['equals', 'equals'], ['notEquals', 'does not equal'], ['contains', 'contains'], ['matches', 'matches the pattern'],
  ['greaterThan', 'is greater than'], ['lessThan', 'is less than'], ['is', 'is a kind of value (email, phone, number …)'],
  ['empty', 'is empty (true or false)'],
] as const;

const condition: StepKind = {
  id: 'condition',
  title: 'Go somewhere when a condition holds',
  fields: [
    { name: 'attribute', label: 'When attribute', kind: 'text', required: true, hint: 'Such as sys:text, email or bot:open.' },
    { name: 'check', label: 'Check', kind: 'select', options: CHECKS },
    { name: 'value', label: 'Value', kind: 'text' },
    { name: 'goto', label: 'Go to', kind: 'target', required: true },
  ],
  read(action) {
    if (!only(action, ['name', 'conditions', 'goto']) || typeof action.goto !== 'string' || !Array.isArray(action.conditions) || action.conditions.length !== 1) return null;
    const c = action.conditions[0];
    if (!isObject(c) || typeof c.attribute !== 'string' || Object.keys(c).length !== 2) return null;
    const check = CHECKS.find(([k]) => k in c)?.[0];
    if (check === undefined) return null;
    const value = c[check];
    if (!['string', 'number', 'boolean'].includes(typeof value)) return null;
    return { attribute: c.attribute, check, value: String(value), goto: action.goto };
  },
  write(values, prior) {
    const raw = values.value ?? '';
    // A number or true/false typed for a check that compares them is kept as one (the language compares either way).
    const value: unknown = values.check === 'empty' ? raw.trim() !== 'false'
      : ['greaterThan', 'lessThan'].includes(values.check ?? '') && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
    const name = typeof prior.name === 'string' ? { name: prior.name } : {};
    return { ...name, conditions: [{ attribute: values.attribute?.trim() ?? '', [values.check ?? 'equals']: value }], goto: values.goto ?? '' };
  },
};

const goTo: StepKind = {
  id: 'goto',
  title: 'Go to',
  fields: [{ name: 'goto', label: 'Go to', kind: 'target', required: true }],
  read: (action) => (only(action, [...COMMON, 'goto']) && typeof action.goto === 'string' ? { goto: action.goto } : null),
  write: (values, prior) => ({ ...common(prior), goto: values.goto ?? '' }),
};

const handoff: StepKind = {
  id: 'handoff',
  title: 'Hand over to a person',
  fields: [],
  read(action) {
    const s = action.updateSettings;
    return only(action, [...COMMON, 'updateSettings']) && isObject(s) && only(s, ['bot']) && isObject(s.bot) && only(s.bot, ['enabled']) && s.bot.enabled === false ? {} : null;
  },
  write: (_values, prior) => ({ ...common(prior), updateSettings: { bot: { enabled: false } } }),
};

/** Attribute names assignAttributes takes; others (sys:email, bot:…) go through updateAttribute, which takes any. */
const PLAIN_PATH = /^[a-zA-Z][a-zA-Z0-9_.]*$/;

const setAttribute: StepKind = {
  id: 'set',
  title: 'Set an attribute',
  fields: [
    { name: 'attribute', label: 'Attribute', kind: 'text', required: true, hint: 'sys:email, sys:phone, sys:firstName and sys:lastName are kept on the contact.' },
    { name: 'value', label: 'Value', kind: 'text', hint: 'Tags allowed, such as {answer}.' },
  ],
  read(action) {
    const u = action.updateAttribute;
    if (only(action, [...COMMON, 'updateAttribute']) && isObject(u) && only(u, ['attribute', 'value', 'process'])
      && typeof u.attribute === 'string' && typeof u.value === 'string' && u.process !== false) return { attribute: u.attribute, value: u.value };
    const a = action.assignAttributes;
    if (!only(action, [...COMMON, 'assignAttributes']) || !isObject(a) || !only(a, ['attributes']) || !Array.isArray(a.attributes) || a.attributes.length !== 1) return null;
    const one = a.attributes[0];
    return isObject(one) && only(one, ['attributePath', 'value']) && typeof one.attributePath === 'string' && typeof one.value === 'string'
      ? { attribute: one.attributePath, value: one.value } : null;
  },
  write(values, prior) {
    const attribute = values.attribute?.trim() ?? '';
    const value = values.value ?? '';
    return PLAIN_PATH.test(attribute)
      ? { ...common(prior), assignAttributes: { attributes: [{ attributePath: attribute, value }] } }
      : { ...common(prior), updateAttribute: { attribute, value, process: true } };
  },
};

const tag: StepKind = {
  id: 'tag',
  title: 'Tag the person',
  fields: [{ name: 'tags', label: 'Tags', kind: 'text', required: true, hint: 'Separated by commas.' }],
  read(action) {
    const t = action.assignTags;
    if (!only(action, [...COMMON, 'assignTags'])) return null;
    if (typeof t === 'string') return { tags: t };
    return Array.isArray(t) && t.every((x) => typeof x === 'string') ? { tags: t.join(', ') } : null;
  },
  write(values, prior) {
    const tags = (values.tags ?? '').split(',').map((t) => t.trim()).filter(Boolean);
    return { ...common(prior), assignTags: tags.length === 1 ? tags[0] : tags };
  },
};

const subscribe: StepKind = {
  id: 'subscribe',
  title: 'Subscribe or unsubscribe',
  fields: [{ name: 'subscribe', label: 'The person', kind: 'select', options: [['true', 'Subscribes to the channel'], ['false', 'Unsubscribes from the channel']] }],
  read: (action) => (only(action, [...COMMON, 'subscribe']) && typeof action.subscribe === 'boolean' ? { subscribe: String(action.subscribe) } : null),
  write: (values, prior) => ({ ...common(prior), subscribe: values.subscribe !== 'false' }),
};

const request: StepKind = {
  id: 'request',
  title: 'Call a web address',
  fields: [
    { name: 'method', label: 'Method', kind: 'select', options: [['GET', 'GET'], ['POST', 'POST'], ['PUT', 'PUT'], ['DELETE', 'DELETE']] },
    { name: 'url', label: 'Address', kind: 'text', required: true, hint: 'https://…; tags allowed.' },
    { name: 'content', label: 'Body', kind: 'textarea', hint: 'Sent as written, tags filled in; empty sends none.' },
    { name: 'response', label: 'Keep the answer in attribute', kind: 'text' },
    { name: 'fallback', label: 'When it fails go to', kind: 'target' },
  ],
  read(action) {
    if (!only(action, [...COMMON, 'send']) || !isObject(action.send) || !only(action.send, ['request']) || !isObject(action.send.request)) return null;
    const r = action.send.request;
    if (!only(r, ['method', 'url', 'content', 'response', 'fallback'])) return null;
    const values = [r.method ?? 'GET', r.url, r.content ?? '', r.response ?? '', r.fallback ?? ''];
    if (!values.every((v) => typeof v === 'string')) return null;
    const [method, url, content, response, fallback] = values as string[];
    return { method: method!, url: url!, content: content!, response: response!, fallback: fallback! };
  },
  write(values, prior) {
    const r: Json = { method: values.method ?? 'GET', url: values.url?.trim() ?? '' };
    if (values.content?.trim()) r.content = values.content;
    if (values.response?.trim()) r.response = values.response.trim();
    if (values.fallback) r.fallback = values.fallback;
    return { ...common(prior), send: { request: r } };
  },
};

const pause: StepKind = {
  id: 'pause',
  title: 'Pause',
  fields: [{ name: 'seconds', label: 'Seconds', kind: 'text', required: true }],
  read: (action) => (only(action, [...COMMON, 'pause']) && isObject(action.pause) && only(action.pause, ['seconds']) && Number.isInteger(action.pause.seconds)
    ? { seconds: String(action.pause.seconds) } : null),
  write: (values, prior) => ({ ...common(prior), pause: { seconds: Math.max(0, Math.trunc(Number(values.seconds) || 0)) } }),
};

const answer: StepKind = {
  id: 'answer',
  title: 'Answer from knowledge bases',
  fields: [
    { name: 'knowledgeBases', label: 'Knowledge bases', kind: 'text', hint: 'Names separated by commas; empty uses every one of the account.' },
    { name: 'fallback', label: 'When nothing answers go to', kind: 'target' },
  ],
  read(action) {
    const a = action.answer;
    if (!only(action, [...COMMON, 'answer']) || !isObject(a) || !only(a, ['knowledgeBases', 'fallback'])) return null;
    const bases = a.knowledgeBases ?? [];
    if (!Array.isArray(bases) || !bases.every((b) => typeof b === 'string') || (a.fallback !== undefined && typeof a.fallback !== 'string')) return null;
    return { knowledgeBases: bases.join(', '), fallback: (a.fallback as string | undefined) ?? '' };
  },
  write(values, prior) {
    const bases = (values.knowledgeBases ?? '').split(',').map((b) => b.trim()).filter(Boolean);
    return { ...common(prior), answer: { ...(bases.length === 0 ? {} : { knowledgeBases: bases }), ...(values.fallback ? { fallback: values.fallback } : {}) } };
  },
};

/** The kinds in the order the "Add a step" list offers them ("ask" is offered beside them: builder/ask.ts). */
export const STEP_KINDS: readonly StepKind[] = [send, wait, condition, goTo, handoff, setAttribute, tag, subscribe, request, pause, answer];

/** The kind whose form shows this action whole, with its values; none: it is edited as code. */
export function kindOf(action: Json): { kind: StepKind; values: Values } | null {
  for (const kind of STEP_KINDS) {
    const values = kind.read(action);
    if (values !== null) return { kind, values };
  }
  return null;
}
