// What a skill request means for the conversation: a launch, words for the bot (the catch-all slot, or a built-in intent's word), or the session's end.
import { messageEvent, type MessageEvent } from '../../engine/index.js';
import type { SkillIntent, SkillRequest } from './skill-request.js';

/** The catch-all slot of the interaction model Parley ships (docs/channels/voice-interaction-model.json). */
export const CATCH_ALL_SLOT = 'query';

/**
 * Built-in intents the platform resolves itself, and what the bot hears for each: the words its
 * language already knows (stop and cancel are sys:cancel phrases, help is sys:help's). Stop and
 * NavigateHome leave the skill, so the session ends whatever the bot does next.
 */
const BUILT_IN: Record<string, { text: string | null; ends: boolean }> = {
  'AMAZON.StopIntent': { text: 'stop', ends: true },
  'AMAZON.NavigateHomeIntent': { text: 'stop', ends: true },
  'AMAZON.CancelIntent': { text: 'cancel', ends: false },
  'AMAZON.HelpIntent': { text: 'help', ends: false },
  'AMAZON.YesIntent': { text: 'yes', ends: false },
  'AMAZON.NoIntent': { text: 'no', ends: false },
  'AMAZON.StartOverIntent': { text: 'start over', ends: false },
  // Nothing the model knows was said: a message without text, which an open wait refuses (asking again) and otherwise sys:text takes.
  'AMAZON.FallbackIntent': { text: null, ends: false },
};

export type Turn =
  | { kind: 'launch' }
  | { kind: 'message'; event: MessageEvent; endsSession: boolean }
  | { kind: 'ended'; reason: string | null; error: string | null }
  /** A request kind a conversation has no use for (audio player, display events …): answered empty. */
  | { kind: 'other'; type: string };

/** The words of any other intent: its catch-all slot, else its filled slots in order; null when nothing was filled. */
function spokenText(intent: SkillIntent): string | null {
  const slots = Object.entries(intent.slots ?? {});
  const catchAll = slots.find(([name]) => name === CATCH_ALL_SLOT)?.[1].value?.trim();
  if (catchAll) return catchAll;
  const values = slots.map(([, slot]) => slot.value?.trim() ?? '').filter((v) => v !== '');
  return values.length > 0 ? values.join(' ') : null;
}

export function turnOf(request: SkillRequest['request']): Turn {
  switch (request.type) {
    case 'LaunchRequest':
      return { kind: 'launch' };
    case 'IntentRequest': {
      if (request.intent === undefined) return { kind: 'other', type: 'IntentRequest without intent' };
      const builtIn = BUILT_IN[request.intent.name];
      if (builtIn !== undefined) return { kind: 'message', event: messageEvent({ text: builtIn.text }), endsSession: builtIn.ends };
      return { kind: 'message', event: messageEvent({ text: spokenText(request.intent) }), endsSession: false };
    }
    case 'SessionEndedRequest':
      return {
        kind: 'ended', reason: request.reason ?? null,
        error: request.error === undefined ? null : `${request.error.type ?? 'error'}: ${request.error.message ?? ''}`.slice(0, 500),
      };
    default:
      return { kind: 'other', type: request.type };
  }
}
