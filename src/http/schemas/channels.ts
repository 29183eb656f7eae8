// TypeBox schemas of channel requests and responses (spec endpoints 1–9).
import { Type } from 'typebox';
import { MAX_ID, Nullable } from './common.js';

const JsonObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

export const ChannelTypeObject = Type.Object({
  name: Type.String({ description: 'Identifier used as channelType in other calls.' }),
  description: Type.String({ description: 'Full name of the channel type.' }),
  comingSoon: Type.Boolean({ description: 'Listed but not yet available: channels of this type cannot be created.' }),
});

export const ChannelObject = Type.Object({
  id: Type.Integer(),
  channelType: Type.String(),
  botId: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  user: Nullable(Type.String(), { description: 'Public identifier of the channel (e.g. the messenger page id, the phone number).' }),
  phoneType: Type.Integer({ description: '1 user-entered number, 2 hosted number, 3 text-enabled toll-free; 0 on non-phone channels.' }),
  countryCode: Nullable(Type.String(), { description: 'US or CA on Long Code channels; null otherwise.' }),
  data: Nullable(JsonObject, { description: 'Verified Sender Setup of an RCS channel; null otherwise.' }),
  dateCreated: Type.String({ description: 'yyyy-mm-ddThh:mm:ss, UTC.' }),
  trial: Type.Boolean({ description: 'Made only to try a bot (the console\'s "Try it"): left out of the overview, never a broadcast\'s default channel.' }),
});

const common = {
  botId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Id of the bot that owns the channel.' }),
  name: Type.String({ minLength: 1, maxLength: 255 }),
  description: Type.String({ maxLength: 200 }),
  user: Type.Optional(Nullable(Type.String({ maxLength: 1000 }), { description: 'Public identifier of the channel.' })),
  token: Type.Optional(Nullable(Type.String({ maxLength: 65536 }), { description: 'Password, private key or access token. Stored encrypted; never returned.' })),
  phoneType: Type.Optional(Type.Integer({ description: 'dlc only: 1, 2 or 3 (default 1).' })),
  countryCode: Type.Optional(Nullable(Type.String({ maxLength: 2 }), { description: 'dlc only: US or CA.' })),
  data: Type.Optional(Nullable(JsonObject, { description: 'rcs only: the Verified Sender Setup.' })),
};

export const ChannelCreateBody = Type.Object({
  channelType: Type.String({ minLength: 1, maxLength: 16, description: 'A channel type name from GET /v1/channels/types.' }),
  ...common,
  trial: Type.Optional(Type.Boolean({ description: 'true: a channel only to try a bot on (default false); set when created, never changed.' })),
});

export const ChannelUpdateBody = Type.Object({
  channelType: Type.Optional(Type.String({ maxLength: 16, description: 'Must equal the channel\'s type if given.' })),
  ...common,
});

export const HumanIdsBody = Type.Object({
  humanIds: Type.Array(Type.Integer({ minimum: 1, maximum: MAX_ID }), { maxItems: 10_000, description: 'Ids of humans of this account.' }),
});

export const SubscribeResult = Type.Object({ channelId: Type.Integer(), subscribedHumansCount: Type.Integer() });
export const UnsubscribeResult = Type.Object({ channelId: Type.Integer(), unsubscribedHumansCount: Type.Integer() });
export const SubscriptionStatus = Type.Object({ channelId: Type.Integer(), subscribedHumansCount: Type.Integer() });

export const ChannelListQuery = Type.Object({
  bot_id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only channels of this bot.' })),
});
