// The `parley` command: serve, account and token management, authoring tools.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { AppError } from '../errors.js';
import type { createServices } from '../services/index.js';

const USAGE = `usage:
  parley serve                                           start the server (same as npm start)
  parley account create --email E --password P           create an account
  parley token create --account E [--name N]             create an API token; prints only the token
  parley human export --account E --id N [--out FILE]    everything held about a human, as JSON (stdout or FILE)
  parley human erase --account E --id N --yes            erase a human with everything linked; prints what went
  parley human import --account E FILE [--format csv|jsonl]
                                                         import humans from CSV (header row) or JSON lines
                                                         (docs/humans-import.md), with progress; prints the counts
  parley human import --account E --resume ID            finish an import a stopped command left part written
  parley backup --to FILE                                copy the database: SQLite online (the server may run), or
                                                         pg_dump of Parley's PostgreSQL schemas (custom format)
  parley member add --account E --email M --role R       invite M (owner, admin, developer, agent, viewer); mails the
                                                         link when SMTP_URL is set and prints it
  parley member list --account E                         list the account's members and invitations
  parley member remove --account E --email M             remove a member (the last owner stays) and revoke their tokens
  parley nlu eval --definition FILE --cases FILE [--details]
                                                         train the recognizer on a definition and print its figures on
                                                         cases (--details: then the 10 most confused intent pairs)
  parley kb eval --corpus FILE --queries FILE --qrels FILE [--database-url URL]
                                                         score knowledge retrieval (nDCG@10, recall@100) on a BEIR-style
                                                         set, in a throw-away SQLite file or PostgreSQL schema
  parley chat --definition FILE [--channel T] [--include FILE …]
                                                         talk to a definition in the terminal (in memory, no server)
  parley test --definition FILE [--include FILE …] [--coverage] TESTS.yaml …
                                                         run conversation tests (docs/authoring.md); --coverage
                                                         says what they exercised of the definition

Configuration comes from the environment: DATA_DIR (default ./data), DATABASE_URL (postgres://… for PostgreSQL),
PORT, JWT_SECRET, ENCRYPTION_KEY and the others listed in docs/operations.md.`;

class UsageError extends Error {}

function required(values: Record<string, string | boolean | undefined>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

async function withServices<T>(run: (services: ReturnType<typeof createServices>) => Promise<T>): Promise<T> {
  // Loaded here rather than at the top: the authoring commands (chat, test) need no store and start faster without it.
  const [{ createServices }, { openMigratedStore }] = await Promise.all([import('../services/index.js'), import('../store/index.js')]);
  const config = loadConfig();
  const store = await openMigratedStore(config.database);
  try {
    return await run(createServices(config, store));
  } finally {
    await store.close();
  }
}

async function accountCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } } });
  const account = await withServices((s) => s.accounts.create(required(values, 'email'), required(values, 'password')));
  process.stderr.write(`created account ${account.id} (${account.email})\n`);
}

async function tokenCreate(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { account: { type: 'string' }, name: { type: 'string' } } });
  const email = required(values, 'account');
  const token = await withServices(async (s) => {
    const accountId = await s.accounts.idByEmail(email);
    if (accountId === undefined) throw new UsageError(`no account with e-mail ${email}; create it with: parley account create --email ${email} --password …`);
    return s.tokens.create(accountId, values.name ?? 'CLI token');
  });
  process.stdout.write(`${token.token}\n`);
}

/** `parley human export|erase`: the API's data subject requests, for an operator at the server. */
async function humanData(sub: 'export' | 'erase', args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { account: { type: 'string' }, id: { type: 'string' }, out: { type: 'string' }, yes: { type: 'boolean' } } });
  const email = required(values, 'account');
  const id = Number(required(values, 'id'));
  if (!Number.isInteger(id) || id < 1) throw new UsageError('--id must be a human id (a positive whole number)');
  if (sub === 'erase' && values.yes !== true) throw new UsageError('erasing cannot be undone: add --yes');
  const output = await withServices(async (s) => {
    const accountId = await s.accounts.idByEmail(email);
    if (accountId === undefined) throw new UsageError(`no account with e-mail ${email}`);
    return sub === 'export' ? s.humanData.export(accountId, id) : s.humanData.erase(accountId, id);
  });
  const text = `${JSON.stringify(output, null, 2)}\n`;
  if (values.out === undefined) process.stdout.write(text);
  else {
    const { writeFile } = await import('node:fs/promises');
    // The export is personal data: readable by its owner only.
    await writeFile(values.out, text, { mode: 0o600 });
    process.stderr.write(`wrote ${values.out}\n`);
  }
}

async function humanImportCommand(args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { account: { type: 'string' }, resume: { type: 'string' }, format: { type: 'string' } } });
  const email = required(values, 'account');
  const resume = values.resume === undefined ? undefined : Number(values.resume);
  if (resume !== undefined && (!Number.isInteger(resume) || resume < 1)) throw new UsageError('--resume must be an import id (a positive whole number)');
  if (resume === undefined && positionals.length !== 1) throw new UsageError('human import takes one FILE (or --resume ID)');
  if (values.format !== undefined && values.format !== 'csv' && values.format !== 'jsonl') throw new UsageError('--format is csv or jsonl');
  const { humanImport } = await import('./human-import.js');
  const done = await withServices(async (s) => humanImport(s, { accountId: await accountIdOf(s, email), file: positionals[0], resume, format: values.format }));
  process.stdout.write(`import ${done.id}: ${done.status}; ${done.rows} rows: ${done.created} created, ${done.updated} updated, ${done.failed} failed\n`);
}

async function backup(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { to: { type: 'string' } } });
  const { backupPlan } = await import('./backup.js');
  const plan = backupPlan(loadConfig(), required(values, 'to'));
  process.stderr.write(`${plan.describe}\n`);
  await plan.run();
  process.stderr.write('backup done\n');
}

async function accountIdOf(s: ReturnType<typeof createServices>, email: string): Promise<number> {
  const accountId = await s.accounts.idByEmail(email);
  if (accountId === undefined) throw new UsageError(`no account with e-mail ${email}; create it with: parley account create --email ${email} --password …`);
  return accountId;
}

async function member(sub: string | undefined, args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { account: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } } });
  const account = required(values, 'account');
  const { accountPrincipal } = await import('../services/index.js');
  if (sub === 'add') {
    const invited = await withServices(async (s) => {
      const port = loadConfig().port;
      return s.members.invite(accountPrincipal(await accountIdOf(s, account)), { email: required(values, 'email'), role: required(values, 'role') }, loadConfig().publicUrl ?? `http://localhost:${port}`);
    });
    process.stderr.write(`invited ${invited.member.email} as ${invited.member.role}; ${invited.emailSent ? 'the link was mailed' : `not mailed (${invited.emailError ?? 'no mail'})`}\n`);
    process.stdout.write(`${invited.inviteUrl}\n`);
  } else if (sub === 'list') {
    const members = await withServices(async (s) => s.members.list(await accountIdOf(s, account)));
    for (const m of members) process.stdout.write(`${m.id}\t${m.email}\t${m.role}\t${m.status}\n`);
  } else if (sub === 'remove') {
    const removed = await withServices(async (s) => {
      const accountId = await accountIdOf(s, account);
      const target = await s.members.byEmail(accountId, required(values, 'email'));
      return s.members.remove(accountPrincipal(accountId), target.id);
    });
    process.stderr.write(`removed ${removed.email}\n`);
  } else {
    throw new UsageError(`unknown command: member ${sub ?? ''}`);
  }
}

async function run(argv: string[]): Promise<number> {
  const [command, sub, ...rest] = argv;
  if (command === 'serve') {
    await import('../main.js');
    return -1;
  }
  if (command === 'account' && sub === 'create') await accountCreate(rest);
  else if (command === 'token' && sub === 'create') await tokenCreate(rest);
  else if (command === 'human' && (sub === 'export' || sub === 'erase')) await humanData(sub, rest);
  else if (command === 'human' && sub === 'import') await humanImportCommand(rest);
  else if (command === 'backup') await backup(argv.slice(1));
  else if (command === 'member') await member(sub, rest);
  else if (command === 'nlu' && sub === 'eval') return (await import('./nlu-eval.js')).runNluEval(rest);
  else if (command === 'kb' && sub === 'eval') return (await import('./kb-eval.js')).runKbEval(rest);
  else if (command === 'chat') return (await import('./chat/chat-command.js')).runChat(argv.slice(1));
  else if (command === 'test') return (await import('./test/test-command.js')).runTests(argv.slice(1));
  else if (command === undefined || command === 'help' || command === '--help') {
    process.stdout.write(`${USAGE}\n`);
  } else {
    throw new UsageError(`unknown command: ${argv.join(' ')}`);
  }
  return 0;
}

run(process.argv.slice(2)).then(
  (code) => { if (code >= 0) process.exitCode = code; },
  (err: unknown) => {
    if (err instanceof UsageError) process.stderr.write(`parley: ${err.message}\n\n${USAGE}\n`);
    else if (err instanceof ConfigError || err instanceof AppError || (err instanceof Error && err.name === 'BackupError')) process.stderr.write(`parley: ${err.message}\n`);
    else if (err instanceof Error && err.name === 'TypeError' && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS')) process.stderr.write(`parley: ${err.message}\n\n${USAGE}\n`);
    else process.stderr.write(`parley: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
    process.exitCode = err instanceof UsageError ? 2 : 1;
  },
);
