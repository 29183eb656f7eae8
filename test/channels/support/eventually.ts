// Waiting in tests for what happens in the background (a delivery, a webhook's effect): a check retried until it passes.
import { WAIT_BOUND_MS } from '../../helpers/wait-bound.js';

/** Polls until `check` stops throwing (an expect that becomes true), up to `timeoutMs` (long enough for a first run on a machine running two test files at once); then its last error is thrown. */
export async function eventually<T>(check: () => Promise<T> | T, timeoutMs = WAIT_BOUND_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The `count`-th item of `list` (what a fake provider was sent, in order), once there are that many. */
export async function nth<T>(list: () => readonly T[], count: number, timeoutMs?: number): Promise<T> {
  return eventually(() => {
    const items = list();
    if (items.length < count) throw new Error(`waited for item ${count}; there are ${items.length}`);
    return items[count - 1]!;
  }, timeoutMs);
}
