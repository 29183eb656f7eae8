// The runner: one event and a conversation's state in, the new state and everything to commit out. Pure apart from the ports.
import { answerForm, answerFormByText } from './actions/data-capture.js';
import { rejectAnswer, resumeAfterAnswer, storeAnswer, timeOutWait } from './actions/wait-for.js';
import type { RecognizerResult } from './nlu/types.js';
import { Chain } from './chain.js';
import type { RunEnvironment, RunResult } from './environment.js';
import type { ConversationEvent, MessageEvent, ProactiveEvent, RequestResultEvent, TimerEvent } from './events.js';
import { renderJsonStrings, renderTemplate } from './language/render.js';
import { emptyMessage } from './outbound.js';
import { matchChoice } from './input/choices.js';
import { DIALOG_INTENTS, type DialogIntent } from './program.js';
import { RunContext } from './run-context.js';
import type { ConversationState } from './state.js';

/** Handles one event. The input state is not changed; the result holds the next one. */
export async function handleEvent(env: RunEnvironment, state: ConversationState, event: ConversationEvent): Promise<RunResult> {
  const run = new RunContext(env, structuredClone(state), event);
  const chain = new Chain(run);
  dropStale(run.state);
  // People have the conversation: whatever chain the bot had open (a wait, a hold whose timer fires now) is over.
  if (!run.state.botEnabled) endOpenChain(run.state);
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
      // Like a message, a result that comes back during a pause or delay waits its turn.
      if (run.state.suspended?.kind === 'hold') run.deferred = true;
      else onRequestResult(event, chain);
      break;
    case 'script':
      // A conversation handed to people (bot disabled) runs nothing, scripts included.
      if (!run.state.botEnabled) break;
      run.state.started = true;
      chain.goto([event.target]);
      break;
    case 'proactive':
      onProactive(event, chain);
      break;
    case 'welcome':
      onWelcome(chain);
      break;
    case 'sessionEnded':
      // As when people take over: the open chain (a wait, a delay or pause) is over, so its timeout or resumption says nothing.
      endOpenChain(run.state);
      break;
  }
  if (!run.deferred) await chain.continue();
  return run.result();
}

/** The chain the bot had open ends: no frame to continue, no wait or hold; a timer that fires for it later finds nothing. */
function endOpenChain(state: ConversationState): void {
  state.frames = [];
  state.suspended = null;
}

/**
 * Dialogs and open forms point into the bot revision they started on. Once the conversation runs
 * on another revision (the host moves it when no chain is running), they no longer mean anything.
 */
function dropStale(state: ConversationState): void {
  const current = (revision: number | null | undefined) => revision === undefined || revision === state.revision;
  state.dialogs = state.dialogs.filter((d) => current(d.revision));
  state.openForms = state.openForms.filter((f) => current(f.revision));
}

/** The account's own message goes out whatever the bot is doing; its script runs only while the bot is enabled, as `script` does. */
function onProactive(event: ProactiveEvent, chain: Chain): void {
  const { run } = chain;
  if (event.message !== null) {
    const message = emptyMessage();
    message.text = event.message.text === null ? null : renderTemplate(event.message.text, run.language);
    message.media = event.message.media === null ? null : renderTemplate(event.message.media, run.language);
    message.mediaType = event.message.mediaType;
    const template = event.message.template ?? null;
    if (template !== null) {
      message.template = { name: template.name, language: template.language, components: template.components.map((c) => renderJsonStrings(c, run.language)) };
    }
    run.outbound.push(message);
  }
  if (event.script !== null && run.state.botEnabled) {
    run.state.started = true;
    chain.goto([event.script]);
  }
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
  // The hold is over: the chain goes on, or a delay's executeOnTimeout replaces it.
  state.suspended = null;
  if (suspended.executeOnTimeout.length > 0) chain.goto(suspended.executeOnTimeout);
}

function onRequestResult(event: RequestResultEvent, chain: Chain): void {
  const { run } = chain;
  for (const w of event.writes) run.set(w.scope, w.name, w.value);
  if (!event.failed || event.fallback === null || !run.state.botEnabled) return;
  // The fallback of a request the chain did not wait for runs only when the bot is idle, so it never breaks into a wait.
  if (run.state.suspended === null) chain.goto([event.fallback]);
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
  // A click answers as its title (sys:text) and its payload (sys:payload).
  const selected = choice === null ? event : { ...event, text: run.text, payload: run.payload };
  state.lastText = run.text;
  state.lastPayload = run.payload;
  if (choice?.execute) {
    // A click answers an open wait that takes it (its value is stored), and its target replaces the chain.
    if (state.suspended?.kind === 'wait') storeAnswer(state.suspended, selected, chain);
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
  let result: RecognizerResult | null = null;
  if (suspended?.kind === 'wait') {
    if (storeAnswer(suspended, selected, chain)) {
      resumeAfterAnswer(suspended, chain);
      state.choices = [];
      return;
    }
    // In a dialog, an answer the wait does not take may be the human asking for something else: that breaks out (below).
    result = state.dialogs.length > 0 && text !== '' ? program.recognizer.recognize(text, { context: state.context }) : null;
    if (result === null) {
      rejectAnswer(suspended, chain);
      // The choices offered stay valid while the same wait still holds (a wrong answer without executeOnError).
      if (state.suspended?.token !== suspended.token) state.choices = [];
      return;
    }
  }
  // A form answered field by field; an answer a message-mode form does not take leaves it, and the message goes on below.
  if (suspended?.kind === 'form' && answerFormByText(suspended, selected, chain)) return;
  state.choices = [];

  if (result === null && firstMessage && program.startInteraction !== null) {
    chain.startInteraction(program.startInteraction);
    return;
  }
  result ??= text === '' ? null : program.recognizer.recognize(text, { context: state.context });
  // Cancel, start over or break out recognized in other words than its phrases still act on the open dialog.
  const recognizedDialogIntent = DIALOG_INTENTS.find((d) => d === result?.intent);
  if (recognizedDialogIntent !== undefined && state.dialogs.length > 0) {
    onDialogIntent(recognizedDialogIntent, chain);
    return;
  }
  if (result !== null) {
    for (const [name, value] of Object.entries(result.slots)) run.set('human', name, value);
    chain.startInteraction(result.interaction);
    // The human asked for something else mid-dialog: every open dialog ends (innermost first, each
    // running its executeOnBreakOut), sys:context returns to what it was before the outermost, then the new interaction runs.
    const dialogs = state.dialogs.splice(0);
    if (dialogs.length > 0) {
      state.context = dialogs[0]!.previousContext;
      chain.execute(dialogs.reverse().flatMap((d) => d.executeOnBreakOut));
    }
    return;
  }
  if (text !== '') run.unrecognised = true;
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
    if (dialog.context !== undefined) state.context = dialog.context;
    return;
  }
  state.dialogs.pop();
  state.context = dialog.previousContext;
  chain.goto(intent === 'sys:cancel' ? dialog.executeOnCancel : dialog.executeOnBreakOut);
}
