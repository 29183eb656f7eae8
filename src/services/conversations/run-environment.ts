// Everything a run needs from the store, read once per event: the human, their attributes in every scope, the channel's facts.
import type { Config } from '../../config.js';
import {
  type BotProgram, channelCapabilities, type HttpPort, type HumanSnapshot, type RunEnvironment,
} from '../../engine/index.js';
import type { KnowledgePort } from '../../engine/ports.js';
import type { ChannelRow, ConversationRow, HumanRecord, PassStatements, Repositories } from '../../store/index.js';
import type { Clock } from '../../time.js';
import type { OwnerIds } from './attribute-owners.js';

/** Channel types a note may be texted through. */
const TEXTING = new Set(['dlc', 'dsc']);

/** Gives the answer step's port of one run (services/knowledge); absent, answer steps take their fallback. */
export type KnowledgeFactory = (run: { accountId: number; botId: number; conversationId: number; channelId: number; channelType: string }) => KnowledgePort;

export interface LoadedRun {
  env: RunEnvironment;
  owners: OwnerIds;
  human: HumanRecord;
}

export async function loadRunEnvironment(args: {
  repos: Repositories;
  /** The human's read (shared by the runs of one turn on PostgreSQL). */
  runInputs: PassStatements['runInputs'];
  config: Config;
  clock: Clock;
  http: HttpPort;
  program: BotProgram;
  conversation: ConversationRow;
  channel: ChannelRow;
  device: { type: string | null; platform: string | null } | null;
  knowledge?: KnowledgeFactory | null;
}): Promise<LoadedRun | null> {
  const { repos, conversation, channel } = args;
  // One statement: the human with their channels, and the attributes of the four stored scopes (ownerOf's owners; the
  // shared one, the human's link group, is found by the statement).
  const ids = { conversationId: conversation.id, botId: channel.botId, accountId: conversation.accountId };
  const inputs = await args.runInputs(conversation.humanId, ids);
  if (inputs === undefined) return null;
  const { human, subscribed, attributes: stored } = inputs;
  const owners: OwnerIds = { ...ids, sharedId: human.linkGroup ?? human.id };
  const snapshot: HumanSnapshot = {
    firstName: human.firstName, lastName: human.lastName, phone: human.phone, email: human.email, tags: human.tags,
    subscribed: subscribed.some((c) => c.id === channel.id),
    rcsEnabled: human.rcsEnabled, rcsFeatures: human.rcsFeatures,
    communicatingChannels: inputs.channelTypes,
    subscribedChannels: [...new Set(subscribed.map((c) => c.type))].sort(),
  };
  const capabilities = channelCapabilities(channel.channelType);
  // A human without RCS gets an RCS channel's messages as SMS text with numbered options (docs/channels/rcs.md): a number selects there too.
  if (channel.channelType === 'rcs' && human.rcsEnabled === false) capabilities.numberedChoices = true;
  const base = args.config.publicUrl ?? `http://localhost:${args.config.port}`;
  return {
    owners,
    human,
    env: {
      program: args.program,
      channel: { id: channel.id, type: channel.channelType, capabilities },
      human: snapshot,
      attributes: { get: (scope, name) => stored.get(scope)?.get(name) },
      device: args.device ?? { type: null, platform: null },
      conversationLink: `${base}/v1/conversations/${conversation.id}`,
      clock: args.clock,
      timeZone: args.config.botTimeZone,
      http: args.http,
      ...(args.knowledge ? { knowledge: args.knowledge({ accountId: conversation.accountId, botId: channel.botId, conversationId: conversation.id, channelId: channel.id, channelType: channel.channelType }) } : {}),
      // Read only when a note asks: most runs send none.
      canTextThrough: async (id) => {
        const target = await repos.channels.find(id);
        return target !== undefined && target.accountId === conversation.accountId && TEXTING.has(target.channelType);
      },
    },
  };
}
