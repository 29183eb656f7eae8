// The consent ledger's rows: appended with the change they record, read per human and page by page for an export.
import type { Kysely } from 'kysely';
import { consentFamily } from '../../channel-types.js';
import type { ConsentEventsTable, Database } from '../schema.js';

export interface ConsentEntry {
  accountId: number;
  humanId: number;
  channelId: number | null;
  family: string;
  state: 'in' | 'out';
  source: string;
  proof: string | null;
  at: string;
}

export type ConsentRow = Omit<ConsentEventsTable, 'id'> & { id: number };

const ROWS_PER_STATEMENT = 500;

export class ConsentRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Appends the entries in the caller's transaction (the one that makes the change they record). */
  async append(entries: readonly ConsentEntry[]): Promise<void> {
    for (let i = 0; i < entries.length; i += ROWS_PER_STATEMENT) {
      await this.db.insertInto('consent_events').values(entries.slice(i, i + ROWS_PER_STATEMENT).map((e) => ({
        account_id: e.accountId, human_id: e.humanId, channel_id: e.channelId, family: e.family, state: e.state,
        source: e.source, proof: e.proof, created_at: e.at,
      }))).execute();
    }
  }

  /**
   * Records that the humans' subscription to a channel of `channelType` changed: one entry each, in the family of the
   * channel's type (a type with no family, none).
   */
  async changed(change: { accountId: number; channelId: number; channelType: string; humanIds: readonly number[]; subscribed: boolean; source: string; proof: string | null; at: string }): Promise<void> {
    const family = consentFamily(change.channelType);
    if (family === null) return;
    await this.append(change.humanIds.map((humanId) => ({
      accountId: change.accountId, humanId, channelId: change.channelId, family, state: change.subscribed ? 'in' : 'out', source: change.source, proof: change.proof, at: change.at,
    })));
  }

  /** A human's entries, oldest first. */
  async ofHuman(humanId: number): Promise<ConsentRow[]> {
    return this.db.selectFrom('consent_events').selectAll().where('human_id', '=', humanId).orderBy('id').execute();
  }

  /** The account's entries in [from, to) after `afterId`, in the order they were written. */
  async page(accountId: number, from: string, to: string, afterId: number, limit: number): Promise<ConsentRow[]> {
    return this.db.selectFrom('consent_events').selectAll()
      .where('account_id', '=', accountId).where('created_at', '>=', from).where('created_at', '<', to).where('id', '>', afterId)
      .orderBy('id').limit(limit).execute();
  }
}
