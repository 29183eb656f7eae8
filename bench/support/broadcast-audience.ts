// A broadcast's audience for the benchmarks (tagged, subscribed humans on a short code of the fake carrier), and sending one text to it.
import type { Store } from '../../src/store/db.js';
import { createServices } from '../../src/services/index.js';
import { loadConfig } from '../../src/config.js';
import type { FakeCarrier } from '../../test/fakes/carrier.js';
import { client } from '../../test/helpers/http.js';

const BATCH = 1000;
const SHORT_CODE = '12345';

function phone(i: number): string {
  return `+1415${String(1_000_000 + i).padStart(7, '0')}`;
}

/** `humans` humans tagged `bench` and subscribed to the channel, written in bulk; `phoneOf` numbers them. */
export async function seedAudience(store: Store, accountId: number, channelId: number, humans: number, phoneOf: (i: number) => string = phone): Promise<void> {
  const now = new Date().toISOString();
  for (let start = 0; start < humans; start += BATCH) {
    const count = Math.min(BATCH, humans - start);
    await store.db.transaction().execute(async (tx) => {
      const ids = await tx.insertInto('humans').values(Array.from({ length: count }, (_, k) => ({
        account_id: accountId, first_name: `H${start + k}`, last_name: null, phone: phoneOf(start + k), email: null, created_at: now, updated_at: now,
        link_group: null, rcs_enabled: null, rcs_features: null, rcs_checked_at: null,
      }))).returning('id').execute();
      await tx.insertInto('human_tags').values(ids.map((r) => ({ account_id: accountId, human_id: r.id, tag: 'bench' }))).execute();
      await tx.insertInto('subscriptions').values(ids.map((r) => ({ channel_id: channelId, human_id: r.id, subscribed: 1, updated_at: now }))).execute();
    });
  }
}

/** An account, its token, a bot and a short-code channel on the fake carrier, written into the store before any server runs. */
export async function shortCodeChannel(env: Record<string, string>, store: Store, carrier: FakeCarrier, email: string): Promise<{ accountId: number; token: string; channelId: number }> {
  const services = createServices(loadConfig(env), store);
  try {
    const account = await services.accounts.create(email, 'correct horse battery');
    const token = (await services.tokens.create(account.id, 'bench')).token;
    const bot = await services.bots.create(account.id, { name: 'notices', interactions: [{ name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'ok' } } }] }] });
    const carrierAccount = carrier.account([SHORT_CODE]);
    const credentials = `http://${carrierAccount.sid}:${carrierAccount.authToken}@${carrier.url.slice('http://'.length)}`;
    const channel = await services.channels.create(account.id, { channelType: 'dsc', botId: bot.id, name: 'alerts', description: 'bench', user: SHORT_CODE, token: credentials });
    return { accountId: account.id, token, channelId: channel.id };
  } finally {
    await services.webChat.close();
  }
}

export interface BroadcastTimes {
  humans: number;
  /** From the POST to its answer, to the end of expansion (every human queued), and to the last message handed to the carrier. */
  answeredMs: number;
  queuedMs: number;
  doneMs: number;
}

/**
 * Sends one message (a text unless `message` says otherwise: a template) to the `bench` tag through `url` and polls its
 * progress twice a second, as a dashboard would, until every message left; `onProgress` sees each poll.
 */
export async function sendBroadcast(url: string, token: string, channelId: number, onProgress?: (elapsedMs: number, sent: number) => Promise<void>,
  message: object = { text: 'Sale today, {sys:firstName}' }): Promise<BroadcastTimes> {
  const api = client(url, token);
  const t0 = performance.now();
  const sent = await api('POST', '/v1/messages', { channelId, ...message, targets: [{ targetType: 'humans', tags: 'bench' }] });
  if (sent.status !== 200) throw new Error(`POST /v1/messages answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  const answeredMs = performance.now() - t0;
  let queuedMs = 0;
  for (;;) {
    const progress = (await api('GET', `/v1/messages/batches/${sent.body.batchId}`)).body as { status: string; messages: { sent: number; failed: number } };
    if (queuedMs === 0 && progress.status !== 'expanding') queuedMs = performance.now() - t0;
    if (progress.status === 'done') {
      if (progress.messages.failed > 0) throw new Error(`${progress.messages.failed} messages failed`);
      break;
    }
    await onProgress?.(performance.now() - t0, progress.messages.sent);
    await new Promise((r) => setTimeout(r, 500));
  }
  return { humans: sent.body.queued as number, answeredMs, queuedMs, doneMs: performance.now() - t0 };
}
