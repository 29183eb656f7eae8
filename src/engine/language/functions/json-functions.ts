// embedJson and removeField: edit JSON text at a path without touching any attribute.
import type { LanguageContext } from '../context.js';
import { parsePath, removeAt, setAt } from '../json-path.js';
import { parseJson } from '../json-value.js';
import { attributeOrText, jsonArgument, textArgument } from './arguments.js';

/** embedJson(<sourceJson>,<JSON-path>,<jsonToEmbed>): empty string if an input is not JSON or the path is invalid. */
export function embedJson(args: readonly string[], ctx: LanguageContext): string {
  if (args.length !== 3) return '';
  const source = jsonArgument(args[0], ctx);
  const path = parsePath(textArgument(args[1]));
  const embed = jsonArgument(args[2], ctx);
  if (source === undefined || path === null || embed === undefined) return '';
  const result = setAt(source, path, embed);
  return result === undefined ? '' : JSON.stringify(result);
}

/** removeField(<json>,<JSON-path>): the JSON unchanged if the path is missing or the JSON is invalid. */
export function removeField(args: readonly string[], ctx: LanguageContext): string {
  const given = (args[0] ?? '').trim();
  const direct = parseJson(given);
  const text = direct.ok ? given : attributeOrText(args[0], ctx);
  const source = direct.ok ? direct : parseJson(text);
  if (args.length !== 2 || !source.ok) return text;
  const path = parsePath(textArgument(args[1]));
  if (path === null || path.length === 0) return text;
  const result = removeAt(source.value, path);
  return result === undefined ? text : JSON.stringify(result);
}
