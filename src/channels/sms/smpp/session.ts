// One SMPP connection: sequence numbers, a window of outstanding requests with response timers, answers to what the SMSC asks, enquire_link.
import type { Socket } from 'node:net';
import { isResponse, statusText, STATUS } from './constants.js';
import { FramingError, PduSplitter } from './framing.js';
import { decodePdu, encodePdu, UndecodablePdu, type BindFields, type Pdu, type PduOf, type ShortMessageFields } from './pdu.js';

export interface SessionOptions {
  responseTimeoutMs: number;
  enquireLinkMs: number;
  /** Requests outstanding at once; more wait for a slot. */
  window: number;
}

export interface SessionHandler {
  /** An inbound deliver_sm; resolves with the command_status its deliver_sm_resp carries. */
  deliver(pdu: PduOf<'deliver_sm'>): Promise<number>;
  /** The connection is gone (closed, reset, unbound, unframeable, silent); called once. */
  closed(reason: string): void;
}

/** The session ended before (or while) a request was answered. */
export class SessionClosedError extends Error {
  override name = 'SessionClosedError';
}

export class ResponseTimeoutError extends Error {
  override name = 'ResponseTimeoutError';
}

/** The SMSC answered a bind with an error status. */
export class BindRefusedError extends Error {
  override name = 'BindRefusedError';
  constructor(readonly status: number) {
    super(`the SMSC refused the bind: ${statusText(status)}`);
  }
}

interface Pending {
  command: string;
  resolve(pdu: Pdu): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

const MAX_SEQUENCE = 0x7fffffff;

export class SmppSession {
  private sequence = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly slotWaiters: (() => void)[] = [];
  private readonly splitter = new PduSplitter();
  private enquireTimer: NodeJS.Timeout | null = null;
  private closedReason: string | null = null;

  constructor(private readonly socket: Socket, private readonly options: SessionOptions, private readonly handler: SessionHandler) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => this.terminate(`connection error: ${err.message}`));
    socket.on('close', () => this.terminate('the SMSC closed the connection'));
  }

  get open(): boolean {
    return this.closedReason === null;
  }

  /** bind_transceiver; keep-alive starts once bound. */
  async bind(fields: BindFields): Promise<PduOf<'bind_transceiver_resp'>> {
    const resp = await this.request({ command: 'bind_transceiver', status: 0, sequence: 0, body: fields });
    if (resp.command !== 'bind_transceiver_resp' || resp.status !== STATUS.ESME_ROK) throw new BindRefusedError(resp.status === 0 ? STATUS.ESME_RBINDFAIL : resp.status);
    this.enquireTimer = setInterval(() => {
      this.request({ command: 'enquire_link', status: 0, sequence: 0, body: null }).catch(() => undefined);
    }, this.options.enquireLinkMs);
    this.enquireTimer.unref();
    return resp;
  }

  /** The SMSC's answer to a submit_sm, whatever its status; throws only when none came (closed, timed out). */
  async submit(body: ShortMessageFields): Promise<{ status: number; messageId: string }> {
    const resp = await this.request({ command: 'submit_sm', status: 0, sequence: 0, body });
    if (resp.command === 'submit_sm_resp') return { status: resp.status, messageId: resp.body.messageId };
    // generic_nack: the SMSC could not read what we sent.
    return { status: resp.status === 0 ? STATUS.ESME_RUNKNOWNERR : resp.status, messageId: '' };
  }

  /** Unbinds politely (waiting for unbind_resp at most the response timeout), then closes. */
  async unbind(): Promise<void> {
    if (!this.open) return;
    try {
      await this.request({ command: 'unbind', status: 0, sequence: 0, body: null });
    } catch { /* closing anyway */ }
    this.socket.end();
    this.terminate('unbound');
  }

  destroy(reason: string): void {
    this.terminate(reason);
  }

  private nextSequence(): number {
    this.sequence = this.sequence >= MAX_SEQUENCE ? 1 : this.sequence + 1;
    return this.sequence;
  }

  private async request(pdu: Pdu): Promise<Pdu> {
    while (this.open && this.pending.size >= this.options.window) await new Promise<void>((resolve) => this.slotWaiters.push(resolve));
    if (!this.open) throw new SessionClosedError(this.closedReason ?? 'closed');
    const sequence = this.nextSequence();
    const wire = encodePdu({ ...pdu, sequence } as Pdu);
    return new Promise<Pdu>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(sequence);
        reject(new ResponseTimeoutError(`no ${pdu.command}_resp within ${this.options.responseTimeoutMs} ms`));
        // An SMSC that stops answering is as good as gone: drop the connection so it is made again.
        this.terminate(`the SMSC did not answer ${pdu.command} within ${this.options.responseTimeoutMs} ms`);
      }, this.options.responseTimeoutMs);
      this.pending.set(sequence, { command: pdu.command, resolve, reject, timer });
      this.socket.write(wire);
    });
  }

  /** Frees the request's window slot. */
  private settle(sequence: number): Pending | undefined {
    const p = this.pending.get(sequence);
    if (p === undefined) return undefined;
    clearTimeout(p.timer);
    this.pending.delete(sequence);
    this.slotWaiters.shift()?.();
    return p;
  }

  private send(pdu: Pdu): void {
    if (this.open) this.socket.write(encodePdu(pdu));
  }

  private onData(chunk: Buffer): void {
    let frames: Buffer[];
    try {
      frames = this.splitter.push(chunk);
    } catch (err) {
      if (err instanceof FramingError) {
        this.send({ command: 'generic_nack', status: STATUS.ESME_RINVCMDLEN, sequence: 0, body: null });
        this.terminate(err.message);
        return;
      }
      throw err;
    }
    for (const frame of frames) {
      let pdu: Pdu;
      try {
        pdu = decodePdu(frame);
      } catch (err) {
        if (!(err instanceof UndecodablePdu)) throw err;
        if (isResponse(err.commandId)) {
          // An unreadable answer still answers its request: fail that one rather than wait for a timeout.
          this.settle(err.sequence)?.reject(new Error(`unreadable response: ${err.message}`));
        } else {
          this.send({ command: 'generic_nack', status: err.status, sequence: err.sequence, body: null });
        }
        continue;
      }
      this.onPdu(pdu);
    }
  }

  private onPdu(pdu: Pdu): void {
    if (pdu.command === 'generic_nack' || pdu.command.endsWith('_resp')) {
      this.settle(pdu.sequence)?.resolve(pdu);
      return;
    }
    switch (pdu.command) {
      case 'deliver_sm':
        this.handler.deliver(pdu).then(
          (status) => this.send({ command: 'deliver_sm_resp', status, sequence: pdu.sequence, body: { messageId: '' } }),
          () => this.send({ command: 'deliver_sm_resp', status: STATUS.ESME_RX_T_APPN, sequence: pdu.sequence, body: { messageId: '' } }),
        );
        return;
      case 'data_sm':
        // A message in data_sm (some SMSCs use it for long or WAP-gatewayed texts) is taken as a deliver_sm would be.
        this.handler.deliver({ command: 'deliver_sm', status: pdu.status, sequence: pdu.sequence, body: pdu.body }).then(
          (status) => this.send({ command: 'data_sm_resp', status, sequence: pdu.sequence, body: { messageId: '' } }),
          () => this.send({ command: 'data_sm_resp', status: STATUS.ESME_RX_T_APPN, sequence: pdu.sequence, body: { messageId: '' } }),
        );
        return;
      case 'alert_notification':
        // SMPP 3.4 §4.12: alert_notification has no response; a generic_nack would be a protocol error of ours.
        return;
      case 'enquire_link':
        this.send({ command: 'enquire_link_resp', status: 0, sequence: pdu.sequence, body: null });
        return;
      case 'unbind':
        this.send({ command: 'unbind_resp', status: 0, sequence: pdu.sequence, body: null });
        this.socket.end();
        this.terminate('the SMSC unbound');
        return;
      default:
        // Requests an ESME never receives (binds, submit_sm) in SMPP 3.4.
        this.send({ command: 'generic_nack', status: STATUS.ESME_RINVCMDID, sequence: pdu.sequence, body: null });
    }
  }

  private terminate(reason: string): void {
    if (this.closedReason !== null) return;
    this.closedReason = reason;
    if (this.enquireTimer !== null) clearInterval(this.enquireTimer);
    for (const [sequence, p] of [...this.pending]) {
      this.settle(sequence);
      p.reject(new SessionClosedError(reason));
    }
    for (const wake of this.slotWaiters.splice(0)) wake();
    this.socket.destroy();
    this.handler.closed(reason);
  }
}
