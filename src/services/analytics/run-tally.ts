// What a conversation's run adds to the analytics (docs/analytics.md), worked out before it commits and committed with it.
import { isBusy, type ConversationState, type RunResult } from '../../engine/index.js';
import { UNRECOGNISED_TEXT, type Tally } from '../../store/index.js';

export interface RunAnalytics {
  /** The conversation's bot. */
  botId: number;
  /** Counts, and the text the bot did not understand as the examples keep it (metric UNRECOGNISED_TEXT). */
  tallies: Tally[];
}

/** The longest text kept as an example of what was not understood. */
const EXAMPLE_LENGTH = 200;

/** Lower case, spaces collapsed, cut at 200 characters (not inside a surrogate pair): one row per question however typed. */
export function exampleText(text: string): string {
  return Array.from(text.trim().replace(/\s+/g, ' ').toLowerCase()).slice(0, EXAMPLE_LENGTH).join('');
}

export interface RunFacts {
  botId: number;
  channelId: number;
  /** The state the run started from. */
  before: ConversationState;
  /** Whether the bot had the conversation before the run (the stored flag). */
  botEnabledBefore: boolean;
  /** The human's text, when the run handled a message. */
  said: { text: string | null } | null;
  result: RunResult;
  /** The commit's instant (ISO): its UTC day is the day counted. */
  at: string;
}

/**
 * The run's counts: a conversation started, a message in, the messages out, the interactions entered and finished,
 * the drop-off moved to the last interaction entered (the conversation left the one before it), a text not understood,
 * the bot handing over to people. Sets `result.state.lastEntered`, which the commit stores with the state.
 */
export function tallyRun(f: RunFacts): RunAnalytics {
  const day = f.at.slice(0, 10);
  const tallies: Tally[] = [];
  const add = (metric: string, n = 1, key = '', on = day) => tallies.push({ day: on, botId: f.botId, channelId: f.channelId, metric, key, n });
  const { result } = f;
  const state = result.state;
  if (!f.before.started && state.started) add('conversations');
  if (f.said !== null) add('messages_in');
  const out = result.outbound.filter((item) => item.kind !== 'note').length;
  if (out > 0) add('messages_out', out, 'bot');
  for (const name of result.entered) add('entered', 1, name);

  // Where the conversation rests: `left` counts conversations by the last interaction they entered, `dropped` those of
  // them that did not finish it; both move when the conversation enters another (from the day it entered the one before).
  const previous = f.before.lastEntered;
  const last = result.entered.at(-1);
  if (last !== undefined) {
    if (previous !== undefined) {
      add('left', -1, previous.interaction, previous.day);
      if (!previous.finished) add('dropped', -1, previous.interaction, previous.day);
    }
    add('left', 1, last);
    add('dropped', 1, last);
    state.lastEntered = { interaction: last, day, finished: false };
  } else if (previous !== undefined) {
    state.lastEntered = { ...previous };
  }
  // An interaction is finished when a run leaves nothing to continue or wait for after entering it (or resuming it).
  const resting = state.lastEntered;
  if (resting !== undefined && !resting.finished && !isBusy(state) && (last !== undefined || isBusy(f.before))) {
    add('finished', 1, resting.interaction);
    add('dropped', -1, resting.interaction, resting.day);
    resting.finished = true;
  }

  if (f.botEnabledBefore && !state.botEnabled) add('handoffs');
  if (result.unrecognised && f.said?.text) {
    add('unrecognised');
    add(UNRECOGNISED_TEXT, 1, exampleText(f.said.text));
  }
  return { botId: f.botId, tallies };
}
