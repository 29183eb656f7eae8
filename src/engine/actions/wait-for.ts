// waitFor: the chain holds until the human answers (stored in `content`), the answer is wrong (executeOnError) or time runs out.
import type { WaitModel } from '../definition/model.js';
import type { Chain, StepOutcome } from '../chain.js';
import type { MessageEvent } from '../events.js';
import { readAnswer } from '../input/answer.js';
import { words } from '../nlu/normalize.js';
import type { Suspension } from '../state.js';
import type { StepContext } from './index.js';

export function startWait(wait: WaitModel, { run, chain, interaction, index }: StepContext): StepOutcome {
  const token = run.language.uuid();
  const deadline = new Date(run.env.clock().getTime() + wait.timeoutMs);
  run.timers.push({ token, at: deadline });
  return chain.suspend({ kind: 'wait', token, interaction, action: index, deadline: deadline.toISOString() });
}

/**
 * A message while waiting. A right answer is stored, the wait's keywords fill their attributes, and
 * the chain goes on (the action's validation first). A wrong answer runs executeOnError in place of
 * the chain; without it, the answer is ignored and the wait keeps holding.
 */
export async function answerWait(suspension: Extract<Suspension, { kind: 'wait' }>, event: MessageEvent, chain: Chain): Promise<void> {
  const { run } = chain;
  const action = chain.program.interactions[suspension.interaction]?.actions[suspension.action];
  const step = action?.step;
  if (action === undefined || step?.kind !== 'waitFor') {
    // The revision changed under the wait; nothing sensible to resume.
    chain.goto([]);
    return;
  }
  const wait = step.waitFor;
  const answer = readAnswer(wait.data, event, {
    choices: run.state.choices, numberedChoices: run.env.channel.capabilities.numberedChoices, now: run.env.clock(), timeZone: run.env.timeZone,
  });
  let keywordFound = false;
  if (wait.keywords.length > 0 && event.text !== null) {
    const tokens = words(event.text);
    for (const keyword of wait.keywords) {
      const hit = chain.program.keywordMatcher.find(tokens, keyword.name)[0];
      if (hit === undefined) continue;
      run.set('human', keyword.attribute, hit.value);
      keywordFound = true;
    }
  }
  if (answer === null && !keywordFound) {
    if (wait.executeOnError.length > 0) chain.goto(wait.executeOnError, action.pointer);
    return;
  }
  if (answer !== null) run.set('human', wait.content, answer);
  run.state.suspended = null;
  chain.validate(action);
}

/** The wait's time ran out: executeOnTimeout in place of the chain, or the chain ends silently. */
export function timeOutWait(suspension: Extract<Suspension, { kind: 'wait' }>, chain: Chain): void {
  const action = chain.program.interactions[suspension.interaction]?.actions[suspension.action];
  const targets = action?.step?.kind === 'waitFor' ? action.step.waitFor.executeOnTimeout : [];
  chain.goto(targets, action?.pointer ?? '');
}
