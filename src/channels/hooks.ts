// The contract of providers' webhooks: each provider verifies and parses its own requests at /hooks/{channelType}/{channelId}.
import type { Ingested, Logger, StatusReporter } from './ports.js';
import type { ChannelRecord, InboundEnvelope } from './types.js';

/** A webhook request as providers sign it: the raw bytes, untouched by any parser. */
export interface HookRequest {
  method: 'GET' | 'POST';
  /** Path and query as received, e.g. `/hooks/fb/3?hub.mode=subscribe`. */
  url: string;
  /** The full URL the provider called (some signatures cover it): PUBLIC_URL, else the Host header. */
  fullUrl: string;
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
}

export interface HookReply {
  status: number;
  headers?: Record<string, string>;
  /** A string is sent as is (with its content-type header); an object as JSON. */
  body?: string | object;
}

export interface HookContext {
  channel: ChannelRecord;
  /** Stores an inbound event durably; answer the provider only after it resolves. */
  ingest(envelope: InboundEnvelope): Promise<Ingested>;
  /** Applies a delivery/read/failure report to the message the provider id names. */
  report: StatusReporter;
  /**
   * Sets the subscription of the human at `address` on this channel, as the provider reported it outside any message
   * (RBM's SUBSCRIBE and UNSUBSCRIBE user events). A human this channel does not know yet is left alone.
   */
  subscription(address: string, subscribed: boolean): Promise<void>;
  log: Logger;
}

export interface ProviderHooks {
  /** The channel type whose hooks these are. */
  readonly type: string;
  /** GET: verification handshakes (the messenger's hub.challenge, the microblog's CRC). Absent: 404. */
  verify?(req: HookRequest, ctx: HookContext): Promise<HookReply>;
  /** POST: events. Verify the provider's signature first; refuse (401/403) without touching anything when it fails. */
  receive(req: HookRequest, ctx: HookContext): Promise<HookReply>;
}
