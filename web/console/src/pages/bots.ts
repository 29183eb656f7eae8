// Bots: the list, and the editor (JSON or YAML) with the validator's problems and warnings (no catch-all) shown as one
// types, save, publish, revisions and their diff; "Try it" beside it; its flow in words; its answers' token usage. A
// role that may not change bots reads them.
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { api, must, problemText } from '../api.js';
import { announce, dateText, errorBox, field, h, replace } from '../dom.js';
import { can } from '../me.js';
import { definitionOf } from './definition-of.js';
import { botUsage } from './bot-usage.js';
import { builderSection, type InteractionFigures } from '../builder/builder-view.js';
import { diffLines } from './diff.js';
import { placeOf } from './problem-place.js';
import { STARTERS } from './starters.js';
import { testsSection } from './bot-tests.js';
import type { CodeEditor } from '../code-editor/code-editor.js';
import type { Names } from '../code-editor/completions.js';

type Definition = Record<string, unknown> & { name: string };
/** A new bot starts as the README's first bot (examples/front-desk): a greeting, a catch-all, a way to a person. */
const STARTER = STARTERS[0]!.definition as Definition;

export async function renderBots(main: HTMLElement, args: string[]): Promise<void> {
  if (args[0] !== undefined) return renderEditor(main, args[0] === 'new' ? null : Number(args[0]));
  const bots = await must(api.GET('/v1/bots'));
  const writable = can('bots:write');
  replace(main, h('h1', {}, 'Bots'),
    writable ? h('p', {}, h('a', { href: '#/bots/new', class: 'button' }, 'New bot')) : null,
    bots.length === 0 ? h('p', { class: 'empty' }, writable
      ? 'No bots yet. "New bot" starts with one that greets, answers what it does not understand, and hands over to a person on "agent". Then put it on a channel (Channels).'
      : 'No bots yet.') : h('table', {},
      h('caption', { class: 'sr-only' }, 'Bots'),
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Name'), h('th', { scope: 'col' }, 'Current revision'), h('th', { scope: 'col' }, 'Latest revision'))),
      h('tbody', {}, bots.map((b) => h('tr', {},
        h('td', {}, h('a', { href: `#/bots/${String(b.id)}` }, String(b.name))), h('td', {}, String(b.currentRevision)), h('td', {}, String(b.latestRevision)))))));
}

/** Channel types the phone simulator draws (docs/sandbox.md); web chat is its own page. */
const TRY_TYPES = ['web', 'dlc', 'rcs', 'fb', 'twr', 'alx'];

/** How long the token handed to the framed phone simulator works: a session of trying, not a credential to keep. */
const TRY_TOKEN_MS = 60 * 60 * 1000;

/**
 * The phone simulator framed beside the editor, given a short-lived token of the signed-in member (humans:write: it
 * lists and creates test humans) and the channel to open, by a message to the frame once it says it is ready.
 */
function simulatorFrame(channelId: number, type: string, tokenValue: string): HTMLIFrameElement {
  const frame = h('iframe', { src: '/sandbox', title: `Try it: phone simulator on channel ${channelId} (${type})`, class: 'try-frame' }) as HTMLIFrameElement;
  const onMessage = (event: MessageEvent) => {
    // A frame replaced (another "Try it", another page) takes its listener with it at the next message.
    if (!frame.isConnected) {
      window.removeEventListener('message', onMessage);
      return;
    }
    if (event.origin !== location.origin || event.source !== frame.contentWindow) return;
    if ((event.data as { type?: unknown } | null)?.type !== 'parley.sandbox.ready') return;
    frame.contentWindow?.postMessage({ type: 'parley.sandbox.try', token: tokenValue, channelId }, location.origin);
  };
  window.addEventListener('message', onMessage);
  return frame;
}

/**
 * "Try it": a channel of the chosen type for this bot, named "Try it (type)" and made on first use (a sandbox
 * channel, token "sandbox", except web chat), then web chat or the phone simulator shown beside the editor.
 * It runs the published revision, as every channel does.
 */
function tryIt(botId: number): HTMLElement {
  const type = h('select', { name: 'tryType' }, TRY_TYPES.map((t) => h('option', { value: t }, t === 'web' ? 'Web chat' : `${t} (phone simulator)`)));
  const open = h('button', { type: 'button' }, 'Try it');
  const area = h('div', { class: 'try-area' });
  const problem = errorBox();
  open.addEventListener('click', () => void (async () => {
    try {
      const name = `Try it (${type.value})`;
      const existing = (await must(api.GET('/v1/channels', { params: { query: { bot_id: botId } } }))).find((c) => c.name === name && c.channelType === type.value);
      // Made only to try the bot: kept out of the overview and of the broadcasts' default channel.
      const channel = existing ?? await must(api.POST('/v1/channels', { body: {
        channelType: type.value as never, botId, name, description: 'Made by the console to try the bot', trial: true,
        ...(type.value === 'web' ? {} : { token: 'sandbox' }),
      } }));
      problem.show(null);
      if (type.value === 'web') {
        replace(area, h('iframe', { src: `/chat/${channel.id}`, title: `Try it: web chat of channel ${channel.id}`, class: 'try-frame' }));
      } else {
        const expiresAt = new Date(Date.now() + TRY_TOKEN_MS).toISOString().slice(0, 19);
        const made = await must(api.POST('/v1/tokens', { body: { name: `Try it (${type.value}), console`, scopes: ['humans:write'], expiresAt } }));
        replace(area, simulatorFrame(channel.id, type.value, made.token),
          h('p', { class: 'hint' }, `Create a test human in the simulator, then open a phone. It uses a token that expires in an hour (Webhooks & tokens lists it).`));
      }
    } catch (e) {
      problem.show(problemText(e));
    }
  })());
  return h('section', { class: 'try', 'aria-labelledby': 'try-title' }, h('h2', { id: 'try-title' }, 'Try it'),
    h('p', { class: 'hint' }, 'Talks to the published revision.'), h('div', { class: 'row' }, field('Channel type', type), open), problem, area);
}

/** The days of analytics the flow shows beside each interaction. */
const FLOW_DAYS = 30;

/** This browser's choice of the plain text area over the code editor. */
const PLAIN_KEY = 'parley.plainTextEditor';

/** Each interaction's figures over the last FLOW_DAYS days; null for a role that may not read conversations. */
async function flowFigures(botId: number): Promise<Map<string, InteractionFigures> | null> {
  if (!can('conversations:read')) return null;
  const { interactions } = await must(api.GET('/v1/analytics/interactions', { params: { query: { bot_id: botId } } }));
  return new Map(interactions.map((i) => [i.interaction, i]));
}

async function renderEditor(main: HTMLElement, botId: number | null): Promise<void> {
  const bot = botId === null ? null : await must(api.GET('/v1/bots/{bot_id}', { params: { path: { bot_id: botId } } }));
  const format = h('select', { name: 'format' }, h('option', { value: 'json' }, 'JSON'), h('option', { value: 'yaml' }, 'YAML'));
  const editor = h('textarea', { name: 'definition', class: 'code', rows: 22, spellcheck: 'false', autocapitalize: 'off', 'aria-describedby': 'problems' });
  editor.value = JSON.stringify(bot === null ? STARTER : definitionOf(bot), null, 2);
  editor.readOnly = !can('bots:write');
  const problems = h('ul', { id: 'problems', class: 'problems', 'aria-live': 'polite', 'aria-label': 'Problems' });
  const warnings = h('ul', { class: 'warnings', 'aria-live': 'polite', 'aria-label': 'Warnings' });
  const status = h('p', { class: 'validity', role: 'status' });
  const error = errorBox();
  // A new bot's first revision is published as it is created (POST /v1/bots); drafts come after.
  const writable = can('bots:write');
  const save = h('button', { type: 'button', hidden: botId === null || !writable }, 'Save draft');
  const publish = h('button', { type: 'button', class: 'primary', hidden: !writable }, botId === null ? 'Create and publish' : 'Save and publish');
  const revisions = h('section', { 'aria-labelledby': 'revisions-title' });

  function read(): Definition | string {
    try {
      const value: unknown = format.value === 'yaml' ? parseYaml(editor.value) : JSON.parse(editor.value);
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Definition : 'The definition must be an object.';
    } catch (e) {
      return `${format.value.toUpperCase()} syntax: ${(e as Error).message}`;
    }
  }

  /** A problem's place in the text as a button that selects it there (placed again at the click: the text may have changed). */
  function placeButton(pointer: string): HTMLElement | null {
    const place = placeOf(editor.value, pointer);
    if (place === null) return null;
    const go = h('button', { type: 'button', class: 'place' }, `Go to line ${place.line}, column ${place.column}`);
    go.addEventListener('click', () => {
      const now = placeOf(editor.value, pointer) ?? place;
      if (code !== null) return code.select(now.start, now.end);
      editor.focus();
      editor.setSelectionRange(now.start, now.end);
      // A selection is not always scrolled to: the place's line is brought near the top.
      const lineHeight = Number.parseFloat(getComputedStyle(editor).lineHeight) || 18;
      editor.scrollTop = Math.max(0, (now.line - 3) * lineHeight);
    });
    return go;
  }

  function showProblems(list: { pointer: string; message: string }[], cautions: { pointer: string; message: string }[] = []): void {
    replace(problems, list.map((p) => h('li', {}, h('code', {}, p.pointer || '/'), ' ', p.message, ' ', placeButton(p.pointer))));
    replace(warnings, cautions.map((p) => h('li', {}, 'Warning: ', p.message)));
    status.textContent = list.length === 0 ? `No problems.${cautions.length === 0 ? '' : ` ${cautions.length} warning${cautions.length === 1 ? '' : 's'}.`}` : `${list.length} problem${list.length === 1 ? '' : 's'}.`;
    editor.setAttribute('aria-invalid', String(list.length > 0));
    code?.setProblems(list.flatMap((p) => {
      const place = placeOf(editor.value, p.pointer);
      return place === null ? [] : [{ from: place.start, to: place.end, message: p.message }];
    }));
    builder.markProblems(list);
    // A problem that was fixed takes the refusal it caused with it.
    if (list.length === 0) error.show(null);
  }

  let seq = 0;
  async function validate(): Promise<void> {
    const mine = ++seq;
    const definition = read();
    if (typeof definition === 'string') return showProblems([{ pointer: '', message: definition }]);
    const result = await must(api.POST('/v1/bots/validate', { body: definition }));
    if (mine === seq) showProblems(result.problems, result.warnings);
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  editor.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      void validate();
      redraw();
    }, 300);
  });
  /** A definition as the editor shows it in the chosen format. */
  const inFormat = (value: unknown) => (format.value === 'yaml' ? toYaml(value) : JSON.stringify(value, null, 2));
  // A new bot starts from one of the examples, each with its conversation tests in examples/ (examples/README.md).
  const starter = h('select', { name: 'starter' }, STARTERS.map((st) => h('option', { value: st.id }, st.title)));
  starter.addEventListener('change', () => {
    const chosen = STARTERS.find((st) => st.id === starter.value)!;
    setText(inFormat(chosen.definition));
    testsPanel.setTests(chosen.tests);
    announce('The definition now holds the starter chosen.');
    void validate();
    redraw();
  });
  format.addEventListener('change', () => {
    // The text follows the format: what was JSON is shown as YAML and back.
    const previous = format.value === 'yaml' ? 'json' : 'yaml';
    try {
      const value: unknown = previous === 'yaml' ? parseYaml(editor.value) : JSON.parse(editor.value);
      setText(inFormat(value));
    } catch { /* left as typed: the problem list names the syntax error */ }
    code?.setFormat(format.value === 'yaml' ? 'yaml' : 'json');
    void validate();
  });

  async function store(andPublish: boolean): Promise<void> {
    // A check still to come would say "No problems." over what the save says: the server checks what it stores anyway.
    clearTimeout(timer);
    seq += 1;
    const definition = read();
    if (typeof definition === 'string') return error.show(definition);
    try {
      if (botId === null) {
        const created = await must(api.POST('/v1/bots', { body: definition }));
        testsPanel.keepFor(created.id);
        announce('Bot created and published.');
        location.hash = `#/bots/${String(created.id)}`;
        return;
      }
      const updated = await must(api.PUT('/v1/bots/{bot_id}', { params: { path: { bot_id: botId }, query: { publish: andPublish } }, body: definition }));
      error.show(null);
      status.textContent = andPublish ? `Revision ${String(updated.latestRevision)} saved and published.` : `Revision ${String(updated.latestRevision)} saved as a draft.`;
      await showRevisions();
    } catch (e) {
      error.show(problemText(e));
      const extra = (e as { body?: { problems?: { pointer: string; message: string }[] } }).body?.problems;
      if (extra !== undefined) showProblems(extra);
    }
  }
  save.addEventListener('click', () => void store(false));
  publish.addEventListener('click', () => void store(true));

  async function showRevisions(): Promise<void> {
    if (botId === null) return;
    const list = await must(api.GET('/v1/bots/{bot_id}/revisions', { params: { path: { bot_id: botId } } }));
    const from = h('select', { name: 'from' }, list.map((r) => h('option', { value: r.revision }, `Revision ${r.revision}`)));
    const to = h('select', { name: 'to' }, list.map((r) => h('option', { value: r.revision, selected: r === list[list.length - 1] }, `Revision ${r.revision}`)));
    // A named region around the <pre> (aria-label on a <pre> of no role is not announced).
    const lines = h('pre');
    const diff = h('div', { class: 'diff', role: 'region', 'aria-label': 'Differences', tabindex: 0 }, lines);
    const compare = h('button', { type: 'button' }, 'Compare');
    compare.addEventListener('click', () => void (async () => {
      const get = (revision: number) => must(api.GET('/v1/bots/{bot_id}/revisions/{revision}', { params: { path: { bot_id: botId, revision } } }));
      const [a, b] = await Promise.all([get(Number(from.value)), get(Number(to.value))]);
      replace(lines, diffLines(JSON.stringify(definitionOf(a), null, 2), JSON.stringify(definitionOf(b), null, 2))
        .map((l) => h('span', { class: `line ${l.kind}` }, `${l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}${l.text}\n`)));
    })());
    replace(revisions, h('h2', { id: 'revisions-title' }, 'Revisions'),
      h('ul', { class: 'revisions' }, list.map((r) => {
        const make = h('button', { type: 'button', disabled: r.current || !writable }, r.current ? 'Published' : `Publish revision ${r.revision}`);
        make.addEventListener('click', () => void (async () => {
          await must(api.POST('/v1/bots/{bot_id}/publish', { params: { path: { bot_id: botId } }, body: { revision: r.revision } }));
          announce(`Revision ${r.revision} published.`);
          await showRevisions();
        })());
        return h('li', {}, `Revision ${r.revision} · ${dateText(r.dateCreated)} `, make);
      })),
      h('div', { class: 'row' }, field('From', from), field('To', to), compare), diff);
  }

  const usage = botId === null || bot === null ? null : await botUsage(botId, definitionOf(bot));
  // The builder draws what the text holds and writes its changes into the text: the text is the one source.
  const builder = builderSection(bot === null ? STARTER : definitionOf(bot), {
    figures: botId === null ? null : await flowFigures(botId), days: FLOW_DAYS, editable: writable,
    onChange(next, said) {
      setText(inFormat(next));
      drawn = JSON.stringify(next);
      builder.update(next);
      announce(said);
      void validate();
    },
  });
  let drawn = JSON.stringify(read());
  // Tests run against what the editor holds; what they exercised is marked on the builder until the text changes.
  const testsPanel = testsSection(botId, botId === null ? STARTERS[0]!.tests : '', read, (coverage) => builder.markCoverage(coverage));
  /** The code editor over the text area, unless the person chose the plain text area (kept in this browser). */
  let code: CodeEditor | null = null;
  let namesFrom: ((definition: unknown) => Names) | null = null;
  let names: Names = { targets: [], intents: [], attributes: [] };
  /** The definition's names for completion: from its text when it parses, else those found last. */
  function currentNames(): Names {
    const definition = read();
    if (namesFrom !== null && typeof definition !== 'string') names = namesFrom(definition);
    return names;
  }
  function setText(text: string): void {
    editor.value = text;
    code?.setText(text);
  }
  const plain = h('input', { type: 'checkbox', name: 'plainText', checked: localStorage.getItem(PLAIN_KEY) === '1' });
  async function useEditor(): Promise<void> {
    code?.destroy();
    code = null;
    if (plain.checked) return;
    // The editor's chunk (CodeMirror, the reference's text) is fetched on the first bot page, not with the console.
    const loaded = await import('../code-editor/code-editor.js');
    namesFrom = loaded.namesFrom;
    code = loaded.codeEditor(editor, { format: format.value === 'yaml' ? 'yaml' : 'json', label: 'Definition (code editor)', names: currentNames });
    currentNames();
  }
  plain.addEventListener('change', () => {
    localStorage.setItem(PLAIN_KEY, plain.checked ? '1' : '0');
    void useEditor().then(() => validate());
  });
  /** Draws the builder again when the text holds another definition than the one drawn (a text that does not parse leaves it). */
  function redraw(): void {
    const definition = read();
    // The names completion offers are those of the last text that parsed: one being typed rarely does.
    if (typeof definition !== 'string' && namesFrom !== null) names = namesFrom(definition);
    if (typeof definition === 'string' || JSON.stringify(definition) === drawn) return;
    drawn = JSON.stringify(definition);
    builder.update(definition);
  }
  replace(main, h('h1', {}, bot === null ? 'New bot' : `Bot: ${String(bot.name)}`),
    h('p', {}, h('a', { href: '#/bots' }, 'All bots')),
    h('div', { class: 'workbench' },
      h('div', { class: 'editor' },
        botId === null && writable ? field('Start from', starter, 'Replaces the definition below.') : null,
        field('Format', format),
        field('Definition', editor, 'Problems are listed below as you type (docs/bot-language.md). Ctrl+Space offers what may go where the cursor is; hover a field for its reference.'),
        h('label', { class: 'check' }, plain, ' Plain text area (no colours, completion or underlines)'),
        status, problems, warnings, error, h('div', { class: 'row' }, save, publish)),
      botId === null || !can('channels:write') ? null : tryIt(botId)),
    builder.element, testsPanel.element, usage, revisions);
  await useEditor();
  await Promise.all([validate(), showRevisions()]);
}
