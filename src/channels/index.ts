// The channels' front door: the adapter and webhook contracts, the ports services implement, and the assembled providers.
export { SmtpMailer } from './email/smtp-mailer.js';
export type { HookReply, HookRequest, ProviderHooks } from './hooks.js';
export { LoggerRef, SILENT_LOGGER } from './logger-ref.js';
export type { ChannelRuntime, InboundRouter, IngestPort, Ingested, Logger, Mailer, MediaPort, ProcessPeers } from './ports.js';
export { createProviders } from './providers.js';
export type { ChannelDirectory, ProviderRecords } from './records.js';
export type { ProviderRegistry } from './registry.js';
export { DEFAULT_RULES, type AgentReplyCheck, type BroadcastCheck, type OutboundRules } from './outbound-rules.js';
export type { ChannelLifecycle } from './lifecycle.js';
export type { TemplateCatalog, TemplateInfo } from './templates.js';
export type { DownloadedMedia, MediaReference, MediaSource } from './media-source.js';
export { outboundView, Sandbox, SIMULATED_TYPES, type OutboundView } from './sandbox/index.js';
export { isSandboxChannel } from './sandbox/channel.js';
export { FrameQueue, TOO_MANY_FRAMES } from './shared/frame-queue.js';
export type { AnnouncedMessage, AtCommitDelivery, ChannelAdapter, ChannelRecord, DeliveryOutcome, InboundEnvelope, StatusReport } from './types.js';
export { type Pace, recipientRule, unpaced } from './pacing.js';
export { WebChat } from './web/index.js';
export { botChatMessage } from './web/message-view.js';
