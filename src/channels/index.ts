// The channels' front door: the adapter and webhook contracts, the ports services implement, and the assembled providers.
export { SmtpMailer } from './email/smtp-mailer.js';
export type { HookReply, HookRequest, ProviderHooks } from './hooks.js';
export { LoggerRef, SILENT_LOGGER } from './logger-ref.js';
export type { ChannelRuntime, InboundRouter, IngestPort, Ingested, Logger, Mailer, ProcessPeers } from './ports.js';
export { createProviders } from './providers.js';
export { messageTagOf, MESSENGER_WINDOW_MS } from './messenger/index.js';
export type { ChannelDirectory, ProviderRecords } from './records.js';
export type { ProviderRegistry } from './registry.js';
export { outboundView, Sandbox, type OutboundView } from './sandbox/index.js';
export { FrameQueue, TOO_MANY_FRAMES } from './shared/frame-queue.js';
export type { AnnouncedMessage, AtCommitDelivery, ChannelAdapter, ChannelRecord, DeliveryOutcome, InboundEnvelope, StatusReport } from './types.js';
export { type Pace, PROVIDER_RATES, unpaced } from './pacing.js';
export { WebChat } from './web/index.js';
