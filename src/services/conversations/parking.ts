// Reads a conversation's stored state for a run; a state this release cannot read parks the conversation instead of starting it afresh.
import type { Logger } from '../../channels/index.js';
import {
  type ConversationState, countUnreadable, inboxEventFormat, parseState, StoredFormatError, type StoredInboxEvent,
} from '../../engine/index.js';
import type { ConversationRow, Repositories } from '../../store/index.js';

/**
 * The conversation's state, or null when it cannot be read: then the conversation is parked (it takes no runs, its
 * inbound messages are still stored), the error is logged and counted, and the others keep running. Called by the
 * holder of the conversation's claim.
 */
export async function stateOrPark(
  repos: Pick<Repositories, 'conversations'>, log: Logger, owner: string, conversation: ConversationRow, now: string,
): Promise<ConversationState | null> {
  return readOrPark(() => parseState(conversation.state), repos, log, owner, conversation, now, 'its stored state');
}

/** The pending event's stored payload, or null when it cannot be read: then the conversation is parked as above (the event stays pending). */
export async function eventOrPark(
  repos: Pick<Repositories, 'conversations'>, log: Logger, owner: string, conversation: ConversationRow, payload: string, now: string,
): Promise<StoredInboxEvent | null> {
  return readOrPark(() => inboxEventFormat.parse(payload), repos, log, owner, conversation, now, 'a pending event');
}

async function readOrPark<T>(
  read: () => T, repos: Pick<Repositories, 'conversations'>, log: Logger, owner: string, conversation: ConversationRow, now: string, what: string,
): Promise<T | null> {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof StoredFormatError)) throw err;
    countUnreadable(err.format);
    await repos.conversations.park(conversation.id, owner, err.reason, now);
    log.error({ err, conversationId: conversation.id, format: err.format, version: err.version, problem: err.problem },
      `the conversation is parked: ${what} cannot be read by this release`);
    return null;
  }
}
