// `parley test`: tests files that pass and fail, the failure report, the summary line, exit codes, HTTP fixtures.
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { runTests } from '../../src/cli/test/test-command.js';
import { runParley, scratchDir, type ParleyRun } from './run-parley.js';

/** The command's function itself, for the cases where a process of its own adds nothing but start-up time. */
async function runInProcess(args: string[]): Promise<ParleyRun> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (s: string) => void) => new Writable({ write(chunk, _encoding, done) { append(String(chunk)); done(); } });
  const code = await runTests(args.slice(1), { output: sink((s) => { stdout += s; }), error: sink((s) => { stderr += s; }) });
  return { code, stdout, stderr };
}

const say = (text: string) => ({ send: { message: { text } } });

const shop = {
  name: 'shop',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'], actions: [{
        send: { message: {
          title: 'Shop', text: 'Hi {sys:firstName}! Your tier: {bot:tier}',
          quickReplies: [{ type: 'text', title: 'Price', payload: 'PRICE', execute: 'price' }],
          buttons: [{ type: 'weburl', title: 'Site', payload: 'https://shop.example' }],
        } },
      }],
    },
    {
      name: 'price', intents: [{ name: 'price', expressions: ['how much is it', 'what is the price', 'price please'] }],
      actions: [
        { send: { request: { url: 'https://api.shop.example/price?item={item}', response: { price: 'amount' }, fallback: 'noPrice' } } },
        say('It costs {price}.'),
        { waitFor: { data: ['text'], content: 'reply', timeout: '1m', executeOnTimeout: 'bye' } },
        say('You said {reply}.'),
      ],
    },
    { name: 'noPrice', actions: [say('No price today.')] },
    { name: 'bye', actions: [say('Bye.')] },
    { name: 'mail', intents: [{ name: 'mail', expressions: ['mail me', 'send me an email', 'email me please'] }], actions: [
      { send: { email: { to: '{sys:email}', subject: 'Hello', text: 'Hi {sys:firstName}' } } },
      say('Mailed.'),
    ] },
    { name: 'other', intents: ['sys:text'], actions: [say('Pardon?')] },
  ],
};

const passing = `
http:
  - url: https://api.shop.example/price?item=tea
    body: { amount: "9.90" }
  - url: https://api.shop.example/price?item=cake
    fail: timeout
tests:
  - name: every step kind
    channel: web
    human: { firstName: Ann, email: ann@example.com, tags: [vip] }
    attributes: { "bot:tier": gold, item: tea, count: 2 }
    now: 2025-03-05T10:00:00Z
    steps:
      - user: hi
      - bot: { title: Shop, text: "Hi Ann! Your tier: gold", quickReplies: [Price], buttons: [Site] }
      - silent: true
      - user: { payload: PRICE }
      - bot: It costs 9.90.
      - wait: 59s
      - silent: true
      - wait: 1s
      - bot: Bye.
      - attributes: { price: "9.90", "bot:tier": gold, count: 2, reply: null, "sys:firstName": Ann, "sys:email": ann@example.com }
      - user: mail me
      - email: { to: ann@example.com, subject: Hello, text: Hi Ann }
      - bot: Mailed.

  - name: a request that times out runs the fallback
    attributes: { item: cake }
    steps:
      - welcome: true
      - bot: { title: Shop }
      - user: price please
      - bot: No price today.

  - name: a fixture of the test wins over the file's
    attributes: { item: tea }
    http:
      - url: https://api.shop.example/price?item=tea
        status: 500
        body: down
    steps:
      - user: hi
      - user: how much is it
      - bot: No price today.
`;

const failing = `
- name: wrong text
  human: { firstName: Bo }
  steps:
    - user: hi
    - bot: { text: "Hello Bo", quickReplies: [Price, Help] }

- name: passes
  steps:
    - user: hi
    - bot: { title: Shop }

- name: nothing more was sent
  steps:
    - user: hi
    - bot: { title: Shop }
    - bot: Anything else?

- name: not silent
  steps:
    - user: hi
    - user: what
    - silent: true

- name: attribute differs
  attributes: { item: tea }
  steps:
    - user: hi
    - attributes: { item: cake, missing: present }

- name: a request no fixture answers
  attributes: { item: tea }
  steps:
    - user: hi
    - user: what is the price
    - bot: It costs 9.90.
`;

describe.concurrent('parley test', () => {
  const scratch = scratchDir('parley-test-');
  afterAll(() => scratch.remove());
  const definition = scratch.write('shop.json', shop);

  it('passes a tests file that uses every step kind, seeds and fixtures: exit 0 and the summary line', async () => {
    const run = await runParley(['test', '--definition', definition, scratch.write('passing.yaml', passing)]);
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe([
      'ok   every step kind',
      'ok   a request that times out runs the fallback',
      "ok   a fixture of the test wins over the file's",
      '3 passed, 0 failed',
      '',
    ].join('\n'));
    expect(run.code).toBe(0);
  }, 120_000);

  it('prints each failure with the expected and the actual message and exits 1', async () => {
    const file = scratch.write('failing.yaml', failing);
    const run = await runParley(['test', '--definition', definition, file]);
    expect(run.code).toBe(1);
    const out = run.stdout;
    const name = file;
    expect(out).toContain([
      `FAIL wrong text (${name}:2)`,
      `     step 2 (${name}:6): the message differs in text, quickReplies`,
      '       expected: text "Hello Bo" · quickReplies [Price, Help]',
      '       actual:   title "Shop" · text "Hi Bo! Your tier: " · quickReplies [Price] · buttons [Site]',
    ].join('\n'));
    expect(out).toContain('ok   passes\n');
    expect(out).toContain('     step 3 (' + name + ':17): the bot sent no message here\n       expected: text "Anything else?"\n       actual:   no message\n');
    expect(out).toContain('     step 3 (' + name + ':23): the bot was expected to be silent\n       expected: no message\n       actual:   text "Pardon?"\n');
    expect(out).toContain('       item: expected "cake", actual "tea"\n       missing: expected "present", actual absent\n');
    expect(out).toContain([
      `FAIL a request no fixture answers (${name}:31)`,
      `     step 2 (${name}:35): the bot made an HTTP request that no fixture answers (tests run offline; add it under http:)`,
      '       request: GET https://api.shop.example/price?item=tea',
      '     runner: /interactions/1/actions/0: The request to https://api.shop.example/price?item=tea failed: blocked: no HTTP fixture answers GET https://api.shop.example/price?item=tea; tests run offline.',
    ].join('\n'));
    expect(out.endsWith('1 passed, 5 failed\n')).toBe(true);
  }, 120_000);

  it('adds up several tests files in one summary', async () => {
    const one = scratch.write('one.yaml', '- name: a\n  steps: [{ user: hi }, { bot: { title: Shop } }]\n');
    const two = scratch.write('two.yaml', '- name: b\n  steps: [{ user: hi }, { silent: true }]\n');
    const run = await runInProcess(['test', '--definition', definition, one, two]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^ok {3}a\nFAIL b \(.*two\.yaml:1\)\n[\s\S]*\n1 passed, 1 failed\n$/);
  }, 120_000);

  it('refuses a malformed tests file with the place of every problem (exit 2), before running anything', async () => {
    const file = scratch.write('malformed.yaml', [
      '- name: one',
      '  chanel: web',
      '  steps:',
      '    - user: { text: hi, colour: red }',
      '    - bot: { quickReplies: [ok, 3] }',
      '    - wait: a while',
      '    - { user: hi, bot: hi }',
      '  http:',
      '    - { url: "https://x.example", fail: sometimes }',
      '- steps: []',
    ].join('\n'));
    const [run, notYaml, missing] = await Promise.all([
      runParley(['test', '--definition', definition, file]),
      runInProcess(['test', '--definition', definition, scratch.write('broken.yaml', '- name: [unclosed\n')]),
      runInProcess(['test', '--definition', definition, scratch.write('empty.yaml', '[]')]),
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `${file}:2: /0/chanel is not a field here (allowed: name, channel, channels, human, attributes, now, timeZone, http, knowledge, model, steps)`,
      `${file}:4: /0/steps/0/user/colour is not a field here (allowed: text, payload, location, submit, dismiss)`,
      `${file}:5: /0/steps/1/bot/quickReplies/1 must be a string`,
      `${file}:6: /0/steps/2/wait must be a duration such as "30s", "10m", "2h" or "1d"`,
      `${file}:7: /0/steps/3 a step has exactly one of user, bot, delivered, email, wait, attributes, silent, welcome; this one has user, bot`,
      `${file}:9: /0/http/0/fail must be one of timeout, network`,
      `${file}:10: /1 needs "name"`,
      `${file}:10: /1/steps must not be empty`,
    ]);
    expect(notYaml.code).toBe(2);
    expect(notYaml.stderr).toMatch(/broken\.yaml:\d+: not valid YAML/);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('the file has no tests');
  }, 120_000);

  it('takes included bots from --include; exits 1 on an invalid definition and 2 on bad arguments', async () => {
    const faq = scratch.write('faq.json', { name: 'faq', interactions: [{ name: 'hours', intents: [{ name: 'hours', expressions: ['when are you open', 'opening hours'] }], actions: [say('Nine to five.')] }] });
    const front = scratch.write('front.json', { name: 'front', interactions: [{ name: 'hi', intents: ['sys:start'], include: 'faq', actions: [{ execute: 'hours' }] }] });
    const tests = scratch.write('any.yaml', '- name: a\n  steps: [{ user: hi }, { bot: Nine to five. }, { user: opening hours }, { bot: Nine to five. }]\n');
    const [included, invalid, noFile, noDefinition] = await Promise.all([
      runInProcess(['test', '--definition', front, '--include', faq, tests]),
      runInProcess(['test', '--definition', front, tests]),
      runInProcess(['test', '--definition', definition]),
      runInProcess(['test', tests]),
    ]);
    expect(included.stdout).toBe('ok   a\n1 passed, 0 failed\n');
    expect(included.code).toBe(0);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toBe('');
    expect(invalid.stderr).toContain('/interactions/0/include: There is no bot named "faq" to include.');
    expect(invalid.stderr).toContain('give its file with --include FILE');
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('name at least one tests file');
    expect(noDefinition.code).toBe(2);
    expect(noDefinition.stderr).toContain('--definition is required');
  }, 120_000);
});
