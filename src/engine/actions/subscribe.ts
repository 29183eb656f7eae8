// subscribe: true subscribes the human to this conversation's channel, false unsubscribes.
import type { StepContext, StepOutcome } from './step.js';

export function subscribe(value: boolean, { run }: StepContext): StepOutcome {
  run.human.subscribed = value;
  return 'next';
}
