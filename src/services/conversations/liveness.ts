// This process's heartbeat among the serving processes, and the reaping of those that stopped: their claims go at once.
import { EventEmitter } from 'node:events';
import os from 'node:os';
import type { ProcessPeers } from '../../channels/index.js';
import type { ProcessRepository } from '../../store/index.js';

export interface LivenessLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A claim on a conversation belongs to a live process. Each process writes a heartbeat every `heartbeatMs`; any
 * process that finds another silent for `deadAfterMs` removes it and frees its claims, then asks for a sweep so the
 * conversations it held run at once. A process knows from its own last heartbeat whether it could have been taken for
 * dead: past that point it stops delivering (`mayAct`), so that two processes never send a conversation's messages.
 * Each heartbeat also reads which other processes are registered (ProcessPeers): a fan-out that finds none need not notify.
 */
export class Liveness implements ProcessPeers {
  private timer: NodeJS.Timeout | null = null;
  /** performance.now() of the last heartbeat that reached the store. */
  private lastBeat = Number.NEGATIVE_INFINITY;
  private beating: Promise<void> | null = null;
  private started = false;
  /** Set when the process begins to leave: from then on it acts on no claim (a run that outlived the drain delivers nothing). */
  private leaving = false;
  /** The other registered processes at the last read, and performance.now() of that read; null before the first. */
  private others: { ids: Set<string>; at: number } | null = null;
  private readonly joined = new EventEmitter();

  constructor(
    readonly owner: string,
    private readonly processes: ProcessRepository,
    private readonly settings: { heartbeatMs: number; deadAfterMs: number },
    /** Called when claims were freed (a dead process's, or orphans): the conversations they held should run now. */
    private readonly onFreed: () => void,
    private readonly log: () => LivenessLog,
  ) {}

  async start(): Promise<void> {
    const sent = performance.now();
    await this.processes.register(this.owner, os.hostname(), process.pid);
    this.lastBeat = sent;
    this.started = true;
    await this.reap();
    await this.readPeers();
    const orphans = await this.processes.releaseOrphanClaims();
    if (orphans > 0) {
      this.log().info({ claims: orphans }, 'released conversation claims held by no running process');
      this.onFreed();
    }
    this.timer = setInterval(() => { this.beating ??= this.beat().finally(() => { this.beating = null; }); }, this.settings.heartbeatMs);
    this.timer.unref();
  }

  /**
   * Whether this process can be sure nobody has taken it for dead: its last heartbeat is recent enough that no other
   * process can have reaped it yet. A claim is acted on (a delivery made) only while this holds.
   */
  mayAct(): boolean {
    if (this.leaving) return false;
    // Never started (a tool or test that runs conversations without serving): its claims only lapse by their expiry.
    if (!this.started) return true;
    // One heartbeat of margin: the other process's clock reading and this one's need not line up to the millisecond.
    return performance.now() - this.lastBeat < this.settings.deadAfterMs - this.settings.heartbeatMs;
  }

  private async beat(): Promise<void> {
    try {
      const sent = performance.now();
      if (await this.processes.heartbeat(this.owner)) {
        this.lastBeat = sent;
      } else {
        // Taken for dead (a long pause): the claims it held were freed; come back as a new member, holding none.
        this.log().warn({ owner: this.owner }, 'this process was taken for dead by another; its conversation claims were released');
        await this.processes.register(this.owner, os.hostname(), process.pid);
        this.lastBeat = sent;
      }
      await this.reap();
      await this.readPeers();
    } catch (err) {
      // The store is unreachable: without a heartbeat this process stops acting on claims once mayAct says so.
      this.log().warn({ err }, 'the heartbeat could not be written');
    }
  }

  get self(): string {
    return this.owner;
  }

  othersMayListen(): boolean {
    if (this.others === null) return true;
    // A read older than a dead process's silence may have missed one that started since: notify until the next.
    return this.others.ids.size > 0 || performance.now() - this.others.at > this.settings.deadAfterMs;
  }

  onJoined(listener: (id: string) => void): void {
    this.joined.on('joined', listener);
  }

  /** Reads the registered processes; tells of those the last read did not find (none at the first read: nothing was skipped before it). */
  private async readPeers(): Promise<void> {
    const at = performance.now();
    const ids = new Set((await this.processes.ids()).filter((id) => id !== this.owner));
    const before = this.others;
    this.others = { ids, at };
    if (before === null) return;
    for (const id of ids) if (!before.ids.has(id)) this.joined.emit('joined', id);
  }

  private async reap(): Promise<void> {
    const dead = await this.processes.reap(this.settings.deadAfterMs);
    if (dead.length === 0) return;
    this.log().warn({ processes: dead }, 'serving processes stopped beating; the conversations they held are taken over');
    this.onFreed();
  }

  async stop(): Promise<void> {
    this.leaving = true;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.beating;
    await this.processes.leave(this.owner).catch(() => undefined);
  }
}
