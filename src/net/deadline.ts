// A request's time limit as an AbortSignal whose timer ends with the request.

/**
 * `AbortSignal.timeout(ms)` keeps its timer, and through its signal every abort listener of the request (undici's request
 * and handler), until the time is up: ten seconds after a delivery that took two milliseconds. At a thousand deliveries a
 * second that is ten thousand requests outliving the young generation, promoted and left for a full collection (hundreds
 * of megabytes of old space in a broadcast). Cleared when the request ends, nothing outlives it.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    this.timer = setTimeout(() => this.controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')), ms);
    // Like AbortSignal.timeout's: a pending request's limit does not keep the process alive.
    this.timer.unref();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The request is over, answered or failed: its limit no longer matters. */
  clear(): void {
    clearTimeout(this.timer);
  }
}
