// `parley test` on several channels: `channels`, the `delivered` step, partial matching of what a provider receives, and their errors.
import fs from 'node:fs';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { CHANNEL_TYPE_NAMES } from '../../src/channel-types.js';
import { SIMULATED_TYPES } from '../../src/channels/index.js';
import { jsonMismatches } from '../../src/conversation-tests/json-match.js';
import { runTests } from '../../src/cli/test/test-command.js';
import { parseTestsFile, TestsFileError } from '../../src/conversation-tests/tests-file.js';
import { scratchDir } from './run-parley.js';

const bot = {
  name: 'kiosk',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'], actions: [{
        send: { message: {
          text: 'Hi! Pick one.',
          quickReplies: [
            { type: 'text', title: 'Photo', payload: 'PHOTO', execute: 'photo' },
            { type: 'text', title: 'Hours', payload: 'HOURS', execute: 'hours' },
          ],
        } },
      }],
    },
    { name: 'photo', actions: [{ send: { message: { media: 'https://kiosk.example/front.jpg', mediaType: 'image' } } }] },
    { name: 'hours', actions: [{ send: { message: { text: 'Open 9 to 5.' } } }] },
  ],
};

const VOICE_REASON = 'nothing in the message can be spoken: it has no text, title or card text (media, forms and custom JSON are not spoken)';

const scratch = scratchDir('parley-delivered-');
afterAll(() => scratch.remove());
const definition = scratch.write('kiosk.json', bot);

/** Runs `parley test` in this process on a tests file written from `yaml`; its output, and the file's name as reported. */
async function run(yaml: string, bot = definition): Promise<{ code: number; out: string; err: string; file: string }> {
  const file = scratch.write(`t-${Math.random().toString(36).slice(2)}.yaml`, yaml);
  let out = '';
  let err = '';
  const sink = (append: (s: string) => void) => new Writable({ write(chunk, _encoding, done) { append(String(chunk)); done(); } });
  const code = await runTests(['--definition', bot, file], { output: sink((s) => { out += s; }), error: sink((s) => { err += s; }) });
  return { code, out, err, file };
}

/** The problems parseTestsFile reports for a tests file, one per line. */
function problems(yaml: string): string[] {
  try {
    parseTestsFile(yaml, 't.yaml');
  } catch (error) {
    if (error instanceof TestsFileError) return error.message.split('\n');
    throw error;
  }
  return [];
}

describe('partial matching of what a channel receives', () => {
  it('matches the fields a mapping names, lists whole and in order, null as none, and scalars exactly', () => {
    const actual = { kind: 'x', messages: [{ type: 'text', text: { body: 'Hi', preview_url: false } }, { type: 'image', caption: null }], count: 15 };
    expect(jsonMismatches({ messages: [{ text: { body: 'Hi' } }, { type: 'image' }] }, actual)).toEqual([]);
    expect(jsonMismatches({ messages: [{}, { caption: null, header: null }] }, actual)).toEqual([]);
    expect(jsonMismatches({ count: 15 }, actual)).toEqual([]);
    expect(jsonMismatches({ messages: [{ type: 'text' }] }, actual)).toEqual([{ at: '/messages', expected: 'a list of 1 item', actual: 'a list of 2 items' }]);
    expect(jsonMismatches({ count: '15', kind: null, missing: 'a', messages: [{ text: 'Hi' }, {}] }, actual)).toEqual([
      { at: '/count', expected: '"15"', actual: '15' },
      { at: '/kind', expected: 'null (none)', actual: '"x"' },
      { at: '/missing', expected: '"a"', actual: 'absent' },
      { at: '/messages/0/text', expected: '"Hi"', actual: '{"body":"Hi","preview_url":false}' },
    ]);
    expect(jsonMismatches({ 'a/b': { '~': [1] } }, { 'a/b': { '~': 1 } })).toEqual([{ at: '/a~1b/~0', expected: 'a list of 1 item', actual: '1' }]);
    expect(jsonMismatches('Hi\nthere', 'Hi there')).toEqual([{ at: '(top)', expected: '"Hi\\nthere"', actual: '"Hi there"' }]);
    expect(jsonMismatches({ a: 1 }, [1])).toEqual([{ at: '(top)', expected: 'a mapping', actual: 'a list of 1 item' }]);
  });
});

describe.concurrent('parley test on several channels', () => {
  it('runs a test once per channel it lists, each reported with its channel; a test with `channel` keeps its name', async () => {
    const { code, out, err } = await run(`
- name: greets
  channels: [web, dlc, wha]
  steps:
    - user: hi
    - bot: { text: Hi! Pick one., quickReplies: [Photo, Hours] }
- name: on SMS alone
  channel: dlc
  steps:
    - user: hi
    - user: "2"
    - bot: Open 9 to 5.
`);
    expect(err).toBe('');
    expect(out).toBe([
      'ok   greets (on web)', 'ok   greets (on dlc)', 'ok   greets (on wha)', 'ok   on SMS alone', '4 passed, 0 failed', '',
    ].join('\n'));
    expect(code).toBe(0);
  });

  it('checks what each channel receives: a text, fields matched in part, and a reason it cannot show the message', async () => {
    const { code, out } = await run(`
- name: shows
  channels: [web, dlc, dsc, rcs, fb, twr, alx, wha]
  steps:
    - user: hi
    - delivered:
        web: { text: Hi! Pick one., quickReplies: [{ title: Photo, payload: PHOTO }, { title: Hours }] }
        dlc: "Hi! Pick one.\\n\\n1. Photo\\n2. Hours"
        wha: { messages: [{ type: interactive, interactive: { type: button, action: { buttons: [{ reply: { id: PHOTO } }, { reply: { title: Hours } }] } } }] }
        alx: { speech: { text: "Hi! Pick one. You can say: Photo or Hours." }, card: null }
    - user: Photo
    - delivered:
        alx: { cannotShow: "${VOICE_REASON}" }
        dsc: https://kiosk.example/front.jpg
`);
    expect(out).not.toContain('FAIL');
    expect(out).toMatch(/^8 passed, 0 failed$/m);
    expect(code).toBe(0);
  });

  it('shows where what a channel receives differs, expected against actual, and all it received as YAML', async () => {
    const { code, out, file } = await run(`
- name: wrong buttons
  channels: [wha, dlc]
  steps:
    - user: hi
    - delivered:
        wha: { messages: [{ interactive: { type: list, action: { buttons: [{ reply: { title: Photos } }, { reply: { title: Hours } }] } } }] }
        dlc: "Hi! Pick one.\\n1. Photo\\n2. Hours"
`);
    expect(code).toBe(1);
    expect(out).toContain([
      `FAIL wrong buttons (on wha) (${file}:2)`,
      `     step 2 (${file}:6): what wha receives differs in 2 places`,
      '       at /messages/0/interactive/type',
      '         expected: "list"',
      '         actual:   "button"',
      '       at /messages/0/interactive/action/buttons/0/reply/title',
      '         expected: "Photos"',
      '         actual:   "Photo"',
      '       wha receives:',
      '         kind: whatsapp',
      '         messages:',
      '           - type: interactive',
      '             interactive:',
      '               type: button',
      '               body:',
      '                 text: Hi! Pick one.',
      '               action:',
      '                 buttons:',
      '                   - type: reply',
      '                     reply:',
      '                       id: PHOTO',
      '                       title: Photo',
      '                   - type: reply',
      '                     reply:',
      '                       id: HOURS',
      '                       title: Hours',
      `FAIL wrong buttons (on dlc) (${file}:2)`,
      `     step 2 (${file}:6): what dlc receives differs at /text`,
      '       expected: "Hi! Pick one.\\n1. Photo\\n2. Hours"',
      '       actual:   "Hi! Pick one.\\n\\n1. Photo\\n2. Hours"',
      '       dlc receives:',
      '         kind: sms',
      '         text: |-',
      '           Hi! Pick one.',
      '',
      '           1. Photo',
      '           2. Hours',
      '         segments: 1',
      '         encoding: GSM-7',
      '0 passed, 2 failed',
    ].join('\n'));
  });

  it('fails where a channel cannot show a message the step expects it to, and where it can but the step says it cannot', async () => {
    const { code, out, file } = await run(`
- name: voice and a photo
  channels: [alx]
  steps:
    - user: hi
    - user: Photo
    - delivered: {}
- name: voice, expected to speak
  channels: [alx]
  steps:
    - user: hi
    - user: Photo
    - delivered: { alx: { speech: { text: A photo } } }
- name: voice, another reason
  channels: [alx]
  steps:
    - user: hi
    - user: Photo
    - delivered: { alx: { cannotShow: it is a photo } }
- name: voice, it speaks
  channels: [alx, wha]
  steps:
    - user: hi
    - user: Hours
    - delivered: { alx: { cannotShow: it is a photo } }
- name: a text for a view without one
  channels: [wha]
  steps:
    - user: hi
    - user: Hours
    - delivered: { wha: Open 9 to 5. }
- name: nothing left
  channels: [web]
  steps:
    - user: hi
    - delivered: { web: Hi! Pick one. }
    - delivered: {}
`);
    expect(code).toBe(1);
    expect(out).toContain([
      `FAIL voice and a photo (on alx) (${file}:2)`,
      `     step 3 (${file}:7): alx cannot show this message, and the step does not expect that`,
      `       reason: ${VOICE_REASON}`,
      `       (where a channel cannot show a message, the step says so: alx: { cannotShow: "${VOICE_REASON}" })`,
      `FAIL voice, expected to speak (on alx) (${file}:8)`,
      `     step 3 (${file}:13): alx cannot show this message`,
      '       expected: {"speech":{"text":"A photo"}}',
      `       actual:   cannot show it: "${VOICE_REASON}"`,
      `FAIL voice, another reason (on alx) (${file}:14)`,
      `     step 3 (${file}:19): alx cannot show this message, for another reason`,
      '       expected: "it is a photo"',
      `       actual:   "${VOICE_REASON}"`,
      `FAIL voice, it speaks (on alx) (${file}:20)`,
      `     step 3 (${file}:25): alx shows this message, and the step expects it cannot`,
      '       expected: cannot show it: "it is a photo"',
      '       actual:   shown',
      '       alx receives:',
      '         kind: voice',
      '         speech:',
      '           type: PlainText',
      '           text: Open 9 to 5.',
      '         card: null',
      'ok   voice, it speaks (on wha)',
      `FAIL a text for a view without one (on wha) (${file}:26)`,
      `     step 3 (${file}:31): a text alone stands for the text wha receives, and wha receives no text field: write a mapping of what it receives`,
      '       wha receives:',
      '         kind: whatsapp',
      '         messages:',
      '           - type: text',
      '             text:',
      '               body: Open 9 to 5.',
      '               preview_url: false',
      `FAIL nothing left (on web) (${file}:32)`,
      `     step 3 (${file}:37): the bot sent no message here`,
      '       expected: a message web receives',
      '       actual:   no message',
      '1 passed, 6 failed',
    ].join('\n'));
  });
});

describe('docs/authoring.md', () => {
  it('shows a test on every channel that passes against examples/every-channel', async () => {
    const doc = fs.readFileSync('docs/authoring.md', 'utf8');
    const section = doc.slice(doc.indexOf('## Every channel'));
    const yaml = /```yaml\n([\s\S]*?)```/.exec(section)![1]!;
    const { code, out } = await run(yaml, 'examples/every-channel/bot.json');
    expect(out).toMatch(/^ok {3}greets with three choices \(on wha\)$/m);
    expect(out).toMatch(/^8 passed, 0 failed$/m);
    expect(code).toBe(0);
  });
});

describe('a tests file with channels and delivered steps', () => {
  it('accepts every channel type Parley renders a view of, so a new channel view can be checked as soon as it exists', () => {
    const types = ['web', ...SIMULATED_TYPES];
    const yaml = `- name: all\n  channels: [${types.join(', ')}]\n  steps:\n    - user: hi\n    - delivered:\n${types.map((t) => `        ${t}: { kind: any }`).join('\n')}\n`;
    expect(problems(yaml)).toEqual([]);
    const [test] = parseTestsFile(yaml, 't.yaml');
    expect(test!.channels).toEqual(types);
  });

  it('reports every problem with its line and path', () => {
    const noView = CHANNEL_TYPE_NAMES.filter((t) => t !== 'web' && !SIMULATED_TYPES.has(t));
    const named = CHANNEL_TYPE_NAMES.filter((t) => t === 'web' || SIMULATED_TYPES.has(t)).join(', ');
    expect(noView).toContain('sky');
    expect(problems([
      '- name: both',
      '  channel: web',
      '  channels: [web]',
      '  steps: [{ user: hi }]',
      '- name: twice and unknown',
      '  channels: [web, dlc, web, fax]',
      '  steps: [{ user: hi }]',
      '- name: steps',
      '  channels: [web, dlc, alx]',
      '  steps:',
      '    - delivered: hello',
      '    - delivered:',
      '        fax: hi',
      '        sky: hi',
      '        wha: hi',
      '        dlc: 160',
      '        alx: [hi]',
      '    - delivered:',
      '        web: { cannotShow: never }',
      '        dlc: { cannotShow: 3 }',
      '        alx: { cannotShow: silence, speech: {} }',
      '    - delivered: { dlc: {} }',
      '- name: empty list',
      '  channels: []',
      '  steps: [{ user: hi }]',
    ].join('\n'))).toEqual([
      't.yaml:3: /0/channels a test runs on one channel (channel) or on several (channels), not both',
      't.yaml:6: /1/channels/2 names web a second time',
      't.yaml:6: /1/channels/3 must be one of dsc, dlc, fb, twr, alx, web, rcs, wha, tlg, sky, slk',
      't.yaml:11: /2/steps/0/delivered must be a mapping',
      't.yaml:13: /2/steps/1/delivered/fax is not a channel type (one of dsc, dlc, fb, twr, alx, web, rcs, wha, tlg, sky, slk)',
      `t.yaml:14: /2/steps/1/delivered/sky cannot be checked: Parley renders nothing of what sky channels receive yet (a step may name ${named})`,
      't.yaml:15: /2/steps/1/delivered/wha names a channel this test does not run on (it runs on web, dlc, alx)',
      't.yaml:16: /2/steps/1/delivered/dlc must be a text: write it in quotes, "160"',
      't.yaml:17: /2/steps/1/delivered/alx must be a text (the text the channel receives), a mapping of fields it receives, or { cannotShow: reason }',
      't.yaml:19: /2/steps/2/delivered/web/cannotShow web chat shows every message: cannotShow is for channels that give a reason not to',
      't.yaml:20: /2/steps/2/delivered/dlc/cannotShow must be a text: the reason the channel gives for not showing the message',
      't.yaml:21: /2/steps/2/delivered/alx cannotShow goes alone (a channel that cannot show the message receives none of it); remove speech',
      't.yaml:22: /2/steps/3/delivered/dlc must not be empty (leave the channel out of the step to check only that it shows the message)',
      't.yaml:24: /3/channels must not be empty',
    ]);
  });
});
