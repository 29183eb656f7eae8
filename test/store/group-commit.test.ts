// Shared commits on SQLite: callers of one turn commit together, a failing caller is rolled back alone, each resolves only once durable.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { type Generated, Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupCommit } from '../../src/store/group-commit.js';
import type { Database } from '../../src/store/schema.js';

interface Notes { notes: { id: Generated<number>; text: string; parent: number | null } }

let dir: string;
let file: string;
let db: Kysely<Notes>;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
  file = path.join(dir, 'db.sqlite');
  const raw = new SQLite(file);
  raw.pragma('journal_mode = WAL');
  raw.pragma('foreign_keys = ON');
  db = new Kysely<Notes>({ dialect: new SqliteDialect({ database: raw }) });
  // A deferred foreign key is checked by COMMIT only: the way to make a commit itself fail.
  await sql`CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE,
    parent INTEGER REFERENCES notes(id) DEFERRABLE INITIALLY DEFERRED)`.execute(db);
});

afterEach(async () => {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The group commit over the test table (it is written for the store's schema; the table differs, the SQL does not care). */
function grouped(maxGroup?: number): GroupCommit {
  return new GroupCommit(db as unknown as Kysely<Database>, maxGroup);
}

function insert(text: string, parent: number | null = null) {
  return async (tx: Kysely<Database>) => {
    const row = await (tx as unknown as Kysely<Notes>).insertInto('notes').values({ text, parent }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  };
}

/** What another connection sees: only what was committed. */
function committedTexts(): string[] {
  const other = new SQLite(file, { readonly: true });
  try {
    return (other.prepare('SELECT text FROM notes ORDER BY id').all() as { text: string }[]).map((r) => r.text);
  } finally {
    other.close();
  }
}

describe('GroupCommit', () => {
  it('commits the callers of one turn in one transaction, each with its own result', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const group = grouped();
    const ids = await Promise.all(['a', 'b', 'c'].map((t) => group.run(insert(t))));
    expect(ids).toHaveLength(3);
    expect(new Set(ids).size).toBe(3);
    expect(transaction).toHaveBeenCalledTimes(1);
    expect(committedTexts()).toEqual(['a', 'b', 'c']);
  });

  it('resolves a caller only once its work is visible to another connection', async () => {
    const group = grouped();
    const seen = await Promise.all(['x', 'y'].map((t) => group.run(insert(t)).then(() => committedTexts())));
    expect(seen[0]).toContain('x');
    expect(seen[1]).toContain('y');
  });

  it('rolls back a failing caller alone: it gets its error, the others commit', async () => {
    const group = grouped();
    await group.run(insert('taken'));
    const outcomes = await Promise.allSettled([group.run(insert('one')), group.run(insert('taken')), group.run(insert('two'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(committedTexts()).toEqual(['taken', 'one', 'two']);
  });

  it('rolls back half-done work of a failing caller, not only its failing statement', async () => {
    const group = grouped();
    const halfDone = async (tx: Kysely<Database>) => {
      await insert('half')(tx);
      throw new Error('changed its mind');
    };
    const outcomes = await Promise.allSettled([group.run(insert('kept')), group.run(halfDone)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(committedTexts()).toEqual(['kept']);
  });

  it('rejects every caller of a group whose commit fails, and stores none of them', async () => {
    const group = grouped();
    const outcomes = await Promise.allSettled([group.run(insert('fine')), group.run(insert('orphan', 999))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(String((outcomes[0] as PromiseRejectedResult).reason)).toMatch(/FOREIGN KEY/);
    expect(committedTexts()).toEqual([]);
    // The next group is not affected.
    await group.run(insert('after'));
    expect(committedTexts()).toEqual(['after']);
  });

  it('splits a turn larger than its bound into several commits, in the order asked', async () => {
    const transaction = vi.spyOn(db, 'transaction');
    const group = grouped(4);
    await Promise.all(Array.from({ length: 10 }, (_, i) => group.run(insert(`n${i}`))));
    expect(transaction).toHaveBeenCalledTimes(3);
    expect(committedTexts()).toEqual(Array.from({ length: 10 }, (_, i) => `n${i}`));
  });
});
