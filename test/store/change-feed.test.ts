// The SQLite change feed: a commit by another connection (a `parley` command beside the server) drops what was cached.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteChangeFeed } from '../../src/store/change-feed.js';

let dir: string;
let server: SQLite.Database;
let command: SQLite.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'change-feed-'));
  const file = path.join(dir, 'db.sqlite');
  server = new SQLite(file);
  server.pragma('journal_mode = WAL');
  server.exec('CREATE TABLE channels (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
  command = new SQLite(file);
});

afterEach(() => {
  command.close();
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('SqliteChangeFeed', () => {
  it('tells every listener when another connection commits, by the first look of a later turn', async () => {
    const dataVersion = server.prepare('PRAGMA data_version').pluck();
    const feed = new SqliteChangeFeed(() => Number(dataVersion.get()));
    const heard: (string | null)[] = [];
    feed.subscribe('channel', (key) => heard.push(key));

    expect(feed.live).toBe(true);
    expect(heard).toEqual([]);
    command.prepare('INSERT INTO channels (name) VALUES (?)').run('renamed by the CLI');
    await nextTurn();
    expect(feed.live).toBe(true);
    expect(heard).toEqual([null]);
    // Nothing new committed: nothing more heard.
    await nextTurn();
    expect(feed.live).toBe(true);
    expect(heard).toEqual([null]);
  });

  it("does not count the server's own commits as another's", async () => {
    const dataVersion = server.prepare('PRAGMA data_version').pluck();
    const feed = new SqliteChangeFeed(() => Number(dataVersion.get()));
    const heard: (string | null)[] = [];
    feed.subscribe('channel', (key) => heard.push(key));
    server.prepare('INSERT INTO channels (name) VALUES (?)').run('created by the API');
    await nextTurn();
    expect(feed.live).toBe(true);
    await feed.publish('channel', '7');
    expect(heard).toEqual(['7']);
  });
});
