// The chain interpreter: runs actions frame by frame (execute nests, goto replaces), until the chain ends or suspends.
import type { ActionModel, InteractionModel } from './definition/model.js';
import { computeAssignments } from './language/assign.js';
import type { ConversationFacts } from './language/condition-model.js';
import { conditionsHold } from './language/conditions.js';
import { runStep } from './actions/index.js';
import type { StepChain, StepOutcome } from './actions/step.js';
import type { RunContext } from './run-context.js';
import type { Frame, Suspension } from './state.js';

export class Chain implements StepChain {
  constructor(readonly run: RunContext) {}

  get program() {
    return this.run.env.program;
  }

  private get frames(): Frame[] {
    return this.run.state.frames;
  }

  facts(): ConversationFacts {
    const env = this.run.env;
    return {
      channelType: env.channel.type,
      channelId: env.channel.id,
      humanTags: [...env.human.tags, ...this.run.human.addTags],
      deviceType: env.device.type,
      devicePlatform: env.device.platform,
    };
  }

  /**
   * The frame that runs a target. An interaction runs from its entry. An action runs alone when
   * executed (`only`), and from itself to the end of its interaction when the chain continues from
   * it (goto and every target that replaces the chain).
   */
  private frameFor(target: string, pointer: string, only: boolean): Frame | null {
    const resolved = this.program.resolve(target);
    if (resolved === null) {
      this.run.issue(pointer, `"${target}" names no interaction, workflow or action; nothing was run.`);
      return null;
    }
    return resolved.kind === 'interaction'
      ? { interaction: resolved.interaction, next: 0, only: false, entered: false }
      : { interaction: resolved.interaction, next: resolved.action, only, entered: true };
  }

  private push(targets: readonly string[], pointer: string, only: boolean): void {
    const frames = targets.map((t) => this.frameFor(t, pointer, only)).filter((f): f is Frame => f !== null);
    // Pushed in reverse: the first target is on top, so it runs first.
    for (const frame of frames.reverse()) this.frames.push(frame);
  }

  /** An execute action: its targets, then its validation once they are done. */
  executeAction(targets: readonly string[], interaction: number, index: number, pointer: string): StepOutcome {
    const action = this.program.interactions[interaction]?.actions[index];
    if (action?.validation) this.frames.push({ interaction, next: index, only: true, entered: true, validate: true });
    this.execute(targets, pointer);
    return 'jumped';
  }

  /** Runs the targets, in order, before whatever the chain does next (execute); an action target runs alone. */
  execute(targets: readonly string[], pointer = ''): void {
    this.push(targets, pointer, true);
  }

  /**
   * Stops the current chain and continues from the targets (goto, and every target that replaces
   * the chain: on error, on timeout, fallback, a button's execute …). Several targets run in order.
   */
  goto(targets: readonly string[], pointer = ''): void {
    this.frames.length = 0;
    this.run.state.suspended = null;
    this.push(targets, pointer, false);
  }

  /** Starts an interaction as a new chain (an intent matched). */
  startInteraction(index: number): void {
    this.frames.length = 0;
    this.run.state.suspended = null;
    this.frames.push({ interaction: index, next: 0, only: false, entered: false });
  }

  suspend(suspension: Suspension): StepOutcome {
    this.run.state.suspended = suspension;
    return 'suspended';
  }

  /** Stops the chain where it is (a loop bound, a failed validation without handler). */
  stop(): void {
    this.frames.length = 0;
  }

  /** Runs until the chain is empty or suspended. */
  async continue(): Promise<void> {
    const { run } = this;
    while (this.frames.length > 0 && run.state.suspended === null) {
      if (this.frames.length > run.limits.maxDepth) {
        run.issue('', `Executes nested deeper than ${run.limits.maxDepth} levels; the chain was stopped.`);
        this.stop();
        return;
      }
      const frame = this.frames[this.frames.length - 1]!;
      const interaction = this.program.interactions[frame.interaction];
      if (interaction === undefined) {
        this.frames.pop();
        continue;
      }
      if (frame.validate === true) {
        this.frames.pop();
        const action = interaction.actions[frame.next];
        if (action !== undefined) this.validate(action);
        continue;
      }
      if (!frame.entered) {
        // Entries count toward the bound too: a validation whose executeOnError enters the same interaction runs no action.
        if (this.overBound(interaction.pointer)) return;
        run.actionsRun += 1;
        frame.entered = true;
        if (!this.enter(interaction)) continue;
      }
      if (frame.next >= interaction.actions.length) {
        this.frames.pop();
        continue;
      }
      if (this.overBound(interaction.pointer)) return;
      const index = frame.next;
      // Advanced before the step runs, so a suspension resumes after this action.
      frame.next = frame.only ? interaction.actions.length : index + 1;
      run.actionsRun += 1;
      await this.action(interaction.actions[index]!, frame.interaction, index);
    }
  }

  /** The loop bound: true (and the chain stopped) once an event has run as many actions as allowed. */
  private overBound(pointer: string): boolean {
    const { run } = this;
    if (run.actionsRun < run.limits.maxActions) return false;
    run.issue(pointer, `More than ${run.limits.maxActions} actions ran for one event; the chain was stopped as a loop.`);
    this.stop();
    return true;
  }

  /**
   * An interaction's entry: its validation, then sys:context (an interaction that does not run
   * leaves the context alone). False when the validation failed: executeOnError replaces the
   * chain, or without it the chain stops.
   */
  private enter(interaction: InteractionModel): boolean {
    const { run } = this;
    const validation = interaction.validation;
    if (validation !== null && !conditionsHold(validation.conditions, this.facts(), run.language)) {
      if (validation.executeOnError.length > 0) this.goto(validation.executeOnError, interaction.pointer);
      else this.stop();
      return false;
    }
    run.entered.push(interaction.name ?? interaction.pointer);
    run.visited.push(interaction.pointer);
    if (this.program.format === 'bot') run.state.context = interaction.context;
    return true;
  }

  private async action(action: ActionModel, interaction: number, index: number): Promise<void> {
    const { run } = this;
    if (action.channel !== null && action.channel !== run.env.channel.type) return;
    if (!conditionsHold(action.conditions, this.facts(), run.language)) return;
    run.visited.push(action.pointer);
    if (action.assignments.length > 0) {
      const result = computeAssignments(action.assignments, run.language);
      run.apply(result.writes, action.pointer);
      for (const issue of result.issues) run.issue(action.pointer, issue.message);
    }
    const outcome = action.step === null ? 'next' : await runStep(action.step, { chain: this, run, action, interaction, index });
    if (outcome === 'next') this.validate(action);
  }

  /** An action's validation, after its step (for a wait: after the answer is stored). */
  validate(action: ActionModel): void {
    const validation = action.validation;
    if (validation === null || conditionsHold(validation.conditions, this.facts(), this.run.language)) return;
    if (validation.executeOnError.length > 0) this.goto(validation.executeOnError, action.pointer);
    else this.stop();
  }
}
