// Calls made within one turn of the event loop answered by one statement for all of them (PostgreSQL, where a round trip costs more than the work).

/** How calls are gathered: at most `max` inputs per call of `many`; a turn with a single call may be answered by `one`. */
export interface CoalescedOptions<In, Out> {
  max?: number;
  /**
   * Answers a call that had no company in its turn. On PostgreSQL a statement for one key is much cheaper to plan than
   * the same statement over an array of keys (0.2 against 1 ms for a human's run inputs), and web chat's turns mostly
   * hold one message.
   */
  one?: (input: In) => Promise<Out>;
}

/**
 * A function of one input whose calls, made while the event loop is busy with other work, are gathered and answered
 * together by `many` once that turn ends. `many` answers in the order of its inputs; when it fails, every call it served
 * fails with its error.
 */
export function coalesced<In, Out>(many: (inputs: readonly In[]) => Promise<Out[]>, options: CoalescedOptions<In, Out> = {}): (input: In) => Promise<Out> {
  const { max = 500, one } = options;
  let waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  const flush = (): void => {
    const calls = waiting;
    waiting = [];
    const lone = calls[0];
    if (calls.length === 1 && lone !== undefined && one !== undefined) {
      one(lone.input).then(lone.resolve, lone.reject);
      return;
    }
    for (let start = 0; start < calls.length; start += max) {
      const part = calls.slice(start, start + max);
      many(part.map((c) => c.input)).then(
        (outs) => part.forEach((c, i) => c.resolve(outs[i]!)),
        (error: unknown) => part.forEach((c) => c.reject(error)),
      );
    }
  };
  return (input) => new Promise<Out>((resolve, reject) => {
    // setImmediate, not a microtask: the calls of every callback of this turn's I/O (the answers of many connections) join.
    if (waiting.length === 0) setImmediate(flush);
    waiting.push({ input, resolve, reject });
  });
}
