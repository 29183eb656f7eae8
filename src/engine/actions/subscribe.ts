// subscribe: true subscribes the human to this conversation's channel, false unsubscribes.
import type { StepOutcome } from '../chain.js';
import type { StepContext } from './index.js';

export function subscribe(value: boolean, { run }: StepContext): StepOutcome {
  run.human.subscribed = value;
  return 'next';
}
