// The SQLite connection's queue and the direct path of compiled statements: nobody reads into another caller's open transaction.
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCompiled } from '../../src/store/repositories/compiled.js';
import { QueuedSqliteDialect } from '../../src/store/sqlite-queue.js';
import { withStatementCache } from '../../src/store/statement-cache.js';

interface Notes { notes: { id: Generated<number>; text: string } }

let db: Kysely<Notes>;

beforeEach(async () => {
  db = new Kysely<Notes>({ dialect: new QueuedSqliteDialect({ database: withStatementCache(new SQLite(':memory:')) }) });
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
});

const count = (on: Kysely<Notes>) => runCompiled(on, 'notes.count', (k) => k.selectFrom('notes').select((eb) => eb.fn.countAll<number>().as('n')).compile(), [])
  .then((r) => Number(r.rows[0]!.n));
const insert = (on: Kysely<Notes>, text: string) => runCompiled(on, 'notes.insert', (k) => k.insertInto('notes').values({ text: '' }).compile(), [text]);

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { opened, open };
}

describe('QueuedSqliteDialect', () => {
  it('makes a statement outside a transaction wait for it, and see only what it committed', async () => {
    const inside = gate();
    const written = gate();
    const transaction = db.transaction().execute(async (tx) => {
      const result = await insert(tx, 'uncommitted for now');
      expect(result.insertId).toBe(1n);
      // The transaction's own statements see its rows.
      expect(await count(tx)).toBe(1);
      written.open();
      await inside.opened;
    });
    await written.opened;
    let seen: number | undefined;
    const outside = count(db).then((n) => { seen = n; });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toBeUndefined();
    inside.open();
    await transaction;
    await outside;
    expect(seen).toBe(1);
  });

  it('shows nothing of a transaction that rolled back', async () => {
    const written = gate();
    const failing = db.transaction().execute(async (tx) => {
      await insert(tx, 'rolled back');
      written.open();
      await new Promise((resolve) => setTimeout(resolve, 10));
      throw new Error('the work failed');
    });
    await written.opened;
    const outside = count(db);
    await expect(failing).rejects.toThrow('the work failed');
    expect(await outside).toBe(0);
  });

  it('serves the callers waiting for the connection in the order they asked', async () => {
    const inside = gate();
    const started = gate();
    const transaction = db.transaction().execute(async (tx) => {
      started.open();
      await inside.opened;
      await insert(tx, 'first');
    });
    await started.opened;
    const order: string[] = [];
    const waiting = ['a', 'b', 'c', 'd'].map((name) => db.transaction().execute(async (tx) => {
      await insert(tx, name);
      order.push(name);
    }));
    inside.open();
    await Promise.all([transaction, ...waiting]);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
    const rows = await db.selectFrom('notes').select('text').orderBy('id').execute();
    expect(rows.map((r) => r.text)).toEqual(['first', 'a', 'b', 'c', 'd']);
  });

  it('rejects, never throws, when SQLite refuses a statement run directly', async () => {
    let refused: Promise<unknown> | undefined;
    expect(() => { refused = insert(db, null as unknown as string); }).not.toThrow();
    await expect(refused).rejects.toThrow(/NOT NULL/);
  });

  it('answers a statement on a free connection directly, and reports its changes', async () => {
    await insert(db, 'one');
    await insert(db, 'two');
    const updated = await runCompiled(db, 'notes.rename', (k) => k.updateTable('notes').set({ text: '' }).where('id', '>', 0).compile(), ['renamed', 0]);
    expect(updated.numAffectedRows).toBe(2n);
    expect(await count(db)).toBe(2);
  });
});
