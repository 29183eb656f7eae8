// Graceful stop on SIGTERM/SIGINT: no new connections, the conversation runs in flight finish, claims are given back, the process leaves, then exits.
import type { RunningServer } from './server.js';

export interface ShutdownLog {
  info(msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * The first signal drains (`server.close`: the HTTP server stops accepting and finishes its requests, the conversation
 * pump finishes the runs in flight within SHUTDOWN_DRAIN_MS, the claims are released and this process's row removed,
 * the job workers stop, the store closes) and exits 0, or 1 if the drain failed. A second signal exits at once: the
 * heartbeat then stops and other processes take the conversations over within PROCESS_DEAD_AFTER_MS.
 */
export function drainOnSignals(server: Pick<RunningServer, 'close'>, log: ShutdownLog, exit: (code: number) => void = (code) => process.exit(code)): void {
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) {
      log.info(`${signal} again: exiting without waiting for the drain`);
      exit(1);
      return;
    }
    draining = true;
    log.info(`${signal}: draining (no new connections; running conversations finish, then their claims are released)`);
    server.close().then(() => {
      log.info('drained; exiting');
      exit(0);
    }, (err: unknown) => {
      log.error({ err }, 'the drain failed; exiting');
      exit(1);
    });
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}
