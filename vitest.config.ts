import { defineConfig } from 'vitest/config';

/**
 * Tests that kill, restart or time a server, or drive Chromium: they assert bounds (answers within 5 s, no request
 * hanging 10 s) that a busy second core would make flaky, so `npm test` runs them alone, after the rest. With them the
 * CLINC150 training test, which keeps both cores busy for a minute: beside it on a slower machine (here: one core,
 * `taskset -c 0`), the voice tests' first launch missed the platform's 6 s answer deadline. The fuzz suite (a file per
 * database, test/http/fuzz-*.test.ts) runs in the shared set: its hang bound is 10 s a request, which a second busy core
 * does not come near, and alone it was the longest file of the run (208 s on a slow day). So does the two-server test,
 * which checks order and single answers with generous waits, and no time bound, and so do the CLI's files: beside them
 * on a slow day another file's first web-chat answer came after 15 s, waiting for its bot's recognizer to be trained on
 * a worker; the web-chat client now waits 25 s for a frame, and a bot with nothing to learn is built at once (ProgramCache).
 */
const ALONE = [
  'test/browser/**/*.test.ts',
  'test/jobs/crash.test.ts',
  'test/services/conversations/crash.test.ts',
  'test/services/conversations/resume-after-kill.test.ts',
  'test/services/conversations/drain-on-sigterm.test.ts',
  'test/services/postgres-restart.test.ts',
  'test/channels/provider-faults.test.ts',
  'test/services/conversations/training-clinc150.test.ts',
];

/** PARLEY_TEST_SET: `shared` (the rest, two files at a time), `alone` (ALONE, one at a time); unset runs every file. */
const set = process.env.PARLEY_TEST_SET;

export default defineConfig({
  test: {
    include: set === 'alone' ? ALONE : ['test/**/*.test.ts'],
    exclude: set === 'shared' ? [...ALONE, '**/node_modules/**'] : ['**/node_modules/**'],
    // Most files wait on servers, sockets and the database more than they compute: two at a time on two cores.
    // Each file imports the whole server (some 800 modules): in a fresh process per file that was a quarter of the set's
    // time. The shared set's files run one after another in two processes instead, each importing it once; every file
    // starts and closes its own servers and databases, and none mocks a module.
    ...(set === 'shared' ? { maxWorkers: 2, minWorkers: 1, isolate: false } : {}),
    // The fakes have no sending limits: the providers' published rates (one segment a second on a long code) would
    // only slow the tests; the servers the tests spawn inherit it. Tests of pacing set DELIVERY_RATES themselves.
    env: { DELIVERY_RATES: 'dlc=0,tfn=0,dsc=0,fb=0' },
    // A hang detector: a test of several round trips, each waiting up to test/helpers/wait-bound.ts's bound on a loaded
    // machine, must not be cut short while it is still making progress.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/helpers/summary-reporter.ts'],
  },
});
