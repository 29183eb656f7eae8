// Calls made within one turn of the event loop answered by one statement for all of them (PostgreSQL, where a round trip costs more than the work).

/**
 * A function of one input whose calls, made while the event loop is busy with other work, are gathered and answered
 * together by `many` once that turn ends (at most `max` inputs per call of `many`). `many` answers in the order of its
 * inputs; when it fails, every call it served fails with its error.
 */
export function coalesced<In, Out>(many: (inputs: readonly In[]) => Promise<Out[]>, max = 500): (input: In) => Promise<Out> {
  let waiting: { input: In; resolve: (out: Out) => void; reject: (error: unknown) => void }[] = [];
  const flush = (): void => {
    const calls = waiting;
    waiting = [];
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
