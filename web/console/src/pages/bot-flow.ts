// A bot's flow in words, read from its definition: each interaction with what starts it, its steps in order, where it
// leads, and whether anything can reach it (drawn and edited by builder/builder-view.ts).
import { targetsUnder } from '../../../../src/engine/definition/targets-under.js';

type Json = Record<string, unknown>;

export interface FlowStep { text: string; conditional: boolean }

export interface FlowInteraction {
  /** Its name, else its pointer (as analytics name it). */
  label: string;
  /** The id of its card, for the links that lead to it. */
  anchor: string;
  triggers: string[];
  steps: FlowStep[];
  /** Interactions its steps lead to (goto, execute, buttons, handlers), by label, each once. */
  leadsTo: string[];
  /** Nothing starts it (no intent, expression or keyword, not the welcome) and no reachable interaction leads to it. */
  unreachable: boolean;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);
const quote = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;

function describeTriggers(interaction: Json): string[] {
  const triggers: string[] = [];
  for (const intent of list(interaction.intents)) {
    if (typeof intent === 'string') triggers.push(`intent ${intent}`);
    else if (isObject(intent)) {
      const expressions = list(intent.expressions).map((e) => (typeof e === 'string' ? e : isObject(e) ? String(e.text) : '')).filter(Boolean);
      triggers.push(`${expressions.length} expression${expressions.length === 1 ? '' : 's'}${expressions.length === 0 ? '' : `: ${expressions.slice(0, 3).map(quote).join(', ')}${expressions.length > 3 ? ', …' : ''}`}`);
    }
  }
  const keywords = list(interaction.keywords).filter(isObject).map((k) => String(k.name));
  if (keywords.length > 0) triggers.push(`keyword${keywords.length === 1 ? '' : 's'} ${keywords.join(', ')}`);
  const expressions = list(interaction.expressions).length;
  if (expressions > 0) triggers.push(`${expressions} expression${expressions === 1 ? '' : 's'}`);
  return triggers;
}

/** One action's step in words. */
function describeStep(action: Json): string {
  const send = action.send;
  if (isObject(send)) {
    if (isObject(send.message)) {
      const m = send.message;
      const choices = list(m.buttons).length + list(m.quickReplies).length;
      const text = typeof m.text === 'string' ? `Send ${quote(m.text)}` : list(m.carousel).length > 0 ? `Send a carousel of ${list(m.carousel).length}` : 'Send a message';
      return choices > 0 ? `${text} with ${choices} choice${choices === 1 ? '' : 's'}` : text;
    }
    if (isObject(send.email)) return 'Send an e-mail';
    if (isObject(send.request)) return `Call ${String(send.request.method ?? 'GET')} ${String(send.request.url ?? '')}`.trim();
    if (send.note !== undefined) return 'Add a note for the team';
    return `Send ${Object.keys(send).join(', ')}`;
  }
  if (isObject(action.waitFor)) {
    const w = action.waitFor;
    return `Wait for ${list(w.data).join(' or ') || 'an answer'}${typeof w.content === 'string' ? ` into ${w.content}` : ''}`;
  }
  if (isObject(action.dataCapture)) return `Show a form of ${list(action.dataCapture.fields).length} fields`;
  if (typeof action.goto === 'string') return `Go to ${action.goto}`;
  if (action.execute !== undefined) return `Run ${list(action.execute).join(', ')}`;
  if (isObject(action.updateSettings)) {
    const bot = action.updateSettings.bot;
    if (isObject(bot) && bot.enabled === false) return 'Hand over to a person';
    if (isObject(bot) && bot.enabled === true) return 'Turn the bot back on';
    return 'Change the conversation\'s settings';
  }
  if (action.assignTags !== undefined) return `Tag ${list(action.assignTags).join(', ')}`;
  if (typeof action.subscribe === 'boolean') return action.subscribe ? 'Subscribe the human' : 'Unsubscribe the human';
  if (isObject(action.answer)) return 'Answer from knowledge bases';
  if (isObject(action.classify)) return 'Let a model choose the interaction';
  if (action.pause !== undefined) return 'Pause';
  if (action.delay !== undefined) return 'Wait a while';
  if (isObject(action.startDialog)) return `Start a dialog${typeof action.startDialog.name === 'string' ? ` (${action.startDialog.name})` : ''}`;
  if (action.finishDialog !== undefined) return 'Finish the dialog';
  if (isObject(action.updateAttribute)) return `Set ${String(action.updateAttribute.attribute)}`;
  if (isObject(action.assignAttributes)) return 'Set attributes';
  return 'A step edited as code';
}

/** The flow of a bot-format definition; an experience (workflows) is read the same way. */
export function flowOf(definition: unknown): FlowInteraction[] {
  const root = isObject(definition) ? definition : {};
  const key = Array.isArray(root.interactions) ? 'interactions' : 'workflows';
  const interactions = list(root[key]).filter(isObject);
  const labels = interactions.map((i, n) => (typeof i.name === 'string' && i.name !== '' ? i.name : `/${key}/${n}`));
  // A target names an interaction or one of its actions: either way, that interaction is where it leads.
  const owner = new Map<string, number>();
  interactions.forEach((i, n) => {
    for (const a of list(i.actions).filter(isObject)) if (typeof a.name === 'string') owner.set(a.name, n);
  });
  interactions.forEach((i, n) => { if (typeof i.name === 'string') owner.set(i.name, n); });
  const leads = interactions.map((i) => [...new Set(targetsUnder(i.actions).flatMap((t) => (owner.has(t) ? [owner.get(t)!] : [])))]);
  const reached = new Set<number>();
  const queue: number[] = [];
  const reach = (n: number | undefined) => { if (n !== undefined && !reached.has(n)) { reached.add(n); queue.push(n); } };
  interactions.forEach((i, n) => { if (describeTriggers(i).length > 0) reach(n); });
  for (const t of targetsUnder({ welcomeMessageExecute: root.welcomeMessageExecute })) reach(owner.get(t));
  while (queue.length > 0) for (const n of leads[queue.shift()!]!) reach(n);
  return interactions.map((i, n) => ({
    label: labels[n]!,
    anchor: `flow-${n}`,
    triggers: describeTriggers(i),
    steps: list(i.actions).filter(isObject).map((a) => ({ text: describeStep(a), conditional: Array.isArray(a.conditions) && a.conditions.length > 0 })),
    leadsTo: leads[n]!.map((m) => labels[m]!),
    unreachable: !reached.has(n),
  }));
}
