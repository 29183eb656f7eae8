// `parley test --definition FILE [--include FILE …] [--coverage] TESTS.yaml …`: runs conversation tests and prints each
// failure and a summary line (and, asked, what the tests exercised of the definition).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config.js';
import { DefinitionError, loadProgram, readDefinitionFile } from '../authoring/load-program.js';
import { coverageLines, coverageOf } from '../../conversation-tests/coverage.js';
import { runTest, type TestOutcome } from '../../conversation-tests/run-test.js';
import { parseTestsFile, TestsFileError, type ConversationTest } from '../../conversation-tests/tests-file.js';

const USAGE = 'usage: parley test --definition FILE [--include FILE …] [--coverage] TESTS.yaml [MORE.yaml …]';

export interface TestIo {
  output: Writable;
  error: Writable;
}

interface Suite {
  file: string;
  tests: ConversationTest[];
}

function report(outcome: TestOutcome, file: string, out: (line: string) => void): void {
  const { test, label, failure } = outcome;
  if (failure === null) {
    out(`ok   ${label}`);
    return;
  }
  out(`FAIL ${label} (${file}:${test.line})`);
  out(`     step ${failure.step} (${file}:${failure.line}): ${failure.lines[0]}`);
  // A blank line of a multi-line text stays blank: no trailing spaces.
  for (const line of failure.lines.slice(1)) out(line === '' ? '' : `     ${line}`);
  for (const issue of outcome.issues) out(`     runner: ${issue.pointer === '' ? '' : `${issue.pointer}: `}${issue.message}`);
}

/** A file as the person named it, relative to where they are when it is below there. */
function displayName(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? file : relative;
}

async function readSuites(files: readonly string[]): Promise<Suite[]> {
  const suites: Suite[] = [];
  for (const file of files) {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch (error) {
      throw new TestsFileError(`cannot read the tests file ${file}: ${(error as Error).message}`);
    }
    const shown = displayName(file);
    suites.push({ file: shown, tests: parseTestsFile(source, shown) });
  }
  return suites;
}

/** Runs the command with the arguments after `test`; the exit code: 0 all passed, 1 a test failed or the definition is invalid, 2 usage or a malformed tests file. */
export async function runTests(argv: string[], io: TestIo = { output: process.stdout, error: process.stderr }): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { definition: { type: 'string' }, include: { type: 'string', multiple: true }, coverage: { type: 'boolean' } },
    }));
  } catch (error) {
    io.error.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.definition === undefined || positionals.length === 0) {
    io.error.write(`${values.definition === undefined ? '--definition is required' : 'name at least one tests file'}\n${USAGE}\n`);
    return 2;
  }
  let suites: Suite[];
  try {
    suites = await readSuites(positionals);
  } catch (error) {
    if (!(error instanceof TestsFileError)) throw error;
    io.error.write(`${error.message}\n`);
    return 2;
  }
  let program;
  let ownInteractions;
  try {
    ({ program, model: { interactions: { length: ownInteractions } } } = await loadProgram(values.definition, values.include ?? []));
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    io.error.write(`${error.message}\n`);
    return 1;
  }
  const timeZone = loadConfig().botTimeZone;
  const out = (line: string) => io.output.write(`${line}\n`);
  let passed = 0;
  let failed = 0;
  const visited = new Set<string>();
  for (const suite of suites) {
    for (const test of suite.tests) {
      for (const channel of test.channels) {
        const outcome = await runTest(program, test, channel, timeZone);
        report(outcome, suite.file, out);
        if (outcome.failure === null) passed += 1;
        else failed += 1;
        for (const pointer of outcome.visited) visited.add(pointer);
      }
    }
  }
  out(`${passed} passed, ${failed} failed`);
  if (values.coverage === true) {
    const report = coverageOf(program, await readDefinitionFile(values.definition), ownInteractions, visited);
    for (const line of coverageLines(report)) out(line);
  }
  return failed > 0 ? 1 : 0;
}
