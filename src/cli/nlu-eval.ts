// `parley nlu eval --definition FILE --cases FILE`: trains the recognizer on a definition and prints its figures on labelled cases as one JSON object.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { evaluate, nluDefinitionFrom, parseCases } from '../engine/index.js';

const USAGE = 'usage: parley nlu eval --definition FILE --cases FILE';

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

/** Runs the command with the arguments after `nlu eval`; returns the exit code (0 ok, 1 bad input, 2 usage). */
export async function runNluEval(argv: string[]): Promise<number> {
  let definitionPath: string | undefined;
  let casesPath: string | undefined;
  try {
    const { values } = parseArgs({ args: argv, options: { definition: { type: 'string' }, cases: { type: 'string' } }, strict: true });
    definitionPath = values.definition;
    casesPath = values.cases;
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
    process.stdout.write(`${JSON.stringify(evaluate(definition, cases))}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
}
