// How long a test waits for something that happens in the background before it calls it lost.

/**
 * A hang detector, not a speed check: on a loaded 2-core machine (two test files, a neighbour's CI) a first answer
 * has come after 10 s (a recognizer trained on a worker, pg-boss's first poll), and a bound of 10 s failed a run that
 * had nothing wrong. Under vitest.config.ts's testTimeout, so a wait that does give up says what it waited for.
 */
export const WAIT_BOUND_MS = 45_000;
