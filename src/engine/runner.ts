// The runner: one event and a conversation's state in, the new state and everything to commit out. Pure apart from the ports.
import { answerForm, answerFormByText } from './actions/data-capture.js';
import { answerWait, timeOutWait } from './actions/wait-for.js';
import { Chain } from './chain.js';
import type { RunEnvironment, RunResult } from './environment.js';
import type { ConversationEvent, MessageEvent, RequestResultEvent, TimerEvent } from './events.js';
import { matchChoice } from './input/choices.js';
import type { DialogIntent } from './program.js';
import { RunContext } from './run-context.js';
import type { ConversationState } from './state.js';

/** Handles one event. The input state is not changed; the result holds the next one. */
export async function handleEvent(env: RunEnvironment, state: ConversationState, event: ConversationEvent): Promise<RunResult> {
  const run = new RunContext(env, structuredClone(state), event);
  const chain = new Chain(run);
  switch (event.kind) {
    case 'message':
      await onMessage(event, chain);
      break;
    case 'timer':
      onTimer(event, chain);
      break;
    case 'form':
      if (run.state.botEnabled) answerForm(event, chain);
      break;
    case 'requestResult':
      onRequestResult(event, chain);
      break;
    case 'script':
      run.state.started = true;
      chain.goto([event.target]);
      break;
    case 'welcome':
      onWelcome(chain);
      break;
  }
  if (!run.deferred) await chain.continue();
  return run.result();
}

function onWelcome(chain: Chain): void {
  const { run, program } = chain;
  if (run.state.started || !run.state.botEnabled) return;
  run.state.started = true;
  if (program.welcomeExecute !== null) chain.goto([program.welcomeExecute]);
  else if (program.startInteraction !== null) chain.startInteraction(program.startInteraction);
}

function onTimer(event: TimerEvent, chain: Chain): void {
  const state = chain.run.state;
  const suspended = state.suspended;
  // A timer whose suspension already ended (answered, replaced) is stale: nothing to do.
  if (suspended === null || suspended.kind === 'form' || suspended.token !== event.token) return;
  if (suspended.kind === 'wait') {
    timeOutWait(suspended, chain);
    return;
  }
  state.suspended = null;
  chain.execute(suspended.executeOnTimeout);
}

function onRequestResult(event: RequestResultEvent, chain: Chain): void {
  const { run } = chain;
  for (const w of event.writes) run.set(w.scope, w.name, w.value);
  if (!event.failed || event.fallback === null) return;
  // The fallback of a request the chain did not wait for runs only when the bot is idle, so it never breaks into a wait.
  if (run.state.suspended === null) chain.execute([event.fallback]);
  else run.issue('', `The asynchronous request failed while the conversation was waiting; its fallback "${event.fallback}" did not run.`);
}

async function onMessage(event: MessageEvent, chain: Chain): Promise<void> {
  const { run, program } = chain;
  const state = run.state;
  if (!state.botEnabled) return;
  if (state.suspended?.kind === 'hold') {
    run.deferred = true;
    return;
  }
  run.text = event.text;
  run.payload = event.payload;
  const firstMessage = !state.started;
  state.started = true;

  const choice = matchChoice(state.choices, event, run.env.channel.capabilities.numberedChoices)
    ?? (event.payload === null ? null : state.postbacks?.find((c) => c.payload === event.payload) ?? null);
  if (choice !== null) {
    run.payload = choice.payload ?? run.payload;
    if (run.text === null || run.text === '') run.text = choice.title;
  }
  const selected = choice === null ? event : { ...event, payload: run.payload };
  if (choice?.execute) {
    state.choices = [];
    chain.goto([choice.execute]);
    return;
  }

  const text = run.text ?? '';
  const dialogIntent = text === '' ? null : program.dialogIntent(text);
  if (dialogIntent !== null && (state.dialogs.length > 0 || (state.suspended !== null && dialogIntent !== 'sys:breakOut'))) {
    onDialogIntent(dialogIntent, chain);
    return;
  }

  const suspended = state.suspended;
  if (suspended?.kind === 'wait') {
    await answerWait(suspended, selected, chain);
    state.choices = [];
    return;
  }
  if (suspended?.kind === 'form') {
    answerFormByText(suspended, selected, chain);
    return;
  }
  state.choices = [];

  if (firstMessage && program.startInteraction !== null) {
    chain.startInteraction(program.startInteraction);
    return;
  }
  const result = text === '' ? null : program.recognizer.recognize(text, { context: state.context });
  if (result !== null) {
    for (const [name, value] of Object.entries(result.slots)) run.set('human', name, value);
    const dialog = state.dialogs.pop();
    chain.startInteraction(result.interaction);
    if (dialog !== undefined) {
      // The human asked for something else mid-dialog: the dialog ends, its breakOut targets run, then the new interaction.
      state.context = dialog.previousContext;
      chain.execute(dialog.executeOnBreakOut);
    }
    return;
  }
  if (program.textInteraction !== null) chain.startInteraction(program.textInteraction);
}

/**
 * sys:cancel, sys:startOver and sys:breakOut, said while a dialog runs or the bot waits for an
 * answer. In a dialog they act on it (§5 of the bot-language reference); outside one, cancel and
 * start over end the wait, then the interaction that lists the intent runs, if any.
 */
function onDialogIntent(intent: DialogIntent, chain: Chain): void {
  const { run, program } = chain;
  const state = run.state;
  const dialog = state.dialogs[state.dialogs.length - 1];
  const listed = program.interactions.findIndex((i) => i.intents.some((x) => x.name === intent));
  if (dialog === undefined) {
    chain.goto([]);
    if (listed >= 0) chain.startInteraction(listed);
    else if (intent === 'sys:startOver' && program.startInteraction !== null) chain.startInteraction(program.startInteraction);
    return;
  }
  if (intent === 'sys:startOver') {
    chain.goto([]);
    state.frames.push(...structuredClone(dialog.restart));
    return;
  }
  state.dialogs.pop();
  state.context = dialog.previousContext;
  chain.goto(intent === 'sys:cancel' ? dialog.executeOnCancel : dialog.executeOnBreakOut);
}
