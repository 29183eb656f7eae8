// Where the job layer reports what it cannot throw to a caller: failed handlers, lost leases, store errors in its loops.

export type JobErrorPhase =
  | 'handler' // a handler threw; the job is retried or kept as failed
  | 'lease' // a handler outlived its lease; the job may run again elsewhere
  | 'take' // looking for due jobs failed; the loop tries again after the poll interval
  | 'record' // writing a run's outcome failed; the job runs again after its lease
  | 'release' // giving up a lease at stop failed; the job runs again after its lease
  | 'maintenance'; // pruning or the engine's own housekeeping failed

export interface JobErrorContext {
  phase: JobErrorPhase;
  queue?: string;
  jobId?: string;
  attempt?: number;
}

export type JobErrorReporter = (error: unknown, context: JobErrorContext) => void;

/** Without a reporter, handler failures stay on the job (they are expected) and the rest goes to stderr. */
export const defaultReporter: JobErrorReporter = (error, context) => {
  if (context.phase === 'handler') return;
  const where = [context.queue, context.jobId].filter(Boolean).join(' ');
  console.error(`parley jobs: ${context.phase} error${where ? ` (${where})` : ''}:`, error);
};
