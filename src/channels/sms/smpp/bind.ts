// One channel's bind_transceiver, kept up: connect, bind, reconnect with backoff; deliveries wait a little for it, then retry later.
import type { Logger } from '../../ports.js';
import type { AllowList } from '../../../net/index.js';
import type { SmppTarget } from '../token.js';
import { STATUS } from './constants.js';
import { connectSmsc, SmscBlockedError } from './connect.js';
import { SubmitPacer } from './pacer.js';
import { bindFields, type PduOf } from './pdu.js';
import { BindRefusedError, SmppSession, type SessionOptions } from './session.js';

export interface BindOptions extends SessionOptions {
  reconnectMinMs: number;
  reconnectMaxMs: number;
  allowList: AllowList;
}

/** No bound session to use; `permanent` when waiting will not help (credentials refused, address forbidden). */
export class BindUnavailableError extends Error {
  override name = 'BindUnavailableError';
  constructor(message: string, readonly permanent: boolean) {
    super(message);
  }
}

/** Bind refusals that say the credentials or the account are wrong, not that the SMSC is busy. */
const CREDENTIAL_REFUSALS = new Set<number>([STATUS.ESME_RINVPASWD, STATUS.ESME_RINVSYSID, STATUS.ESME_RINVSYSTYP]);

type State = 'idle' | 'connecting' | 'bound' | 'waiting' | 'closed';

interface Waiter {
  resolve(session: SmppSession): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

export class SmppBind {
  private state: State = 'idle';
  private session: SmppSession | null = null;
  private lastError: string | null = null;
  /** Set while the last attempt failed for a reason retrying does not fix. */
  private refusal: string | null = null;
  private failures = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly waiters = new Set<Waiter>();
  /** Concatenation references: one counter per bind, starting anywhere. */
  private reference = Math.floor(Math.random() * 256);
  /** The bind's submit rate: the token's maxPerSecond, and pauses after ESME_RTHROTTLED. */
  readonly pacer: SubmitPacer;

  constructor(
    readonly channelId: number,
    private readonly target: SmppTarget,
    private readonly options: BindOptions,
    private readonly deliver: (pdu: PduOf<'deliver_sm'>) => Promise<number>,
    private readonly log: Logger,
  ) {
    this.pacer = new SubmitPacer(target.maxPerSecond);
  }

  get bound(): boolean {
    return this.state === 'bound' && this.session?.open === true;
  }

  start(): void {
    if (this.state === 'idle') void this.connect();
  }

  nextReference(): number {
    this.reference = (this.reference + 1) % 256;
    return this.reference;
  }

  /** The bound session; waits up to `waitMs` while a bind is being made. */
  ready(waitMs: number): Promise<SmppSession> {
    if (this.bound) return Promise.resolve(this.session!);
    if (this.state === 'closed') return Promise.reject(new BindUnavailableError('the channel\'s SMPP bind was closed', false));
    if (this.refusal !== null) return Promise.reject(new BindUnavailableError(this.refusal, true));
    this.start();
    return new Promise<SmppSession>((resolve, reject) => {
      const waiter: Waiter = {
        resolve, reject,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          reject(new BindUnavailableError(`the SMSC is not reachable${this.lastError === null ? ' yet' : `: ${this.lastError}`}`, false));
        }, waitMs),
      };
      this.waiters.add(waiter);
    });
  }

  async close(): Promise<void> {
    this.state = 'closed';
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.settleWaiters(new BindUnavailableError('the channel\'s SMPP bind was closed', false));
    const session = this.session;
    this.session = null;
    await session?.unbind();
  }

  private settleWaiters(outcome: SmppSession | Error): void {
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      if (outcome instanceof Error) w.reject(outcome);
      else w.resolve(outcome);
    }
    this.waiters.clear();
  }

  private async connect(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'connecting';
    let session: SmppSession | null = null;
    try {
      const socket = await connectSmsc(this.target, this.options.allowList, this.options.responseTimeoutMs);
      session = new SmppSession(socket, this.options, { deliver: this.deliver, closed: (reason) => this.onClosed(session!, reason) });
      if (this.state !== 'connecting') {
        session.destroy('the bind was closed while connecting');
        return;
      }
      await session.bind(bindFields({
        systemId: this.target.systemId, password: this.target.password, systemType: this.target.systemType,
        addrTon: this.target.addrTon, addrNpi: this.target.addrNpi, addressRange: this.target.addressRange,
      }));
      if (this.state !== 'connecting') {
        await session.unbind();
        return;
      }
      this.session = session;
      this.state = 'bound';
      this.failures = 0;
      this.lastError = null;
      this.refusal = null;
      this.log.info({ channelId: this.channelId, smsc: `${this.target.host}:${this.target.port}` }, 'SMPP bound');
      this.settleWaiters(session);
    } catch (err) {
      session?.destroy('bind failed');
      const message = err instanceof Error ? err.message : String(err);
      this.lastError = message;
      const permanent = err instanceof SmscBlockedError || (err instanceof BindRefusedError && CREDENTIAL_REFUSALS.has(err.status));
      this.refusal = permanent ? message : null;
      if (permanent) this.settleWaiters(new BindUnavailableError(message, true));
      this.log.warn({ channelId: this.channelId, smsc: `${this.target.host}:${this.target.port}`, reason: message }, 'SMPP bind failed');
      // A forbidden address stays forbidden until the token or the configuration changes (which makes a new bind).
      if (err instanceof SmscBlockedError) {
        this.state = 'waiting';
        return;
      }
      this.scheduleReconnect();
    }
  }

  private onClosed(session: SmppSession, reason: string): void {
    if (this.session !== session) return;
    this.session = null;
    if (this.state === 'closed') return;
    this.lastError = reason;
    this.log.warn({ channelId: this.channelId, reason }, 'SMPP bind lost');
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.state === 'closed') return;
    this.state = 'waiting';
    const base = Math.min(this.options.reconnectMaxMs, this.options.reconnectMinMs * 2 ** Math.min(this.failures, 20));
    this.failures += 1;
    // Jitter keeps many processes from reconnecting in step after an SMSC outage.
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.retryTimer = setTimeout(() => { void this.connect(); }, delay);
    this.retryTimer.unref();
  }
}
