// send: the request first (its response may feed the message), then the message, note or RSS, custom JSON, then the e-mail.
import type { SendModel } from '../definition/model.js';
import { renderJsonStrings } from '../language/render.js';
import { emptyMessage, type OutboundMessage } from '../outbound.js';
import { renderEmail } from './email.js';
import { renderMessage } from './message.js';
import { renderNote } from './note.js';
import { renderPopulated } from './populate.js';
import { runRequest } from './request.js';
import { fetchFeed } from './rss.js';
import type { Choice, ConversationState } from '../state.js';
import type { StepContext, StepOutcome } from './step.js';

/** Most postback choices kept across messages. */
const MAX_POSTBACKS = 50;

function remember(state: ConversationState, choices: Choice[]): void {
  state.choices = choices;
  const withPayload = choices.filter((c) => c.payload !== null);
  const older = (state.postbacks ?? []).filter((c) => !withPayload.some((n) => n.payload === c.payload));
  state.postbacks = [...older, ...withPayload].slice(-MAX_POSTBACKS);
}

export async function send(model: SendModel, ctx: StepContext): Promise<StepOutcome> {
  const { run, chain, action } = ctx;
  if (model.request !== null) {
    const outcome = await runRequest(model.request, ctx);
    if (outcome !== 'next') return outcome;
  }
  let message: OutboundMessage | null = null;
  if (model.message !== null) {
    const rendered = model.populate !== null ? renderPopulated(model.message, model.populate, run, action.pointer) : renderMessage(model.message, run.language);
    message = rendered.message;
    if (rendered.choices.length > 0) remember(run.state, rendered.choices);
  } else if (model.rss !== null) {
    message = await fetchFeed(model.rss, run, action.pointer);
  } else if (model.note !== null) {
    const note = await renderNote(model.note, run);
    if (note.ok) run.outbound.push(note.note);
    else {
      run.issue(action.pointer, `The note was not sent: ${note.reason}.`);
      if (model.note.executeOnError.length > 0) {
        chain.goto(model.note.executeOnError, action.pointer);
        return 'jumped';
      }
    }
  }
  if (model.json !== null) {
    message ??= emptyMessage();
    message.json = renderJsonStrings(model.json, run.language);
  }
  if (message !== null) run.outbound.push(message);
  if (model.email !== null) {
    const email = renderEmail(model.email, run, action.pointer);
    if (email !== null) run.outbound.push(email);
  }
  return 'next';
}
