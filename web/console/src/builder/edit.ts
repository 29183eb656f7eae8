// Changes the builder makes to a definition, each returning a new one and touching nothing but what it names, so that
// what the canvas saves differs from what it opened only by that change.
import { TARGET_KEYS } from '../../../../src/engine/definition/targets-under.js';
type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(value: T): T => structuredClone(value);

/** The key that holds the interactions: the bot format's, else the experience format's. */
export function interactionsKey(definition: Json): 'interactions' | 'workflows' {
  return Array.isArray(definition.workflows) && !Array.isArray(definition.interactions) ? 'workflows' : 'interactions';
}

export function interactionsOf(definition: Json): Json[] {
  const list = definition[interactionsKey(definition)];
  return Array.isArray(list) ? list.filter(isObject) : [];
}

function withInteractions(definition: Json, change: (list: Json[]) => void): Json {
  const next = clone(definition);
  const key = interactionsKey(next);
  const list = Array.isArray(next[key]) ? next[key] as Json[] : [];
  change(list);
  next[key] = list;
  return next;
}

function withActions(definition: Json, interaction: number, change: (actions: Json[]) => void): Json {
  return withInteractions(definition, (list) => {
    const target = list[interaction];
    if (!isObject(target)) throw new RangeError(`No interaction ${interaction}`);
    const actions = Array.isArray(target.actions) ? target.actions as Json[] : [];
    change(actions);
    target.actions = actions;
  });
}

/** Every name a step may lead to: interactions' and actions', in the order written. */
export function targetNames(definition: Json): string[] {
  const names: string[] = [];
  for (const i of interactionsOf(definition)) {
    if (typeof i.name === 'string' && i.name !== '') names.push(i.name);
    for (const a of Array.isArray(i.actions) ? i.actions : []) if (isObject(a) && typeof a.name === 'string' && a.name !== '') names.push(a.name);
  }
  return [...new Set(names)];
}

/** `base`, or `base 2`, `base 3` … : the first not yet taken by an interaction or action. */
export function freeName(definition: Json, base: string): string {
  const taken = new Set(targetNames(definition));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base} ${n}`)) return `${base} ${n}`;
}

export function addStep(definition: Json, interaction: number, action: Json, at?: number): Json {
  return withActions(definition, interaction, (actions) => actions.splice(at ?? actions.length, 0, action));
}

export function replaceStep(definition: Json, interaction: number, step: number, action: Json): Json {
  return withActions(definition, interaction, (actions) => { actions[step] = action; });
}

export function deleteStep(definition: Json, interaction: number, step: number): Json {
  return withActions(definition, interaction, (actions) => { actions.splice(step, 1); });
}

/** Moves a step one place up (-1) or down (+1); at either end it stays. */
export function moveStep(definition: Json, interaction: number, step: number, by: -1 | 1): Json {
  return withActions(definition, interaction, (actions) => {
    const to = step + by;
    if (to < 0 || to >= actions.length) return;
    [actions[step], actions[to]] = [actions[to]!, actions[step]!];
  });
}

/** What starts an interaction, as the builder's interaction form offers it. */
export type Start = { kind: 'welcome' } | { kind: 'phrases'; phrases: string[] } | { kind: 'fallback' } | { kind: 'none' };

/** The start the form shows, or null when the interaction's triggers are more than it shows (they are then kept). */
export function startOf(interaction: Json): Start | null {
  const { intents, keywords, expressions } = interaction;
  if (keywords !== undefined || expressions !== undefined) return null;
  if (intents === undefined || (Array.isArray(intents) && intents.length === 0)) return { kind: 'none' };
  if (!Array.isArray(intents) || intents.length !== 1) return null;
  const only = intents[0];
  if (only === 'sys:start') return { kind: 'welcome' };
  if (only === 'sys:text') return { kind: 'fallback' };
  if (isObject(only) && Object.keys(only).every((k) => ['name', 'expressions'].includes(k)) && Array.isArray(only.expressions)
    && only.expressions.every((e) => typeof e === 'string')) return { kind: 'phrases', phrases: only.expressions as string[] };
  return null;
}

/** Sets the interaction's intents from a start; phrases make one intent named `intentName`. */
function applyStart(interaction: Json, start: Start, intentName: string): void {
  delete interaction.intents;
  if (start.kind === 'welcome') interaction.intents = ['sys:start'];
  if (start.kind === 'fallback') interaction.intents = ['sys:text'];
  if (start.kind === 'phrases') interaction.intents = [{ name: intentName, expressions: start.phrases }];
}

/** A new interaction at the end, with a first step when given. */
export function addInteraction(definition: Json, name: string, start: Start, firstStep?: Json): Json {
  return withInteractions(definition, (list) => {
    const interaction: Json = { name };
    applyStart(interaction, start, name);
    interaction.actions = firstStep === undefined ? [] : [firstStep];
    list.push(interaction);
  });
}

/**
 * Renames an interaction and sets what starts it; every step that led to the old name leads to the new one. A start
 * of null keeps the triggers as they are (the form could not show them).
 */
export function updateInteraction(definition: Json, index: number, name: string, start: Start | null): Json {
  const old = interactionsOf(definition)[index]?.name;
  let next = withInteractions(definition, (list) => {
    const interaction = list[index]!;
    const intentName = Array.isArray(interaction.intents) && isObject(interaction.intents[0]) && typeof interaction.intents[0].name === 'string'
      ? interaction.intents[0].name : name;
    interaction.name = name;
    // The intent keeps the name it had (analytics and tests may name it).
    if (start !== null) applyStart(interaction, start, intentName);
  });
  if (typeof old === 'string' && old !== name) next = renameTarget(next, old, name);
  return next;
}

/** Deletes an interaction; steps that led to it are left as they are, and the problems list names them. */
export function deleteInteraction(definition: Json, index: number): Json {
  return withInteractions(definition, (list) => { list.splice(index, 1); });
}

function renameTarget(definition: Json, from: string, to: string): Json {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => {
      if (TARGET_KEYS.has(k)) {
        if (v === from) return [k, to];
        if (Array.isArray(v)) return [k, v.map((x) => (x === from ? to : walk(x)))];
      }
      return [k, walk(v)];
    }));
  };
  return walk(definition) as Json;
}
