// What a step of an action works with and answers: the leaf both the chain and the action files import, so neither imports the other.
import type { ActionModel } from '../definition/model.js';
import type { BotProgram } from '../program.js';
import type { RunContext } from '../run-context.js';
import type { Suspension } from '../state.js';

/** What a step tells the interpreter: go on, or the chain was suspended or redirected (nothing more to do for this action). */
export type StepOutcome = 'next' | 'suspended' | 'jumped';

/** The chain interpreter as steps drive it (`Chain` in ../chain.ts). */
export interface StepChain {
  readonly run: RunContext;
  readonly program: BotProgram;
  /** An execute action: its targets, then its validation once they are done. */
  executeAction(targets: readonly string[], interaction: number, index: number, pointer: string): StepOutcome;
  /** Runs the targets, in order, before whatever the chain does next. */
  execute(targets: readonly string[], pointer?: string): void;
  /** Stops the current chain and continues from the targets. */
  goto(targets: readonly string[], pointer?: string): void;
  suspend(suspension: Suspension): StepOutcome;
  validate(action: ActionModel): void;
}

/** Where a step runs: the chain, the run, and the action's place in the program. */
export interface StepContext {
  chain: StepChain;
  run: RunContext;
  action: ActionModel;
  interaction: number;
  index: number;
}
