// A Parley server wired to the fake voice platform: an account, a bot, an alx channel for a skill, and the platform's side of its endpoint.
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeVoiceAssistant, type FakeSkill } from '../../fakes/voice-assistant.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

export interface VoiceWorld extends ServerWorld {
  fake: FakeVoiceAssistant;
  channelId: number;
  skill: FakeSkill;
  /** Conversations of the channel, as the API lists them. */
  conversations(): Promise<{ id: number; humanId: number }[]>;
  close(): Promise<void>;
}

export async function voiceWorld(kind: DatabaseKind, bot: object, env: Record<string, string> = {}): Promise<VoiceWorld> {
  const fake = await FakeVoiceAssistant.start();
  const world = await serverWorld(kind, { ...fake.env, JOBS_POLL_MS: '20', ...env }, bot);
  const skillId = `amzn1.ask.skill.${crypto.randomUUID()}`;
  const channelId = await world.createChannel({ channelType: 'alx', name: 'voice', description: 'custom skill', user: skillId });
  return {
    ...world, fake, channelId,
    skill: fake.skill(`${world.server.url}/hooks/alx/${channelId}`, skillId),
    conversations: async () => (await world.api('GET', `/v1/conversations?channel_id=${channelId}`)).body.conversations,
    close: async () => {
      await world.server.close();
      await fake.close();
    },
  };
}
