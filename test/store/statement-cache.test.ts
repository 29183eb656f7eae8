// The SQLite statement cache under Kysely: repeated queries, a statement still being iterated, and the cache's bound.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { withStatementCache } from '../../src/store/statement-cache.js';

interface Db { items: { id: number; name: string } }

describe('withStatementCache', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-stmt-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  function open(max?: number) {
    const raw = new SQLite(path.join(dir, `${Math.random()}.db`));
    const prepared: string[] = [];
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((sql: string) => { prepared.push(sql); return prepare(sql); }) as typeof raw.prepare;
    const db = new Kysely<Db>({ dialect: new SqliteDialect({ database: withStatementCache(raw, max) }) });
    return { db, prepared };
  }

  it('prepares a query once and answers it with fresh parameters each time', async () => {
    const { db, prepared } = open();
    await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    for (const [id, name] of [[1, 'a'], [2, 'b'], [3, 'c']] as const) await db.insertInto('items').values({ id, name }).execute();
    const names = [];
    for (const id of [1, 2, 3]) names.push((await db.selectFrom('items').select('name').where('id', '=', id).executeTakeFirst())?.name);
    expect(names).toEqual(['a', 'b', 'c']);
    expect(prepared.filter((sql) => sql.startsWith('select'))).toHaveLength(1);
    await db.destroy();
  });

  it('gives a statement still being iterated a fresh twin, and keeps at most `max` statements', async () => {
    const { db, prepared } = open(2);
    await db.schema.createTable('items').addColumn('id', 'integer', (c) => c.primaryKey()).addColumn('name', 'text').execute();
    await db.insertInto('items').values([{ id: 1, name: 'a' }, { id: 2, name: 'b' }]).execute();
    const query = db.selectFrom('items').select('name').orderBy('id');
    const streamed: string[] = [];
    for await (const row of query.stream()) streamed.push(row.name);
    expect([...streamed, ...(await query.execute()).map((r) => r.name)]).toEqual(['a', 'b', 'a', 'b']);

    const raw = new SQLite(':memory:');
    const cached = withStatementCache(raw);
    const first = cached.prepare('select 1 as n union all select 2');
    const iterating = first.iterate([]);
    iterating.next();
    const second = cached.prepare('select 1 as n union all select 2');
    expect(second).not.toBe(first);
    expect(second.all([])).toEqual([{ n: 1 }, { n: 2 }]);
    iterating.return?.();
    expect(cached.prepare('select 1 as n union all select 2')).toBe(first);
    cached.close();

    const before = prepared.length;
    for (const id of [1, 2]) await db.selectFrom('items').selectAll().where('id', '=', id).execute();
    await db.selectFrom('items').select('id').execute();
    await query.execute();
    expect(prepared.length - before).toBe(3);
    await db.destroy();
  });
});
