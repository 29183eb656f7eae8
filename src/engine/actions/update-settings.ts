// updateSettings: bot.enabled (false hands the conversation to people) and conversation.priority.
import type { UpdateSettingsModel } from '../definition/model.js';
import type { StepContext, StepOutcome } from './step.js';

export function updateSettings(settings: UpdateSettingsModel, { run, chain }: StepContext): StepOutcome {
  if (settings.conversationPriority !== null) run.state.priority = settings.conversationPriority;
  if (settings.botEnabled === false) {
    run.state.botEnabled = false;
    // The bot steps aside at once: nothing after this action runs, and no wait stays open.
    chain.goto([]);
    return 'jumped';
  }
  if (settings.botEnabled === true) run.state.botEnabled = true;
  return 'next';
}
