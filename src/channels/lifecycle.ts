// What a provider is told when a channel of its type is created, given new credentials or deleted (Telegram's webhook).
import type { ChannelRecord } from './types.js';

export interface ChannelLifecycle {
  /**
   * After the channel is stored, or its credentials changed: checks them with the provider and registers what it needs
   * (a webhook). Throws UnprocessableError naming what to fix, or BadGatewayError/GatewayTimeoutError when the provider
   * cannot be reached; the caller then undoes the change.
   */
  connect(channel: ChannelRecord): Promise<void>;
  /** After the channel is deleted: releases what `connect` registered. Best effort: the deletion stands either way. */
  disconnect(channel: ChannelRecord): Promise<void>;
}
