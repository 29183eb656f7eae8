// The shape of attribute assignments once normalized, and of the writes computing them produces.
import type { JsonValue } from './json-value.js';
import type { PathSegment } from './json-path.js';
import type { Scope } from './reference.js';

export interface AttributeTarget {
  scope: Scope;
  name: string;
  /** Where inside the attribute's JSON the value goes; non-empty only in embedding mode. */
  path: PathSegment[];
}

export const VALUE_FORMATS = ['json', 'xml', 'text'] as const;
export type ValueFormat = (typeof VALUE_FORMATS)[number];

export interface MultipleValuesSettings {
  singleValueStandalone: boolean;
  delimiter: string;
  prefix: string;
  suffix: string;
  rootElement: string | null;
  valueElement: string | null;
  xmlOptions: Record<string, string>;
}

export const DEFAULT_MULTIPLE_VALUES_SETTINGS: MultipleValuesSettings = Object.freeze({
  singleValueStandalone: true,
  delimiter: ',',
  prefix: '',
  suffix: '',
  rootElement: null,
  valueElement: null,
  xmlOptions: {},
});

/** One attribute to assign, every option resolved (item, then action default, then built-in default). */
export interface AttributeAssignment {
  target: AttributeTarget;
  /** The value as written; null removes the attribute; undefined only together with remove. */
  value: JsonValue | undefined;
  remove: boolean;
  /** Regex (RE2) whose matches in the attribute's current value are replaced by the computed value. */
  replace: string | null;
  process: boolean;
  evaluate: boolean;
  embeddingMode: boolean;
  takeNext: boolean;
  /** Where the array lies inside the value's JSON; null for the value itself. */
  takeNextPath: PathSegment[] | null;
  multipleValues: 'array' | 'object' | null;
  multipleValuesSettings: MultipleValuesSettings;
  format: ValueFormat | null;
}

/** What the runtime must do to attributes. A `sys` write goes to the human record or the conversation. */
export type AttributeWrite =
  | { kind: 'set'; scope: Scope; name: string; value: string }
  | { kind: 'remove'; scope: Scope; name: string };

/** Something that kept an assignment from happening, for the runtime's log. */
export interface AssignmentIssue {
  index: number;
  message: string;
}

export interface AssignmentResult {
  writes: AttributeWrite[];
  issues: AssignmentIssue[];
}
