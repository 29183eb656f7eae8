// `parley chat`: a spawned process talked to through stdin, its transcript read from stdout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { runParley, scratchDir } from './run-parley.js';

const say = (text: string) => ({ send: { message: { text } } });

const cafe = {
  name: 'cafe',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'], actions: [{
        send: { message: {
          title: 'Corner Café', text: 'Hi {sys:firstName}!\nWhat would you like?', media: 'https://cdn.cafe.example/logo.png', mediaType: 'image',
          buttons: [{ type: 'weburl', title: 'Website', payload: 'https://cafe.example' }],
          quickReplies: [{ type: 'text', title: 'Coffee', payload: 'COFFEE', execute: 'coffee' }, { type: 'text', title: 'Tea', payload: 'TEA', execute: 'tea' }],
        } },
      }],
    },
    {
      name: 'coffee', intents: [{ name: 'coffee', expressions: ['order coffee', 'i want coffee', 'a coffee please'] }],
      actions: [
        say('One coffee. How many cups?'),
        { waitFor: { data: ['number'], content: 'cups', timeout: '10m', executeOnTimeout: 'late' } },
        say('{cups} cups it is.'),
      ],
    },
    { name: 'tea', actions: [say('Tea time.')] },
    { name: 'late', actions: [say('Still thirsty?')] },
    {
      name: 'cards', intents: [{ name: 'cards', expressions: ['show me the cakes', 'show cakes', 'cakes'] }],
      actions: [{ send: { message: { carousel: [
        { title: 'Lemon cake', description: 'Fresh today', buttons: [{ type: 'postback', title: 'Take it', payload: 'LEMON', execute: 'picked' }] },
        { title: 'Brownie', media: 'https://cdn.cafe.example/brownie.jpg', mediaType: 'image', buttons: [{ type: 'postback', title: 'Take it', payload: 'BROWNIE', execute: 'picked' }] },
      ] } } }],
    },
    { name: 'picked', actions: [say('Picked {sys:payload}.')] },
    { name: 'other', intents: ['sys:text'], actions: [say('Pardon?')] },
  ],
};

const form = {
  name: 'signup',
  interactions: [
    {
      name: 'start', intents: ['sys:start'], actions: [{
        dataCapture: {
          displayMode: 'popup', submitButton: 'Join', dismissButton: 'Later', executeOnSubmit: 'thanks', executeOnDismiss: 'later',
          fields: [
            { type: 'text', attribute: 'name', title: 'Name', required: true },
            { type: 'select', attribute: 'size', title: 'Size', options: ['S', 'M', 'L'], required: true },
            { type: 'checkbox', attribute: 'extras', title: 'Extras', options: ['Milk', 'Sugar', 'Honey'] },
            { type: 'switch', attribute: 'newsletter', title: 'Newsletter' },
          ],
        },
      }],
    },
    { name: 'thanks', actions: [say('Thanks {name}: {size}, {extras}, newsletter {newsletter}.')] },
    { name: 'later', actions: [say('Maybe later then.')] },
  ],
};

describe.concurrent('parley chat', () => {
  const scratch = scratchDir('parley-chat-');
  afterAll(() => scratch.remove());
  const cafeFile = scratch.write('cafe.json', cafe);

  it('renders messages for web chat, turns numbers into taps, and runs the commands', async () => {
    const input = ['1', '2', '3', 'show cakes', '2', '/payload TEA', '/attributes', 'order coffee', '/wait 11m', '/frobnicate', '/quit', 'never read'].join('\n');
    const run = await runParley(['chat', '--definition', cafeFile, '--now', '2025-03-05T10:00:00Z'], { input });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')).toEqual([
      'Chatting with "cafe" on web. /help lists the commands, /quit leaves.',
      // The widget opens the conversation on a first visit: sys:start runs before anything is typed.
      'bot> *Corner Café*',
      '     Hi !',
      '     What would you like?',
      '     [image] https://cdn.cafe.example/logo.png',
      '     [1] Website → https://cafe.example',
      '     [2] Coffee  [3] Tea',
      "     (a weburl button: it opens something on the person's device; nothing is sent to the bot)",
      'bot> One coffee. How many cups?',
      // No options were offered, so "3" is text: the answer to the wait.
      'bot> 3 cups it is.',
      'bot> --- card 1 of 2: Lemon cake',
      '       Fresh today',
      '       [1] Take it',
      '     --- card 2 of 2: Brownie',
      '       [image] https://cdn.cafe.example/brownie.jpg',
      '       [2] Take it',
      'bot> Picked BROWNIE.',
      'bot> Tea time.',
      '  cups = 3',
      'bot> One coffee. How many cups?',
      'bot> Still thirsty?',
      '     (clock: 2025-03-05T10:11:00.000Z)',
      'unknown command /frobnicate; /help lists them',
      '',
    ]);
  }, 120_000);

  it('on a text channel numbers only the answers the bot reads, and passes the number to it', async () => {
    const run = await runParley(['chat', '--definition', cafeFile, '--channel', 'dlc'], { input: 'hello\n2\n' });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain([
      'bot> *Corner Café*',
      '     Hi !',
      '     What would you like?',
      '     [image] https://cdn.cafe.example/logo.png',
      '     - Website → https://cafe.example',
      '     [1] Coffee  [2] Tea',
      'bot> Tea time.',
    ].join('\n'));
  }, 120_000);

  it('asks a web form field by field and sends it back; a problem is explained and the form asked again', async () => {
    const file = scratch.write('form.json', form);
    const input = ['Ann', 'XL', '', '', 'Ann', '3', '1, honey', 'yes', 'x'].join('\n');
    const run = await runParley(['chat', '--definition', file], { input });
    expect(run.code).toBe(0);
    const out = run.stdout;
    expect(out).toContain('bot> [form] Join / Later\n     - Name (text, required)\n     - Size (select, required): S, M, L\n     - Extras (checkbox): Milk, Sugar, Honey\n     - Newsletter (switch)\n');
    expect(out).toContain('  Size (select, required) 1. S  2. M  3. L:\n');
    expect(out).toContain('bot> Size: choose one of S, M, L.');
    expect(out).toContain('bot> Thanks Ann: L, ["Milk","Honey"], newsletter true.');
    expect(out.indexOf('bot> Size: choose one of')).toBeLessThan(out.indexOf('bot> Thanks Ann'));
    // After the form, "x" is a message again: the conversation is idle, the bot has nothing for it.
    expect(out.trimEnd().endsWith('newsletter true.')).toBe(true);
  }, 120_000);

  it('dismisses a form with /dismiss', async () => {
    const file = scratch.write('form2.json', form);
    const run = await runParley(['chat', '--definition', file], { input: 'Ann\n/dismiss\n' });
    expect(run.stdout).toContain('bot> Maybe later then.');
  }, 120_000);

  it('calls HTTP APIs through the guarded client: refused on loopback, allowed when the host is on OUTBOUND_ALLOW_HOSTS', async () => {
    const server = http.createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ state: 'green', path: req.url }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const file = scratch.write('status.json', {
        name: 'status',
        interactions: [
          { name: 'check', intents: ['sys:start'], actions: [
            { send: { request: { url: `http://127.0.0.1:${port}/status/{sys:text}`, response: { state: 'state', path: 'path' }, fallback: 'down' } } },
            say('Status: {state} ({path}).'),
          ] },
          { name: 'down', actions: [say('The status service is down.')] },
        ],
      });
      const [allowed, refused] = await Promise.all([
        runParley(['chat', '--definition', file, '--channel', 'dlc'], { input: 'api\n', env: { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${port}` } }),
        runParley(['chat', '--definition', file, '--channel', 'dlc'], { input: 'api\n', env: { OUTBOUND_ALLOW_HOSTS: '' } }),
      ]);
      expect(allowed.stdout).toContain('bot> Status: green (/status/api).');
      expect(refused.stdout).toContain('bot> The status service is down.');
      expect(refused.stdout).toMatch(/\(!\) \/interactions\/0\/actions\/0: The request to http:\/\/127\.0\.0\.1:\d+\/status\/api failed: blocked/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  }, 120_000);

  it('refuses an invalid definition with its problems (1) and bad arguments with the usage (2)', async () => {
    const broken = scratch.write('broken.json', { name: 'broken', interactions: [{ name: 'a', intents: ['sys:start'], actions: [{ goto: 'nowhere' }] }] });
    const [invalid, channel, missing] = await Promise.all([
      runParley(['chat', '--definition', broken]),
      runParley(['chat', '--definition', cafeFile, '--channel', 'pigeon']),
      runParley(['chat']),
    ]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('/interactions/0/actions/0/goto: "nowhere" does not name');
    expect(channel.code).toBe(2);
    expect(channel.stderr).toContain('--channel must be one of');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--definition is required');
  }, 120_000);
});
