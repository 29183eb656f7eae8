// The mark of a PostgreSQL statement planned at each run instead of prepared once per connection (PreparingClient, db.ts).

/**
 * A statement whose text starts with this is planned at each run, never prepared: one whose plan must follow a table
 * that the work it serves fills (a broadcast's page of targets, BatchRepository.targets, while the expansion fills
 * human_identities: a plan made while it was nearly empty took 0.24 s a page by the end of 100,000).
 * The statements shared by many conversations once were too; they now take arrays of fixed sizes
 * (repositories/array-buckets.ts) and keep a generic plan for the 30 s a connection lives.
 */
export const PLANNED_EACH_TIME = '/* planned each time */';
