// Message templates a provider approved for a channel (WhatsApp), as people choosing one see them.
import type { ChannelRecord } from './types.js';

export interface TemplateInfo {
  name: string;
  /** Language code (en_US). */
  language: string;
  /** APPROVED, PENDING, REJECTED, PAUSED, DISABLED as the provider says; `DECLARED` for one the channel's token names. */
  status: string;
  /** MARKETING, UTILITY, AUTHENTICATION; null when not known. */
  category: string | null;
  /** The body text with its {{1}} placeholders; null when not known. */
  body: string | null;
  /** How many body parameters it takes. */
  parameters: number;
  source: 'declared' | 'businessAccount';
}

export interface TemplateCatalog {
  /**
   * The channel's templates: those its token declares and those the business account holds (when the token may read
   * them), as read within the cache's time unless `fresh`.
   */
  list(channel: ChannelRecord, fresh?: boolean): Promise<TemplateInfo[]>;
}
