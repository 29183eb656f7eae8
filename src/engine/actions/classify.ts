// classify: when the recognizer placed nothing, a model chooses among the bot's interactions (by name, with example
// phrases) through the host's knowledge port, and the chosen one runs; the fallback when none fits, the model fails or
// the daily token limit is reached.
import type { ClassifyModel, InteractionModel } from '../definition/model.js';
import { renderTemplate } from '../language/render.js';
import type { ClassifyCandidate } from '../ports.js';
import { takeFallback } from './fallback.js';
import type { StepContext, StepOutcome } from './step.js';

/** Phrases that show what an interaction is for: its intents' expressions and its own, else its intents' names. */
function examplesOf(interaction: InteractionModel): string[] {
  const own = interaction.intents.filter((i) => i.name === null || !i.name.startsWith('sys:'));
  const phrases = [...own.flatMap((i) => i.expressions.map((e) => e.text)), ...interaction.expressions.map((e) => e.text)];
  return phrases.length > 0 ? phrases : own.flatMap((i) => (i.name === null ? [] : [i.name]));
}

/** The interactions named in `among`, or every named one a person could ask for (intents or expressions of its own). */
export function classifyCandidates(interactions: readonly InteractionModel[], among: readonly string[], self: number): ClassifyCandidate[] {
  const chosen = among.length > 0
    ? interactions.filter((i) => i.name !== null && among.includes(i.name))
    : interactions.filter((i, index) => index !== self && i.name !== null && examplesOf(i).length > 0);
  const seen = new Set<string>();
  return chosen.filter((i) => !seen.has(i.name!) && seen.add(i.name!)).map((i) => ({ name: i.name!, examples: examplesOf(i) }));
}

export async function classify(model: ClassifyModel, ctx: StepContext): Promise<StepOutcome> {
  const { run, chain, action, interaction } = ctx;
  const fallback = (reason: string): StepOutcome => takeFallback('classify', model.fallback, reason, ctx);
  const text = renderTemplate(model.text, run.language).trim();
  if (text === '') return fallback('none (the message is empty)');
  const port = run.env.knowledge;
  if (port === undefined) return fallback('failed (this host has no model)');
  let result;
  try {
    result = await port.classify({
      text, candidates: classifyCandidates(chain.program.interactions, model.among, interaction),
      model: model.model, instructions: model.instructions, dailyTokenLimit: model.dailyTokenLimit,
    });
  } catch (error) {
    return fallback(`failed (${(error as Error).message})`);
  }
  if (result.kind === 'fallback') return fallback(`${result.reason} (${result.detail})`);
  if (model.attribute !== null) run.assign(model.attribute, result.name, action.pointer);
  chain.goto([result.name], action.pointer);
  return 'jumped';
}
