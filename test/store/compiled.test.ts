// Compiled queries rebound to new parameters: the same SQL, the new values, and a refusal of the wrong count.
import { Kysely, SqliteDialect } from 'kysely';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { rebind } from '../../src/store/repositories/compiled.js';

describe('rebind', () => {
  it('runs a query compiled once with each call\'s parameters', async () => {
    const db = new Kysely<{ t: { id: number; name: string } }>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await db.schema.createTable('t').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('t').values([{ id: 1, name: 'one' }, { id: 2, name: 'two' }]).execute();
    const byId = db.selectFrom('t').select('name').where('id', '=', 0).compile();
    expect((await db.executeQuery(rebind(byId, [2]))).rows).toEqual([{ name: 'two' }]);
    expect((await db.executeQuery(rebind(byId, [1]))).rows).toEqual([{ name: 'one' }]);
    expect(rebind(byId, [1]).sql).toBe(byId.sql);
    expect(() => rebind(byId, [1, 2])).toThrow('takes 1 parameters');
    await db.destroy();
  });
});
