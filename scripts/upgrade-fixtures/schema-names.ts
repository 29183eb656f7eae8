// The PostgreSQL schema a fixture is made in, renamed when the test restores it into a fresh one.

export const FIXTURE_SCHEMA = 'parley_upgrade_fixture';

/** pg-boss keeps its tables next to the app's schema, under this name (src/jobs/pgboss/schema-name.ts). */
export function jobsSchemaOf(schema: string): string {
  return `${schema}_jobs`;
}

/** The dump's statements with the fixture's schemas renamed to `schema` and its jobs schema. */
export function renameSchemas(dump: string, schema: string): string {
  return dump.replace(new RegExp(`\\b${FIXTURE_SCHEMA}(_jobs)?\\b`, 'g'), (_m, jobs: string | undefined) => (jobs ? jobsSchemaOf(schema) : schema));
}
