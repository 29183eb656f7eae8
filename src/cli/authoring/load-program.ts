// Reading a definition file (and the files of the bots it includes) into a runnable program, or the problems that stop it.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  type BotModel, type BotProgram, buildProgram, describeProblems, includedBotNames, loadIncludedBots,
  validateDefinition,
} from '../../engine/index.js';

/** Something the author must fix before the bot can run: a file that cannot be read, or an invalid definition. */
export class DefinitionError extends Error {
  override name = 'DefinitionError';
}

/** Reads a JSON definition; `.yaml`/`.yml` files are read as YAML, which some authors prefer to write by hand. */
export async function readDefinitionFile(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DefinitionError(`cannot read the definition file ${file}: ${(error as Error).message}`);
  }
  const yaml = /\.ya?ml$/i.test(file);
  try {
    return yaml ? (parseYaml(text) as unknown) : (JSON.parse(text) as unknown);
  } catch (error) {
    throw new DefinitionError(`the definition file ${file} is not ${yaml ? 'YAML' : 'JSON'}: ${(error as Error).message}`);
  }
}

function nameOf(definition: unknown): string | null {
  return definition !== null && typeof definition === 'object' && typeof (definition as { name?: unknown }).name === 'string'
    ? (definition as { name: string }).name
    : null;
}

export interface LoadedBot {
  program: BotProgram;
  model: BotModel;
}

/**
 * Validates the definition in `file` the way the bots API does, with the bots given by `includeFiles`
 * standing in for the account's other bots (found by their `name`), and builds its program.
 */
export async function loadProgram(file: string, includeFiles: readonly string[] = []): Promise<LoadedBot> {
  const definition = await readDefinitionFile(file);
  const others = new Map<string, unknown>();
  for (const includeFile of includeFiles) {
    const other = await readDefinitionFile(includeFile);
    const name = nameOf(other);
    if (name === null) throw new DefinitionError(`the included file ${includeFile} has no "name", so no include can refer to it`);
    others.set(name, other);
  }
  const resolveInclude = await loadIncludedBots(definition, async (name) => others.get(name));
  const result = validateDefinition(definition, { resolveInclude });
  if (!result.ok) {
    const missing = includedBotNames(definition).filter((name) => !others.has(name));
    const hint = missing.length === 0 ? '' : `\n(${missing.map((m) => `"${m}"`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} included: give ${missing.length === 1 ? 'its file' : 'their files'} with --include FILE)`;
    throw new DefinitionError(`${path.basename(file)}: ${describeProblems(result.problems)}${hint}`);
  }
  const included = new Map<string, BotModel>();
  for (const [name, other] of others) {
    const checked = validateDefinition(other, { resolveInclude });
    if (!checked.ok) throw new DefinitionError(`${name} (included): ${describeProblems(checked.problems)}`);
    included.set(name, checked.model);
  }
  return { program: buildProgram(result.model, included), model: result.model };
}
