// `parley nlu eval --definition FILE --cases FILE [--details]`: trains the recognizer on a definition and prints its
// figures on labelled cases as one JSON object.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  confusedPairs, nluDefinitionFrom, outcomesOf, parseCases, scoreRecognizer, trainRecognizer, weakestIntents, type Outcome,
} from '../engine/index.js';

const USAGE = 'usage: parley nlu eval --definition FILE --cases FILE [--details]';

async function readJson(path: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new Error(`cannot read the ${what} file ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`the ${what} file ${path} is not JSON: ${(error as Error).message}`);
  }
}

const label = (intent: string | null) => intent ?? '(no intent)';
const quote = (text: string) => JSON.stringify(text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** The human-readable summary `--details` prints after the JSON line: what a bot author reworks first. */
export function detailsText(outcomes: readonly Outcome[]): string {
  const pairs = confusedPairs(outcomes, 10);
  const lines = ['', `The ${pairs.length} most confused pairs (mistakes: A read as B + B read as A):`];
  if (pairs.length === 0) lines.push('  none: every case was answered right');
  pairs.forEach((p, i) => {
    lines.push(`${String(i + 1).padStart(3)}. ${label(p.a)} <-> ${label(p.b)}: ${p.total} (${p.aAsB} + ${p.bAsA})`);
    for (const e of p.examples) {
      lines.push(`       ${quote(e.text)}: expected ${label(e.expected)}, got ${label(e.got)}`);
    }
  });
  const weak = weakestIntents(outcomes, 10);
  if (weak.length > 0) {
    lines.push('', 'Intents with the lowest share of their cases right:');
    for (const w of weak) {
      lines.push(`  ${label(w.intent)}: ${w.right}/${w.cases} (${((100 * w.right) / w.cases).toFixed(1)}%)`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the command with the arguments after `nlu eval`; returns the exit code (0 ok, 1 bad input, 2 usage). */
export async function runNluEval(argv: string[]): Promise<number> {
  let definitionPath: string | undefined;
  let casesPath: string | undefined;
  let details = false;
  try {
    const { values } = parseArgs({
      args: argv,
      options: { definition: { type: 'string' }, cases: { type: 'string' }, details: { type: 'boolean' } },
      strict: true,
    });
    definitionPath = values.definition;
    casesPath = values.cases;
    details = values.details === true;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (definitionPath === undefined || casesPath === undefined) {
    process.stderr.write(`--definition and --cases are required\n${USAGE}\n`);
    return 2;
  }
  try {
    const definition = nluDefinitionFrom(await readJson(definitionPath, 'definition'));
    const cases = parseCases(await readJson(casesPath, 'cases'));
    const start = performance.now();
    const recognizer = trainRecognizer(definition);
    const report = scoreRecognizer(recognizer, cases, performance.now() - start);
    process.stdout.write(`${JSON.stringify(report)}\n`);
    if (details) process.stdout.write(detailsText(outcomesOf(recognizer, cases)));
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}
