// Files people sent through WhatsApp or Telegram, kept once read from the provider (the provider's link expires).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export interface StoredMedia {
  contentType: string | null;
  bytes: Buffer;
}

export interface MediaToKeep extends StoredMedia {
  channelId: number;
  ref: string;
  accountId: number;
  humanId: number | null;
}

export class ProviderMediaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The file kept, 'erased' when it went with its human, undefined when never kept. */
  async find(channelId: number, ref: string): Promise<StoredMedia | 'erased' | undefined> {
    const row = await this.db.selectFrom('provider_media').select(['content_type', 'bytes', 'erased_at'])
      .where('channel_id', '=', channelId).where('ref', '=', ref).executeTakeFirst();
    if (row === undefined) return undefined;
    return row.erased_at !== null ? 'erased' : { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
  }

  async has(channelId: number, ref: string): Promise<boolean> {
    const row = await this.db.selectFrom('provider_media').select('channel_id').where('channel_id', '=', channelId).where('ref', '=', ref).executeTakeFirst();
    return row !== undefined;
  }

  /** Keeps a file; a second read of the same one (two processes, two requests) keeps the first. */
  async keep(media: MediaToKeep, now: string): Promise<void> {
    await this.db.insertInto('provider_media').values({
      channel_id: media.channelId, ref: media.ref, account_id: media.accountId, human_id: media.humanId, content_type: media.contentType,
      size: media.bytes.length, bytes: media.bytes, created_at: now,
    }).onConflict((oc) => oc.columns(['channel_id', 'ref']).doNothing()).execute();
  }
}
