// Opening a phone: a sandbox channel and a human of the caller's account, the human's address on it, and their conversation.
import { ownedBy, UnprocessableError } from '../../errors.js';
import type { IngestPort } from '../ports.js';
import type { ChannelDirectory, ProviderRecords, StoredHuman } from '../records.js';
import { isPhoneChannel, isSandboxChannel, SANDBOX_TOKEN, sandboxAddress } from './channel.js';
import { phoneEnvelope, type PhoneEnd } from './inbound.js';

export interface OpenedPhone extends PhoneEnd {
  human: StoredHuman;
  conversationId: number;
}

export interface PhoneParts {
  records: Pick<ProviderRecords, 'conversations' | 'humans' | 'identities'>;
  channels: Pick<ChannelDirectory, 'find'>;
  ingest: Pick<IngestPort, 'receive'>;
}

/**
 * Finds (or, on first open, starts with a welcome event) the conversation of `humanId` on `channelId`. Both must be
 * the account's: another account's channel or human is 403, as everywhere in the API.
 */
export async function openPhone(parts: PhoneParts, accountId: number, channelId: number, humanId: number): Promise<OpenedPhone> {
  const { records } = parts;
  const channel = ownedBy(await parts.channels.find(channelId), accountId, 'Channel', channelId);
  const human = ownedBy(await records.humans.find(humanId), accountId, 'Human', humanId);
  if (channel.type === 'web') throw new UnprocessableError(`Channel ${channelId} is a web chat: open /chat/${channelId} instead.`);
  if (!isSandboxChannel(channel)) {
    throw new UnprocessableError(`Channel ${channelId} is not a sandbox channel: its messages go to its provider. Set its token to "${SANDBOX_TOKEN}" to try it here.`);
  }
  if (human.phone === null) throw new UnprocessableError(`Human ${humanId} has no phone number: a sandbox phone needs one (give them one, or create a test human).`);
  const known = await records.conversations.findFor(channel.id, human.id);
  const address = known?.address ?? (isPhoneChannel(channel.type) ? human.phone : sandboxAddress(human.id));
  const end: PhoneEnd = { channel, address, phone: human.phone };
  if (known !== undefined) return { ...end, human, conversationId: known.id };
  // The inbox finds the human by the address, else by phone: it must find this one, not another with the same number.
  const found = (await records.identities.humanOf(channel.id, address)) ?? (await records.humans.idByPhone(accountId, human.phone));
  if (found !== undefined && found !== human.id) {
    throw new UnprocessableError(`Human ${found} has the phone number ${human.phone} too, and channel ${channelId} would take messages from it for them: open their phone, or give human ${humanId} another number.`);
  }
  const envelope = await phoneEnvelope(records, end, human.id, { kind: 'welcome' }, `sandbox:welcome:${channel.id}:${human.id}`);
  const ingested = await parts.ingest.receive(envelope!);
  return { ...end, human, conversationId: ingested.conversationId };
}
