// What a launch runs on a conversation that has started before: the bot's welcome workflow, or its sys:start interaction by name.
import type { ProgramSource } from '../ports.js';
import type { ProviderRecords } from '../records.js';

/**
 * A voice session starts afresh each time the skill is opened, as people expect of a voice app; the
 * runtime's welcome event greets a conversation only once (right for a chat window reopened), so a
 * later launch runs the welcome as a script. null: the bot has nothing to run by name (then the
 * launch is a plain welcome event, which says nothing on a started conversation).
 */
export async function welcomeTarget(records: Pick<ProviderRecords, 'bots'>, programs: ProgramSource, botId: number): Promise<string | null> {
  const bot = await records.bots.find(botId);
  if (bot === undefined) return null;
  const program = await programs.get(botId, bot.currentRevision);
  if (program === null) return null;
  if (program.welcomeExecute !== null && program.resolve(program.welcomeExecute) !== null) return program.welcomeExecute;
  if (program.startInteraction === null) return null;
  const name = program.interactions[program.startInteraction]?.name ?? null;
  const target = name === null ? null : program.resolve(name);
  return target?.kind === 'interaction' && target.interaction === program.startInteraction ? name : null;
}
