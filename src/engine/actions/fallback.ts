// A step's way out when it cannot do its work (answer, classify): the run says why, and its fallback targets, if any,
// replace the chain; without them the chain goes on.
import type { StepContext, StepOutcome } from './step.js';

export function takeFallback(step: string, targets: readonly string[], reason: string, { run, chain, action }: StepContext): StepOutcome {
  run.issue(action.pointer, `The ${step} step took its fallback: ${reason}.`);
  if (targets.length === 0) return 'next';
  chain.goto(targets, action.pointer);
  return 'jumped';
}
