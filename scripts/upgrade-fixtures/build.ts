// Builds upgrade fixtures from an earlier commit: its server, started on SQLite and on PostgreSQL, is driven through its
// API (scenario.ts) and stopped; the SQLite file, the PostgreSQL dump and the data directory's secrets are kept under
// test/fixtures/upgrade/<name>/, where test/upgrade/upgrade.test.ts opens them with the code under test.
//
//   node --import tsx scripts/upgrade-fixtures/build.ts <commit> [name]
//
// PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); pg_dump on the PATH.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { makeFixture, type FixtureManifest } from './scenario.js';
import { FIXTURE_SCHEMA, jobsSchemaOf } from './schema-names.js';

const root = path.resolve(import.meta.dirname, '../..');
const databaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

/** The earlier commit checked out beside this one, with its dependencies (hard links of ours when the lock files agree). */
function worktreeOf(commit: string): string {
  const dir = path.join(os.tmpdir(), `parley-fixture-${commit.slice(0, 12)}`);
  if (!fs.existsSync(dir)) git('worktree', 'add', '--detach', dir, commit);
  if (!fs.existsSync(path.join(dir, 'node_modules'))) {
    const same = fs.readFileSync(path.join(dir, 'package-lock.json'), 'utf8') === fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8');
    if (same && fs.existsSync(path.join(root, 'node_modules'))) execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    else execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Started { child: ChildProcess; base: string; log: string[] }

async function startOld(dir: string, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: dir, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server of ${dir} exited:\n${log.join('')}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, log };
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error(`the server of ${dir} did not start:\n${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stop(started: Started): Promise<void> {
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  started.child.kill('SIGTERM');
  await exited;
}

function cli(dir: string, env: Record<string, string>, ...args: string[]): string {
  return execFileSync(process.execPath, ['bin/parley.js', ...args], { cwd: dir, env: { ...process.env, ...env }, encoding: 'utf8' }).trim();
}

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function build(dir: string, commit: string, kind: 'sqlite' | 'postgres', out: string): Promise<FixtureManifest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-fixture-data-'));
  const env: Record<string, string> = { DATA_DIR: dataDir };
  if (kind === 'postgres') {
    await admin(async (c) => {
      await c.query(`DROP SCHEMA IF EXISTS ${FIXTURE_SCHEMA} CASCADE`);
      await c.query(`DROP SCHEMA IF EXISTS ${jobsSchemaOf(FIXTURE_SCHEMA)} CASCADE`);
      await c.query(`CREATE SCHEMA ${FIXTURE_SCHEMA}`);
    });
    const url = new URL(databaseUrl);
    url.searchParams.set('options', `-c search_path=${FIXTURE_SCHEMA}`);
    env.DATABASE_URL = url.toString();
  }
  const server = await startOld(dir, env);
  let manifest: FixtureManifest;
  try {
    const email = `fixture-${crypto.randomBytes(3).toString('hex')}@example.com`;
    cli(dir, env, 'account', 'create', '--email', email, '--password', 'correct horse battery');
    const token = cli(dir, env, 'token', 'create', '--account', email, '--name', 'fixture');
    manifest = await makeFixture(server.base, email, token, commit);
  } finally {
    // At once: the pause's timer must fall due while the server is down.
    await stop(server);
  }
  // Trained recognizers are derived from the bots (a release trains again what it cannot read) and weigh megabytes: left out.
  if (kind === 'sqlite') {
    const db = new SQLite(path.join(dataDir, 'parley.db'));
    db.prepare('DELETE FROM nlu_models').run();
    db.close();
  } else {
    await admin(async (c) => { await c.query(`DELETE FROM ${FIXTURE_SCHEMA}.nlu_models`); });
  }
  const target = path.join(out, kind);
  fs.mkdirSync(target, { recursive: true });
  // The data directory's secrets sign the tokens and visitor ids and seal the webhook secret: an upgrade keeps them.
  fs.copyFileSync(path.join(dataDir, 'secrets.json'), path.join(target, 'secrets.json'));
  if (kind === 'sqlite') {
    // VACUUM INTO: one compact file, the write-ahead log folded in; gzipped, as most of its pages are empty.
    const db = new SQLite(path.join(dataDir, 'parley.db'));
    const compact = path.join(dataDir, 'compact.db');
    db.prepare('VACUUM INTO ?').run(compact);
    db.close();
    fs.writeFileSync(path.join(target, 'parley.db.gz'), zlib.gzipSync(fs.readFileSync(compact), { level: 9 }));
  } else {
    const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--inserts', '--schema', FIXTURE_SCHEMA, '--schema', jobsSchemaOf(FIXTURE_SCHEMA), databaseUrl], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    // psql's meta-commands (\restrict) are dropped: the test restores the dump with a plain client.
    fs.writeFileSync(path.join(target, 'dump.sql'), dump.split('\n').filter((line) => !line.startsWith('\\')).join('\n'));
    await admin(async (c) => {
      await c.query(`DROP SCHEMA ${FIXTURE_SCHEMA} CASCADE`);
      await c.query(`DROP SCHEMA IF EXISTS ${jobsSchemaOf(FIXTURE_SCHEMA)} CASCADE`);
    });
  }
  fs.writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  return manifest;
}

async function main(): Promise<void> {
  const [ref, name] = process.argv.slice(2);
  if (ref === undefined) throw new Error('usage: node --import tsx scripts/upgrade-fixtures/build.ts <commit> [name]');
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const out = path.join(root, 'test/fixtures/upgrade', name ?? commit.slice(0, 7));
  const dir = worktreeOf(commit);
  try {
    for (const kind of ['sqlite', 'postgres'] as const) {
      await build(dir, commit, kind, out);
      process.stderr.write(`${kind}: ${path.relative(root, path.join(out, kind))}\n`);
    }
  } finally {
    git('worktree', 'remove', '--force', dir);
  }
}

await main();
