// Typed errors of the job layer: a caller's mistake (bad queue name or options) versus misuse of a queue's handlers.

export class JobQueueError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** A queue name or send/work option the layer cannot store or honour; nothing was stored. */
export class JobOptionsError extends JobQueueError {}

/** `work` called a second time for one queue in one process. */
export class JobLifecycleError extends JobQueueError {}
