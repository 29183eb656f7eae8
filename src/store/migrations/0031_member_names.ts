// People by name: a member's display name (shown to visitors beside an agent's reply, and in the audit log), from when a
// member's unread counts start, and the name of what an audit entry changed as it was then.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect.js';

export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema.alterTable('members').addColumn('name', 'text').execute();
  // Messages before it never count as unread for the member: the members there were when the inbox learnt read marks
  // would otherwise find the whole history unread. Null (members since): from when they joined.
  await db.schema.alterTable('members').addColumn('inbox_since', 'text').execute();
  await sql`UPDATE members SET inbox_since = ${new Date().toISOString()}`.execute(db);
  // The channel's, bot's, human's… name when the change was made (it outlives a rename and the resource itself).
  await db.schema.alterTable('audit_log').addColumn('resource_name', 'text').execute();
}
