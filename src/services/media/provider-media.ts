// The files people send through WhatsApp and Telegram, served by Parley at a signed URL and kept once read from the provider.
import crypto from 'node:crypto';
import type { ChannelRecord, Logger, MediaPort, MediaSource } from '../../channels/index.js';
import { BadGatewayError, NotFoundError } from '../../errors.js';
import type { ProviderMediaRepository, StoredMedia } from '../../store/index.js';
import { isoNow, type Clock } from '../../time.js';

export interface ProviderMediaParts {
  repo: ProviderMediaRepository;
  /** Signs the URLs, so only a URL Parley handed out reads a file. */
  key: Uint8Array;
  /** Where the URLs point: PUBLIC_URL, or this server on localhost. */
  baseUrl: string;
  sourceOf(channelType: string): MediaSource | undefined;
  findChannel(id: number): Promise<ChannelRecord | undefined>;
  maxBytes: number;
  clock: Clock;
  log(): Logger;
}

/** Files read from providers at once, at most: a burst of photos waits its turn rather than opening a connection each. */
const AT_ONCE = 4;

export class ProviderMedia implements MediaPort {
  private readonly reading = new Map<string, Promise<StoredMedia>>();
  private readonly waiting: (() => void)[] = [];
  private active = 0;

  constructor(private readonly parts: ProviderMediaParts) {}

  urlOf(channelId: number, ref: string): string {
    return `${this.parts.baseUrl}/media/${channelId}/${Buffer.from(ref).toString('base64url')}/${this.signature(channelId, ref)}`;
  }

  keep(channel: ChannelRecord, ref: string, humanId: number | null): void {
    this.read(channel, ref, humanId).catch((err: unknown) => {
      this.parts.log().warn({ err, channelId: channel.id }, 'a file the human sent could not be read from the provider yet; its URL reads it when asked');
    });
  }

  /** The file a URL names: kept, or read from the provider now. 404 for a URL Parley did not sign or a file it cannot keep. */
  async open(channelId: number, encodedRef: string, signature: string): Promise<StoredMedia> {
    const ref = Buffer.from(encodedRef, 'base64url').toString('utf8');
    const expected = Buffer.from(this.signature(channelId, ref));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new NotFoundError('No such file.');
    const channel = await this.parts.findChannel(channelId);
    if (channel === undefined) throw new NotFoundError('No such file: its channel was deleted.');
    return this.read(channel, ref, null);
  }

  private signature(channelId: number, ref: string): string {
    return crypto.createHmac('sha256', this.parts.key).update(`${channelId}\n${ref}`).digest('base64url').slice(0, 22);
  }

  /** One read per file at a time in this process; a second asker waits for the first. */
  private read(channel: ChannelRecord, ref: string, humanId: number | null): Promise<StoredMedia> {
    const id = `${channel.id}:${ref}`;
    const running = this.reading.get(id);
    if (running !== undefined) return running;
    const reading = this.fetchAndKeep(channel, ref, humanId).finally(() => this.reading.delete(id));
    this.reading.set(id, reading);
    return reading;
  }

  private async fetchAndKeep(channel: ChannelRecord, ref: string, humanId: number | null): Promise<StoredMedia> {
    const kept = await this.parts.repo.find(channel.id, ref);
    if (kept === 'erased') throw new NotFoundError('No such file: it was erased with the person who sent it.');
    if (kept !== undefined) return kept;
    const source = this.parts.sourceOf(channel.type);
    if (source === undefined) throw new NotFoundError(`No such file: ${channel.type} channels keep no files.`);
    await this.turn();
    try {
      const got = await source.download(channel, ref, this.parts.maxBytes);
      if (got.kind === 'tooLarge') throw new NotFoundError(`The file is larger than MEDIA_MAX_BYTES (${this.parts.maxBytes} bytes): Parley does not keep it.`);
      if (got.kind === 'failed') {
        if (got.retry) throw new BadGatewayError(`The ${channel.type} provider did not give the file: ${got.reason}`);
        throw new NotFoundError(`The ${channel.type} provider no longer has the file: ${got.reason}`);
      }
      await this.parts.repo.keep({ channelId: channel.id, ref, accountId: channel.accountId, humanId, contentType: got.contentType, bytes: got.bytes }, isoNow(this.parts.clock));
      return { contentType: got.contentType, bytes: got.bytes };
    } finally {
      this.active -= 1;
      this.waiting.shift()?.();
    }
  }

  private async turn(): Promise<void> {
    if (this.active >= AT_ONCE) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active += 1;
  }
}
