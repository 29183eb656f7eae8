// The mark of a PostgreSQL statement planned at each run instead of prepared once per connection (PreparingClient, db.ts).

/**
 * A statement whose text starts with this is planned at each run, never prepared: one that serves many conversations
 * at once (repositories/pass-batches.ts, HumanRecordRepository.runInputsMany), whose planning is shared by its rows, and
 * whose plan must follow tables that grow by a hundred thousand rows within one broadcast (a generic plan made while
 * they were nearly empty went on scanning them).
 */
export const PLANNED_EACH_TIME = '/* planned each time */';
