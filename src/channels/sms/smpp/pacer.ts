// How fast one bind may submit: an optional messages-per-second cap, and a pause for the whole bind after ESME_RTHROTTLED.

/**
 * ESME_RTHROTTLED says the ESME exceeded the rate the SMSC allows for the bind (SMPP 3.4 §5.1.3), not that one message
 * came too early: every submit on the bind waits out the pause, not just the refused one. The cap spaces submits
 * 1000/maxPerSecond ms apart, so an SMSC with a known rate is never pushed past it.
 */
export class SubmitPacer {
  private notBefore = 0;
  private last = 0;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly maxPerSecond: number | null, private readonly now: () => number = Date.now) {}

  /** Resolves when the next submit may go out; submits are let through one at a time, in the order they asked. */
  turn(): Promise<void> {
    const next = this.queue.then(() => this.wait());
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The SMSC throttled the bind: nothing goes out for `ms`. */
  throttled(ms: number): void {
    this.notBefore = Math.max(this.notBefore, this.now() + ms);
  }

  private async wait(): Promise<void> {
    const spacing = this.maxPerSecond === null ? 0 : 1000 / this.maxPerSecond;
    for (;;) {
      const at = Math.max(this.notBefore, this.last + spacing);
      const delay = at - this.now();
      if (delay <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, Math.ceil(delay)));
    }
    this.last = this.now();
  }
}
