// delay and pause: the chain holds for a while on a durable timer; messages that arrive meanwhile wait their turn.
import type { StepContext, StepOutcome } from './step.js';

export function hold(milliseconds: number, executeOnTimeout: readonly string[], { run, chain }: StepContext): StepOutcome {
  if (milliseconds <= 0 && executeOnTimeout.length === 0) return 'next';
  const token = run.language.uuid();
  const until = new Date(run.env.clock().getTime() + Math.max(0, milliseconds));
  run.timers.push({ token, at: until });
  return chain.suspend({ kind: 'hold', token, until: until.toISOString(), executeOnTimeout: [...executeOnTimeout] });
}
