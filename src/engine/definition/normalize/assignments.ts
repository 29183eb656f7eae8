// Normalizing assignAttributes and both updateAttribute shapes into one list of attribute assignments.
import { DEFAULT_MULTIPLE_VALUES_SETTINGS, VALUE_FORMATS, type AttributeAssignment, type MultipleValuesSettings } from '../../language/assignment-model.js';
import { parsePath, type PathSegment } from '../../language/json-path.js';
import type { JsonValue } from '../../language/json-value.js';
import { parseReference } from '../../language/reference.js';
import type { DefinitionFormat } from '../format.js';
import { isObject, stringList, type RawObject } from '../json-read.js';
import { json, objects } from './read.js';

/** The item's own field when present (null included), else the action's. */
function pick(item: RawObject, action: RawObject, key: string): unknown {
  if (Object.hasOwn(item, key) && item[key] !== undefined) return item[key];
  return action[key];
}

function boolOr(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function pathOrNull(value: unknown): PathSegment[] | null {
  return typeof value === 'string' ? parsePath(value) : null;
}

function settingsOf(value: unknown): MultipleValuesSettings {
  if (!isObject(value)) return DEFAULT_MULTIPLE_VALUES_SETTINGS;
  const d = DEFAULT_MULTIPLE_VALUES_SETTINGS;
  const xml: Record<string, string> = {};
  if (isObject(value.xmlOptions)) {
    for (const [key, item] of Object.entries(value.xmlOptions)) if (typeof item === 'string') xml[key] = item;
  }
  return {
    singleValueStandalone: boolOr(value.singleValueStandalone, d.singleValueStandalone),
    delimiter: stringOrNull(value.delimiter) ?? d.delimiter,
    prefix: stringOrNull(value.prefix) ?? d.prefix,
    suffix: stringOrNull(value.suffix) ?? d.suffix,
    rootElement: stringOrNull(value.rootElement),
    valueElement: stringOrNull(value.valueElement),
    xmlOptions: xml,
  };
}

/** The item's value when it has one (null included: null removes), else the action's default. */
function valueOf(item: RawObject, action: RawObject): JsonValue | undefined {
  return Object.hasOwn(item, 'value') ? json(item, 'value') : json(action, 'value');
}

/** assignAttributes: `a.b.c` in embedding mode is attribute `a`, path `b.c`; attributes are human scope. */
export function fromAssignAttributes(action: RawObject): AttributeAssignment[] {
  return objects(action, 'attributes').map((item) => {
    const attributePath = stringOrNull(item.attributePath) ?? '';
    const embeddingMode = boolOr(pick(item, action, 'embeddingMode'), false);
    const [name = '', ...rest] = embeddingMode ? attributePath.split('.') : [attributePath];
    const format = stringOrNull(pick(item, action, 'format'));
    const multiple = pick(item, action, 'multipleValues');
    return {
      target: { scope: 'human', name, path: rest.map((key) => ({ kind: 'key', key })) },
      value: valueOf(item, action),
      remove: boolOr(pick(item, action, 'remove'), false),
      replace: stringOrNull(pick(item, action, 'replace')),
      process: boolOr(pick(item, action, 'process'), true),
      evaluate: boolOr(pick(item, action, 'evaluate'), false),
      embeddingMode,
      takeNext: boolOr(pick(item, action, 'takeNext'), false),
      takeNextPath: pathOrNull(pick(item, action, 'takeNextPath')),
      multipleValues: multiple === 'array' || multiple === 'object' ? multiple : null,
      multipleValuesSettings: settingsOf(pick(item, action, 'multipleValuesSettings')),
      format: VALUE_FORMATS.find((f) => f === format) ?? null,
    };
  });
}

/**
 * updateAttribute, in either format. The formats differ in one default: the deprecated bot-format
 * object does not process tags unless told to (process false), the experience one does.
 */
export function fromUpdateAttribute(node: RawObject, format: DefinitionFormat): AttributeAssignment[] {
  // Without a value (allowed in the experience format) the attribute is reset, i.e. removed.
  const value = json(node, 'value') ?? null;
  return stringList(node.attribute).flatMap((attribute) => {
    const ref = parseReference(attribute);
    if (ref === null || ref.kind !== 'attribute') return [];
    return [{
      target: { scope: ref.scope, name: ref.name, path: [] },
      value,
      remove: false,
      replace: stringOrNull(node.replace),
      process: boolOr(node.process, format === 'experience'),
      evaluate: boolOr(node.evaluate, false),
      embeddingMode: false,
      takeNext: boolOr(node.takeNext, false),
      takeNextPath: null,
      multipleValues: null,
      multipleValuesSettings: DEFAULT_MULTIPLE_VALUES_SETTINGS,
      format: null,
    }];
  });
}
