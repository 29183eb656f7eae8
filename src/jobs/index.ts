// The job layer's public surface: the interface, the factory that picks an engine, and the errors callers may see.
export type { Job, JobCounts, JobHandler, JobQueue, SendOptions, WorkOptions } from './types.js';
export { createJobQueue, type CreateJobQueueOptions } from './factory.js';
export { JobQueueError, JobOptionsError, JobLifecycleError } from './errors.js';
export type { JobErrorContext, JobErrorPhase, JobErrorReporter } from './reporter.js';
export { LOST_LEASE_RERUNS } from './policy.js';
export { jobsSchemaName } from './pgboss/schema-name.js';
