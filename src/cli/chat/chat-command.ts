// `parley chat --definition FILE [--channel T] [--include FILE …]`: a terminal conversation with a definition, in memory, no server.
import type { Readable, Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { CHANNEL_TYPE_NAMES, isChannelTypeName } from '../../channel-types.js';
import { type ConversationEvent, MemoryConversation, messageEvent, type RenderedForm } from '../../engine/index.js';
import { createGuardedHttp } from '../../net/index.js';
import { DefinitionError, loadProgram } from '../authoring/load-program.js';
import { parseDuration } from '../authoring/duration.js';
import { fillForm } from './form-prompt.js';
import { LineInput } from './line-input.js';
import { renderTurn, type NumberedOption } from './render-text.js';

const USAGE = `usage: parley chat --definition FILE [--channel ${CHANNEL_TYPE_NAMES.join('|')}] [--include FILE …] [--now ISO]`;

const HELP = `Type a message, or the number or title of a button or quick reply. Commands:
  /payload X          send a postback with payload X
  /location LAT,LONG  share a location
  /wait 30s           move the clock forward (s, m, h or d); timers that fall due fire
  /form               fill in the last form shown (web)
  /welcome            open the conversation without a message (what web chat does on a first visit)
  /attributes         print the attributes
  /help               this text
  /quit               leave`;

export interface ChatIo {
  input: Readable & { isTTY?: boolean };
  output: Writable;
  error: Writable;
}

/** The sys: values worth printing: the human record and the context (channel lists and the like are fixed here). */
const SHOWN_SYS = new Set(['firstName', 'lastName', 'phone', 'email', 'context']);

/** Button types whose tap comes back to the bot as a message; the others open something on the phone. */
const ANSWERING = new Set(['postback', 'text']);

class ChatSession {
  private read = 0;
  private issuesRead = 0;
  private options: NumberedOption[] = [];
  private lastForm: RenderedForm | null = null;

  constructor(private readonly conversation: MemoryConversation, private readonly input: LineInput, private readonly out: (line: string) => void) {}

  async send(event: ConversationEvent): Promise<void> {
    await this.conversation.handle(event);
    await this.show();
  }

  /** Prints what was sent since the last turn, then fills in a form that blocks the conversation. */
  private async show(): Promise<void> {
    const c = this.conversation;
    const items = c.sent.slice(this.read);
    this.read = c.sent.length;
    const view = renderTurn(items, c.capabilities, c.state.choices);
    for (const line of view.lines) this.out(line);
    for (const issue of c.issues.slice(this.issuesRead)) this.out(`(!) ${issue.pointer === '' ? '' : `${issue.pointer}: `}${issue.message}`);
    this.issuesRead = c.issues.length;
    // Numbers refer to what the last turn showed; a turn that said something replaces them.
    if (items.some((i) => i.kind === 'message')) this.options = view.options;
    for (const item of items) if (item.kind === 'message' && item.form !== null) this.lastForm = item.form;
    const blocking = c.state.suspended;
    if (blocking?.kind === 'form' && blocking.field === null && this.lastForm?.token === blocking.token) await this.fill(this.lastForm);
    else if (items.some((i) => i.kind === 'message' && i.form !== null)) this.out('     (type /form to fill it in)');
  }

  private async fill(form: RenderedForm): Promise<void> {
    const event = await fillForm(form, (q) => this.input.ask(q), this.out);
    if (event !== null) await this.send(event);
  }

  /** Handles one typed line; false when the chat should end. */
  async line(raw: string): Promise<boolean> {
    const line = raw.trim();
    if (line === '') return true;
    if (line.startsWith('/')) return this.command(line);
    const option = /^\d{1,2}$/.test(line) ? this.options.find((o) => o.number === Number(line)) : undefined;
    if (option !== undefined) {
      const b = option.button;
      if (!ANSWERING.has(b.type)) {
        this.out(`     (a ${b.type} button: it opens something on the person's device; nothing is sent to the bot)`);
        return true;
      }
      await this.send(messageEvent({ text: b.title, payload: b.postbackData ?? b.payload }));
      return true;
    }
    await this.send(messageEvent({ text: raw }));
    return true;
  }

  private async command(line: string): Promise<boolean> {
    const [name = '', ...rest] = line.split(/\s+/);
    const arg = rest.join(' ');
    switch (name) {
      case '/quit':
      case '/exit':
        return false;
      case '/help':
        this.out(HELP);
        return true;
      case '/payload':
        if (arg === '') this.out('usage: /payload X');
        else await this.send(messageEvent({ payload: arg }));
        return true;
      case '/location': {
        const match = /^(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)$/.exec(arg);
        if (match === null) this.out('usage: /location LAT,LONG (e.g. /location 45.76,4.84)');
        else await this.send(messageEvent({ location: { latitude: Number(match[1]), longitude: Number(match[2]), label: null } }));
        return true;
      }
      case '/wait': {
        const ms = parseDuration(arg);
        if (ms === null) {
          this.out('usage: /wait 30s (digits and s, m, h or d)');
          return true;
        }
        await this.conversation.advance(ms);
        await this.show();
        const next = this.conversation.nextTimerAt();
        this.out(`     (clock: ${this.conversation.now().toISOString()}${next === null ? '' : `; next timer at ${next.toISOString()}`})`);
        return true;
      }
      case '/form':
        if (this.lastForm === null) this.out('     (no form was shown)');
        else await this.fill(this.lastForm);
        return true;
      case '/welcome':
        await this.send({ kind: 'welcome' });
        return true;
      case '/attributes':
      case '/attrs':
        this.printAttributes();
        return true;
      default:
        this.out(`unknown command ${name}; /help lists them`);
        return true;
    }
  }

  private printAttributes(): void {
    let any = false;
    for (const scope of ['human', 'bot', 'user', 'shared', 'sys'] as const) {
      const entries = Object.entries(this.conversation.snapshot(scope))
        .filter(([name]) => scope !== 'sys' || SHOWN_SYS.has(name))
        .sort(([a], [b]) => a.localeCompare(b));
      if (entries.length === 0) continue;
      any = true;
      for (const [name, value] of entries) this.out(`  ${scope === 'human' ? '' : `${scope}:`}${name} = ${value}`);
    }
    if (!any) this.out('  (no attributes)');
  }
}

interface ChatOptions {
  definition: string;
  channel: string;
  include: string[];
  now: Date | undefined;
}

function parse(argv: string[]): ChatOptions | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { definition: { type: 'string' }, channel: { type: 'string' }, include: { type: 'string', multiple: true }, now: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (values.definition === undefined) return '--definition is required';
  const channel = values.channel ?? 'web';
  if (!isChannelTypeName(channel)) return `--channel must be one of ${CHANNEL_TYPE_NAMES.join(', ')}; got "${channel}"`;
  const now = values.now === undefined ? undefined : new Date(values.now);
  if (now !== undefined && Number.isNaN(now.getTime())) return `--now must be an ISO date-time, e.g. 2025-03-05T10:00:00Z; got "${values.now}"`;
  return { definition: values.definition, channel, include: values.include ?? [], now };
}

/** Runs the chat until /quit or the end of input; the exit code (0 done, 1 the definition cannot run, 2 usage). */
export async function runChat(argv: string[], io: ChatIo = { input: process.stdin, output: process.stdout, error: process.stderr }): Promise<number> {
  const options = parse(argv);
  if (typeof options === 'string') {
    io.error.write(`${options}\n${USAGE}\n`);
    return 2;
  }
  let program;
  try {
    program = (await loadProgram(options.definition, options.include)).program;
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    io.error.write(`${error.message}\n`);
    return 1;
  }
  const config = loadConfig();
  const http = createGuardedHttp(config.outbound);
  const conversation = new MemoryConversation({ program, channelType: options.channel, http, timeZone: config.botTimeZone, now: options.now });
  const input = new LineInput(io.input, io.output);
  const out = (line: string) => io.output.write(`${line}\n`);
  const session = new ChatSession(conversation, input, out);
  try {
    out(`Chatting with "${program.name}" on ${options.channel}. /help lists the commands, /quit leaves.`);
    // The web-chat widget opens the conversation on a first visit, before anything is typed.
    if (options.channel === 'web') await session.send({ kind: 'welcome' });
    for (;;) {
      const line = await input.next('you> ');
      if (line === null || !(await session.line(line))) break;
    }
    return 0;
  } finally {
    input.close();
    await http.close();
  }
}
