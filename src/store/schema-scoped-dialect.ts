// Kysely's PostgreSQL dialect with an introspection that reads only the connection's own schema.
import { DEFAULT_MIGRATION_LOCK_TABLE, DEFAULT_MIGRATION_TABLE, PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadata, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

interface ColumnRow {
  table: string;
  table_type: string;
  schema: string;
  column: string;
  type: string;
  type_schema: string;
  not_null: boolean;
  has_default: boolean;
  auto_incrementing: boolean;
  comment: string | null;
}

/**
 * Kysely's own introspector walks every schema of the database and resolves each by name (`has_schema_privilege`,
 * `pg_get_serial_sequence`): a schema another process drops meanwhile (a test's, a second Parley's pg-boss schema)
 * fails the walk with "schema … does not exist", and the migrator with it, though nothing of ours is wrong. The
 * migrator only needs our schema's tables, so this one reads `current_schema()` alone and names nothing.
 */
class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // The introspector is Kysely's, for a database whose tables it does not know in advance.
  constructor(private readonly db: Kysely<unknown>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT nspname AS name FROM pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      SELECT c.relname AS table, c.relkind AS table_type, ns.nspname AS schema, a.attname AS column,
        typ.typname AS type, dtns.nspname AS type_schema, a.attnotnull AS not_null, a.atthasdef AS has_default,
        (a.attidentity <> '' OR EXISTS (
          SELECT 1 FROM pg_catalog.pg_depend d JOIN pg_catalog.pg_class s ON s.oid = d.objid AND s.relkind = 'S'
          WHERE d.refobjid = c.oid AND d.refobjsubid = a.attnum AND d.deptype IN ('a', 'i'))) AS auto_incrementing,
        pg_catalog.col_description(a.attrelid, a.attnum) AS comment
      FROM pg_catalog.pg_attribute a
      JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
      JOIN pg_catalog.pg_namespace ns ON ns.oid = c.relnamespace
      JOIN pg_catalog.pg_type typ ON typ.oid = a.atttypid
      JOIN pg_catalog.pg_namespace dtns ON dtns.oid = typ.typnamespace
      WHERE ns.nspname = current_schema() AND c.relkind IN ('r', 'v', 'p') AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY c.relname, a.attnum`.execute(this.db);
    const tables = new Map<string, { name: string; schema: string; isView: boolean; columns: TableMetadata['columns'][number][] }>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && (row.table === DEFAULT_MIGRATION_TABLE || row.table === DEFAULT_MIGRATION_LOCK_TABLE)) continue;
      let table = tables.get(row.table);
      if (table === undefined) {
        table = { name: row.table, schema: row.schema, isView: row.table_type === 'v', columns: [] };
        tables.set(row.table, table);
      }
      table.columns.push({
        name: row.column, dataType: row.type, dataTypeSchema: row.type_schema, isNullable: !row.not_null,
        hasDefaultValue: row.has_default, isAutoIncrementing: row.auto_incrementing, comment: row.comment ?? undefined,
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
