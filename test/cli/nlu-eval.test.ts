// `parley nlu eval`: the command trains on a tiny definition, scores labelled cases and prints one JSON object.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const BIN = path.resolve('bin/parley.js');

const definition = {
  name: 'tiny',
  interactions: [
    { name: 'track', intents: [{ name: 'trackOrder', expressions: ['where is my order', 'track my order', 'has my parcel shipped'] }], actions: [] },
    { name: 'hours', intents: [{ name: 'openingHours', expressions: ['when are you open', 'what are your opening hours'] }], actions: [] },
    { name: 'menu', intents: [{ name: 'sys::menu', expressions: ['show me the menu'] }], actions: [] },
    { name: 'fallback', intents: [{ name: 'sys:text', expressions: ['tell me a joke', 'who won the game'] }], actions: [] },
  ],
};

// Every text below is an expression (or one up to case and punctuation), so each result is known without the classifier.
const cases = [
  { text: 'track my order', intent: 'trackOrder' }, // right (exact)
  { text: 'Where is my ORDER?', intent: 'trackOrder' }, // right (normalized)
  { text: 'show me the menu', intent: 'sys::menu' }, // right: the spec's spelling names sys:menu
  { text: 'when are you open', intent: 'trackOrder' }, // wrong intent
  { text: 'Tell me a joke!', intent: null }, // right: a sys:text sample yields no intent
  { text: 'what are your opening hours', intent: null }, // wrong: it yields openingHours
];

describe('parley nlu eval', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-nlu-eval-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, value: unknown) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
    return file;
  };
  const definitionFile = write('definition.json', definition);
  const casesFile = write('cases.json', cases);

  it('prints one JSON object with the figures the issue names', async () => {
    const { stdout } = await run('node', [BIN, 'nlu', 'eval', '--definition', definitionFile, '--cases', casesFile]);
    expect(stdout.trim().split('\n')).toHaveLength(1);
    const report = JSON.parse(stdout) as Record<string, number>;
    expect(Object.keys(report)).toEqual(['inScopeAccuracy', 'outOfScopeRecall', 'cases', 'trainMs', 'classifyP50Us', 'classifyP99Us']);
    expect(report).toMatchObject({ inScopeAccuracy: 0.75, outOfScopeRecall: 0.5, cases: 6 });
    for (const key of ['trainMs', 'classifyP50Us', 'classifyP99Us']) expect(report[key]).toBeGreaterThanOrEqual(0);
    expect(report.classifyP99Us).toBeGreaterThanOrEqual(report.classifyP50Us!);
  });

  it('with --details, prints the most confused pairs after the JSON line', async () => {
    const { stdout } = await run('node', [BIN, 'nlu', 'eval', '--definition', definitionFile, '--cases', casesFile, '--details']);
    const [json, ...rest] = stdout.split('\n');
    expect(JSON.parse(json!)).toMatchObject({ inScopeAccuracy: 0.75, outOfScopeRecall: 0.5, cases: 6 });
    const text = rest.join('\n');
    // Two mistakes, one pair each; the wrong intent and the false intent for a no-intent case.
    expect(text).toContain('The 2 most confused pairs');
    expect(text).toContain('openingHours <-> trackOrder: 1 (0 + 1)');
    expect(text).toContain('"when are you open": expected trackOrder, got openingHours');
    expect(text).toContain('(no intent) <-> openingHours: 1 (1 + 0)');
    expect(text).toContain('"what are your opening hours": expected (no intent), got openingHours');
    expect(text).toMatch(/Intents with the lowest share of their cases right:\n {2}\(no intent\): 1\/2 \(50\.0%\)\n {2}trackOrder: 2\/3 \(66\.7%\)/);
  });

  it('gives null for a fraction without cases to measure it', async () => {
    const { stdout } = await run('node', [BIN, 'nlu', 'eval', '--definition', definitionFile, '--cases', write('in-scope.json', cases.slice(0, 2))]);
    expect(JSON.parse(stdout)).toMatchObject({ inScopeAccuracy: 1, outOfScopeRecall: null, cases: 2 });
  });

  it('explains bad input and exits non-zero', async () => {
    await expect(run('node', [BIN, 'nlu', 'eval', '--definition', definitionFile])).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--cases') });
    await expect(run('node', [BIN, 'nlu', 'eval', '--definition', definitionFile, '--cases', write('bad.json', '[{"text": 3}]')])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('case 0'),
    });
    await expect(run('node', [BIN, 'nlu', 'eval', '--definition', path.join(dir, 'missing.json'), '--cases', casesFile])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('cannot read the definition file'),
    });
  });
});
