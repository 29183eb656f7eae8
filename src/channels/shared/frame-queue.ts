// A browser socket's frames taken one at a time, in the order sent, at a bounded rate: a flood is refused frame by frame, never queued.

/** How many frames a socket may send: `burst` at once, then `perSecond` sustained (a token bucket). */
export interface FrameRate {
  burst: number;
  perSecond: number;
}

/** Far above what a person types or clicks, and what a widget resends after a reconnect; far below a script's flood. */
export const BROWSER_FRAME_RATE: FrameRate = { burst: 60, perSecond: 5 };

/** The start of every refusal for coming too fast, so both sockets word the rate alike. */
export const TOO_MANY_FRAMES = `Too many frames: up to ${BROWSER_FRAME_RATE.burst} at once, then ${BROWSER_FRAME_RATE.perSecond} a second.`;

export interface FrameQueueParts {
  /** Takes one frame; the next waits for it. */
  take(text: string): Promise<void>;
  /** `take` threw: the frame was not taken. */
  failed(text: string, error: unknown): void;
  /** Over the rate: the frame is dropped unread, and the socket should be told. */
  refused(text: string): void;
  rate?: FrameRate;
  /** Milliseconds, for tests; performance.now by default. */
  now?: () => number;
}

export class FrameQueue {
  private chain: Promise<void> = Promise.resolve();
  private tokens: number;
  private last: number;
  private readonly rate: FrameRate;
  private readonly now: () => number;

  constructor(private readonly parts: FrameQueueParts) {
    this.rate = parts.rate ?? BROWSER_FRAME_RATE;
    this.now = parts.now ?? (() => performance.now());
    this.tokens = this.rate.burst;
    this.last = this.now();
  }

  push(text: string): void {
    const now = this.now();
    this.tokens = Math.min(this.rate.burst, this.tokens + ((now - this.last) / 1000) * this.rate.perSecond);
    this.last = now;
    if (this.tokens < 1) {
      this.parts.refused(text);
      return;
    }
    this.tokens -= 1;
    this.chain = this.chain.then(() => this.parts.take(text)).catch((error: unknown) => this.parts.failed(text, error));
  }

  /** Resolves when every frame pushed so far has been taken (or failed). */
  drained(): Promise<void> {
    return this.chain;
  }
}
