// This process's SMPP binds, one per channel: made on first use or when the store lists the channel, replaced when its token changes.
import type { Logger } from '../../ports.js';
import type { SmppTarget } from '../token.js';
import { SmppBind, type BindOptions } from './bind.js';
import type { PduOf } from './pdu.js';

export type InboundHandler = (channelId: number, pdu: PduOf<'deliver_sm'>) => Promise<number>;

interface Entry {
  /** The token the bind was made from: another token means another bind. */
  token: string;
  bind: SmppBind;
}

export class SmppBinds {
  private readonly entries = new Map<number, Entry>();
  private closed = false;

  constructor(private readonly options: BindOptions, private readonly inbound: InboundHandler, private readonly log: Logger) {}

  /** The channel's bind, made (and started) when there is none or the token changed. */
  forChannel(channelId: number, token: string, target: SmppTarget): SmppBind {
    const current = this.entries.get(channelId);
    if (current !== undefined && current.token === token) return current.bind;
    if (current !== undefined) void current.bind.close();
    const bind = new SmppBind(channelId, target, this.options, (pdu) => this.inbound(channelId, pdu), this.log);
    if (this.closed) {
      // After shutdown nothing binds again: the bind answers every use as closed.
      void bind.close();
      return bind;
    }
    this.entries.set(channelId, { token, bind });
    bind.start();
    return bind;
  }

  /** Makes the binds match the SMPP channels the store holds: missing ones made, stale ones (deleted, re-tokened, moved off SMPP) closed. */
  async reconcile(wanted: ReadonlyArray<{ channelId: number; token: string; target: SmppTarget }>): Promise<void> {
    if (this.closed) return;
    const keep = new Set<number>();
    for (const w of wanted) {
      keep.add(w.channelId);
      this.forChannel(w.channelId, w.token, w.target);
    }
    const stale = [...this.entries].filter(([id]) => !keep.has(id));
    for (const [id] of stale) this.entries.delete(id);
    await Promise.all(stale.map(([, e]) => e.bind.close()));
  }

  /** Unbinds every channel (shutdown). */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => e.bind.close()));
  }
}
