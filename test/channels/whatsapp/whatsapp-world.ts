// A Parley server wired to the fake Cloud API: an account, a bot, a wha channel on a number, and Meta's side of its webhook.
import crypto from 'node:crypto';
import type { DatabaseKind } from '../../helpers/server.js';
import { FakeWhatsApp, type FakeNumber } from '../../fakes/whatsapp.js';
import type { WhatsAppWebhook } from '../../fakes/whatsapp-webhook.js';
import { serverWorld, type ServerWorld } from '../support/world.js';

export interface WhatsAppWorld extends ServerWorld {
  fake: FakeWhatsApp;
  number: FakeNumber;
  verifyToken: string;
  channelId: number;
  hook: WhatsAppWebhook;
  close(): Promise<void>;
}

export function tokenJson(number: FakeNumber, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ accessToken: number.accessToken, appSecret: number.appSecret, businessAccountId: number.businessAccountId, ...extra });
}

export async function whatsappWorld(kind: DatabaseKind, bot: object, env: Record<string, string> = {}): Promise<WhatsAppWorld> {
  const fake = await FakeWhatsApp.start();
  const world = await serverWorld(kind, {
    WHATSAPP_API_URL: fake.url, WHATSAPP_API_VERSION: fake.version, WHATSAPP_TIMEOUT_MS: '2000', DELIVERY_RETRY_MS: '50', JOBS_POLL_MS: '20', ...env,
  }, bot);
  const number = fake.number();
  const verifyToken = crypto.randomBytes(9).toString('base64url');
  const channelId = await world.createChannel({ channelType: 'wha', name: 'WhatsApp', description: 'support line', user: number.phoneNumberId, token: tokenJson(number, { verifyToken }) });
  return {
    ...world, fake, number, verifyToken, channelId,
    hook: fake.webhook(`${world.server.url}/hooks/wha/${channelId}`, number),
    close: async () => {
      await world.server.close();
      await fake.close();
    },
  };
}
