// Counts for the console's overview: channels by type, conversations, messages since an instant per channel type and direction,
// failures; channels made only to try a bot (trial) and what happened on them left out.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface OverviewCounts {
  channels: { channelType: string; count: number }[];
  conversations: { total: number; activeSince: number; withAgent: number };
  messages: { channelType: string; direction: string; count: number }[];
  deliveryFailures: number;
  webhooks: { endpoints: number; disabled: number; failedDeliveries: number };
}

export class OverviewRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async counts(accountId: number, since: string): Promise<OverviewCounts> {
    const n = (v: unknown) => Number(v ?? 0);
    const trial = sql<boolean>`channel_id IN (SELECT t.id FROM channels t WHERE t.account_id = ${accountId} AND t.trial = 1)`;
    const [channels, conversations, messages, failures, endpoints, deliveries] = await Promise.all([
      this.db.selectFrom('channels').select(['channel_type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('account_id', '=', accountId).where('trial', '=', 0).groupBy('channel_type').orderBy('channel_type').execute(),
      this.db.selectFrom('conversations').select([
        (eb) => eb.fn.countAll<number>().as('total'),
        // Active: a message in or out since then (a timer that fired with nothing to say is no activity).
        sql<number>`SUM(CASE WHEN activity_at >= ${since} THEN 1 ELSE 0 END)`.as('active'),
        sql<number>`SUM(CASE WHEN bot_enabled = 0 THEN 1 ELSE 0 END)`.as('agent'),
      ]).where('account_id', '=', accountId).where((eb) => eb.not(trial)).executeTakeFirstOrThrow(),
      this.db.selectFrom('messages').innerJoin('channels', 'channels.id', 'messages.channel_id')
        .select(['channels.channel_type', 'messages.direction', (eb) => eb.fn.countAll<number>().as('n')])
        .where('messages.account_id', '=', accountId).where('messages.created_at', '>=', since).where('messages.direction', 'in', ['in', 'out'])
        .where('channels.trial', '=', 0)
        .groupBy(['channels.channel_type', 'messages.direction']).orderBy('channels.channel_type').execute(),
      this.db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('n'))
        // The literal matches the partial index messages_failed.
        .where('account_id', '=', accountId).where('created_at', '>=', since).where('status', '=', sql.lit('failed')).where((eb) => eb.not(trial))
        .executeTakeFirstOrThrow(),
      this.db.selectFrom('webhook_subscriptions').select([
        (eb) => eb.fn.countAll<number>().as('total'),
        sql<number>`SUM(CASE WHEN enabled = 0 THEN 1 ELSE 0 END)`.as('disabled'),
      ]).where('account_id', '=', accountId).executeTakeFirstOrThrow(),
      this.db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId).where('status', '=', 'failed').where('updated_at', '>=', since).executeTakeFirstOrThrow(),
    ]);
    return {
      channels: channels.map((r) => ({ channelType: r.channel_type, count: n(r.n) })),
      conversations: { total: n(conversations.total), activeSince: n(conversations.active), withAgent: n(conversations.agent) },
      messages: messages.map((r) => ({ channelType: r.channel_type, direction: r.direction, count: n(r.n) })),
      deliveryFailures: n(failures.n),
      webhooks: { endpoints: n(endpoints.total), disabled: n(endpoints.disabled), failedDeliveries: n(deliveries.n) },
    };
  }
}
