// SMS/MMS on long codes (dlc) and short codes (dsc), assembled: the sender, the carrier webhooks, this process's SMPP binds and their upkeep.
import type { Logger } from '../ports.js';
import { SMS_TYPES } from '../../channel-types.js';
import { AllowList, createGuardedHttp, type GuardedHttp } from '../../net/index.js';
import type { Provider, ProviderDeps } from '../registry.js';
import { PartialSends } from '../shared/partial-sends.js';
import { SmsAdapter } from './adapter.js';
import { CarrierClient } from './carrier/client.js';
import { CarrierHooks } from './carrier/hooks.js';
import { CarrierTransport } from './carrier/transport.js';
import { LoggerRef } from '../logger-ref.js';
import { MediaChecker, MMS_MAX_BYTES } from './media-check.js';
import { SmsSender } from './sender.js';
import { SmppBinds } from './smpp/binds.js';
import { SmppInbound } from './smpp/inbound.js';
import { SmppTransport } from './smpp/transport.js';
import { parseSmsToken, type SmppTarget } from './token.js';

/** What dlc and dsc share in one process. Starting and closing are idempotent: the registry holds it twice, once per type. */
export class SmsChannels {
  readonly sender: SmsSender;
  private readonly binds: SmppBinds;
  private readonly inbound: SmppInbound;
  private readonly https: GuardedHttp[];
  private readonly logger = new LoggerRef();
  private reconcileTimer: NodeJS.Timeout | null = null;
  private state: 'new' | 'started' | 'closed' = 'new';

  constructor(private readonly deps: ProviderDeps) {
    const { config, runtime } = deps;
    const sms = config.sms;
    // Neither the carrier API nor media may be read from files or FTP, whatever bots may do.
    const base = { ...config.outbound, allowFile: false, fileRoot: null, allowFtp: false };
    const carrierHttp = createGuardedHttp({ ...base, allowHosts: sms.allowHosts, timeoutMs: sms.carrierTimeoutMs });
    // The media check reads at most 5 MB, the MMS limit, even from a server that ignores Range.
    const mediaHttp = createGuardedHttp({ ...base, maxResponseBytes: MMS_MAX_BYTES });
    this.https = [carrierHttp, mediaHttp];
    this.inbound = new SmppInbound({
      findChannel: (id) => runtime.records.channels.find(id),
      records: runtime.records,
      ingest: (envelope) => runtime.ingest.receive(envelope),
      report: (status) => runtime.reportStatus(status),
      carrierApiUrl: sms.carrierApiUrl,
      reassemblyTimeoutMs: sms.reassemblyTimeoutMs,
      log: this.logger.log,
    });
    this.binds = new SmppBinds({
      responseTimeoutMs: sms.smppResponseTimeoutMs, enquireLinkMs: sms.smppEnquireLinkMs, window: sms.smppWindow,
      reconnectMinMs: sms.smppReconnectMinMs, reconnectMaxMs: sms.smppReconnectMaxMs, allowList: new AllowList(sms.allowHosts),
    }, (channelId, pdu) => this.inbound.handle(channelId, pdu), this.logger.log);
    this.sender = new SmsSender({
      records: runtime.records,
      smpp: new SmppTransport(this.binds, new PartialSends(), { bindWaitMs: sms.smppResponseTimeoutMs, throttleRetryMs: sms.smppThrottleRetryMs }),
      carrier: new CarrierTransport(new CarrierClient(carrierHttp, sms.carrierTimeoutMs), new PartialSends(), config.publicUrl),
      media: new MediaChecker(mediaHttp, sms.carrierTimeoutMs),
      carrierApiUrl: sms.carrierApiUrl,
    });
  }

  /** In a serving process: bind every SMPP channel the store holds, and keep the binds matched to the channels. */
  async start(log: Logger): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    this.logger.use(log);
    await this.reconcile();
    this.reconcileTimer = setInterval(() => { void this.reconcile(); }, this.deps.config.sms.smppReconcileMs);
    this.reconcileTimer.unref();
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    if (this.reconcileTimer !== null) clearInterval(this.reconcileTimer);
    this.inbound.close();
    await this.binds.close();
    await Promise.all(this.https.map((h) => h.close()));
  }

  /** Channels created, re-tokened or deleted, by any process, reach this process's binds within SMPP_RECONCILE_MS. */
  private async reconcile(): Promise<void> {
    try {
      const channels = await this.deps.runtime.records.channels.ofTypes(SMS_TYPES);
      const wanted: { channelId: number; token: string; target: SmppTarget }[] = [];
      for (const channel of channels) {
        const parsed = parseSmsToken(channel.token, this.deps.config.sms.carrierApiUrl);
        if (parsed.ok && parsed.target.kind === 'smpp') wanted.push({ channelId: channel.id, token: channel.token!, target: parsed.target });
      }
      await this.binds.reconcile(wanted);
    } catch (err) {
      this.logger.log.error({ err }, 'matching SMPP binds to channels failed; tried again at the next interval');
    }
  }
}

/** One provider per channel type, sharing one SmsChannels. */
export function createSmsProviders(deps: ProviderDeps): Provider[] {
  const sms = new SmsChannels(deps);
  return SMS_TYPES.map((type) => ({
    adapter: new SmsAdapter(type, sms.sender),
    hooks: new CarrierHooks(type, deps.runtime.records, deps.config.sms.carrierApiUrl),
    // Ten concatenated segments, as carriers take; STOP opts out (keywords.ts).
    rules: { replyTextLimit: 1600, optOut: true },
    start: (log: Logger) => sms.start(log),
    close: () => sms.close(),
  }));
}
