// waitFor: the chain holds until the human answers (stored in `content`), the answer is wrong (executeOnError) or time runs out.
import type { ActionModel, WaitModel } from '../definition/model.js';
import type { MessageEvent } from '../events.js';
import { readAnswer } from '../input/answer.js';
import { words } from '../nlu/normalize.js';
import type { Suspension } from '../state.js';
import type { StepChain, StepContext, StepOutcome } from './step.js';

export function startWait(wait: WaitModel, { run, chain, interaction, index }: StepContext): StepOutcome {
  const token = run.language.uuid();
  const deadline = new Date(run.env.clock().getTime() + wait.timeoutMs);
  run.timers.push({ token, at: deadline });
  return chain.suspend({ kind: 'wait', token, interaction, action: index, deadline: deadline.toISOString() });
}

type WaitSuspension = Extract<Suspension, { kind: 'wait' }>;

function waitAt(suspension: WaitSuspension, chain: StepChain): { action: ActionModel; wait: WaitModel } | null {
  const action = chain.program.interactions[suspension.interaction]?.actions[suspension.action];
  return action?.step?.kind === 'waitFor' ? { action, wait: action.step.waitFor } : null;
}

/**
 * Stores what a message answers: the value of the first data kind it satisfies in `content`, and
 * the values of the wait's keywords it contains in their attributes. False when it answers nothing.
 */
export function storeAnswer(suspension: WaitSuspension, event: MessageEvent, chain: StepChain): boolean {
  const { run } = chain;
  const found = waitAt(suspension, chain);
  if (found === null) return false;
  const { wait } = found;
  const answer = readAnswer(wait.data, event, {
    choices: run.state.choices, numberedChoices: run.env.channel.capabilities.numberedChoices, now: run.env.clock(), timeZone: run.env.timeZone,
  });
  let keywordFound = false;
  if (wait.keywords.length > 0 && event.text !== null) {
    const tokens = words(event.text);
    for (const keyword of wait.keywords) {
      const hit = chain.program.keywordMatcher.find(tokens, keyword.name)[0];
      if (hit === undefined) continue;
      run.assign(keyword.attribute, hit.value, found.action.pointer);
      keywordFound = true;
    }
  }
  if (answer !== null) run.set('human', wait.content, answer);
  return answer !== null || keywordFound;
}

/** The wait was answered: the chain goes on after it, the action's validation first. */
export function resumeAfterAnswer(suspension: WaitSuspension, chain: StepChain): void {
  const found = waitAt(suspension, chain);
  chain.run.state.suspended = null;
  if (found !== null) chain.validate(found.action);
}

/** A message the wait does not take: executeOnError replaces the chain; without it the wait keeps holding. */
export function rejectAnswer(suspension: WaitSuspension, chain: StepChain): void {
  const found = waitAt(suspension, chain);
  if (found === null) chain.goto([]);
  else if (found.wait.executeOnError.length > 0) chain.goto(found.wait.executeOnError, found.action.pointer);
}

/** The wait's time ran out: executeOnTimeout in place of the chain, or the chain ends silently. */
export function timeOutWait(suspension: WaitSuspension, chain: StepChain): void {
  const action = chain.program.interactions[suspension.interaction]?.actions[suspension.action];
  const targets = action?.step?.kind === 'waitFor' ? action.step.waitFor.executeOnTimeout : [];
  chain.goto(targets, action?.pointer ?? '');
}
