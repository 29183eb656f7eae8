// Walks a raw (possibly schema-invalid) definition and hands each object of interest to a visitor, with its pointer.
import type { DefinitionFormat } from '../format.js';
import { arrayAt, isObject, objectAt, type RawObject } from '../json-read.js';
import { pointerJoin } from '../problem.js';

export interface LintVisitor {
  interaction?(node: RawObject, pointer: string): void;
  action?(node: RawObject, pointer: string): void;
  send?(node: RawObject, pointer: string): void;
  message?(node: RawObject, pointer: string): void;
  button?(node: RawObject, pointer: string): void;
  quickReply?(node: RawObject, pointer: string): void;
  richCard?(node: RawObject, pointer: string): void;
  request?(node: RawObject, pointer: string): void;
  /** An answer step (docs/knowledge.md). */
  answer?(node: RawObject, pointer: string): void;
  /** A classify step (docs/bot-language.md). */
  classify?(node: RawObject, pointer: string): void;
  dataCapture?(node: RawObject, pointer: string): void;
  waitFor?(node: RawObject, pointer: string): void;
  assignAttributes?(node: RawObject, pointer: string): void;
  updateAttribute?(node: RawObject, pointer: string): void;
  populate?(node: RawObject, pointer: string): void;
  /** Every Condition or Operator object, nested ones included. */
  condition?(node: RawObject, pointer: string): void;
  /** A field naming interactions/workflows/actions to run: the raw value (string, array or other). */
  target?(value: unknown, pointer: string): void;
}

/** Fields holding targets, by the object kind they sit in. */
const TARGET_FIELDS = {
  action: ['execute', 'goto'],
  waitFor: ['executeOnError', 'executeOnTimeout'],
  delay: ['executeOnTimeout'],
  note: ['executeOnError'],
  request: ['fallback'],
  answer: ['fallback'],
  classify: ['fallback', 'among'],
  dataCapture: ['executeOnSubmit', 'executeOnDismiss'],
  startDialog: ['executeOnCancel', 'executeOnBreakOut'],
  validation: ['executeOnError'],
  button: ['execute'],
} as const;

class Walker {
  constructor(private readonly v: LintVisitor) {}

  targets(node: RawObject, pointer: string, fields: readonly string[]): void {
    for (const field of fields) {
      if (Object.hasOwn(node, field) && node[field] !== null) this.v.target?.(node[field], pointerJoin(pointer, field));
    }
  }

  each(node: RawObject, key: string, pointer: string, visit: (item: RawObject, pointer: string) => void): void {
    arrayAt(node, key)?.forEach((item, i) => {
      if (isObject(item)) visit(item, pointerJoin(pointer, key, i));
    });
  }

  child(node: RawObject, key: string, pointer: string, visit: (item: RawObject, pointer: string) => void): void {
    const item = objectAt(node, key);
    if (item !== undefined) visit(item, pointerJoin(pointer, key));
  }

  interaction(node: RawObject, pointer: string): void {
    this.v.interaction?.(node, pointer);
    this.child(node, 'validation', pointer, (n, p) => this.validation(n, p));
    this.each(node, 'actions', pointer, (n, p) => this.action(n, p));
  }

  action(node: RawObject, pointer: string): void {
    this.v.action?.(node, pointer);
    this.targets(node, pointer, TARGET_FIELDS.action);
    this.each(node, 'conditions', pointer, (n, p) => this.condition(n, p));
    this.child(node, 'validation', pointer, (n, p) => this.validation(n, p));
    this.child(node, 'send', pointer, (n, p) => this.send(n, p));
    this.child(node, 'waitFor', pointer, (n, p) => {
      this.v.waitFor?.(n, p);
      this.targets(n, p, TARGET_FIELDS.waitFor);
    });
    this.child(node, 'delay', pointer, (n, p) => this.targets(n, p, TARGET_FIELDS.delay));
    this.child(node, 'startDialog', pointer, (n, p) => this.targets(n, p, TARGET_FIELDS.startDialog));
    this.child(node, 'dataCapture', pointer, (n, p) => {
      this.v.dataCapture?.(n, p);
      this.targets(n, p, TARGET_FIELDS.dataCapture);
      this.child(n, 'populate', p, (m, q) => this.v.populate?.(m, q));
    });
    this.child(node, 'answer', pointer, (n, p) => {
      this.v.answer?.(n, p);
      this.targets(n, p, TARGET_FIELDS.answer);
    });
    this.child(node, 'classify', pointer, (n, p) => {
      this.v.classify?.(n, p);
      this.targets(n, p, TARGET_FIELDS.classify);
    });
    this.child(node, 'assignAttributes', pointer, (n, p) => this.v.assignAttributes?.(n, p));
    this.child(node, 'updateAttribute', pointer, (n, p) => this.v.updateAttribute?.(n, p));
  }

  send(node: RawObject, pointer: string): void {
    this.v.send?.(node, pointer);
    this.child(node, 'message', pointer, (n, p) => this.message(n, p));
    this.child(node, 'note', pointer, (n, p) => this.targets(n, p, TARGET_FIELDS.note));
    this.child(node, 'request', pointer, (n, p) => {
      this.v.request?.(n, p);
      this.targets(n, p, TARGET_FIELDS.request);
    });
    this.child(node, 'populate', pointer, (n, p) => this.v.populate?.(n, p));
  }

  message(node: RawObject, pointer: string): void {
    this.v.message?.(node, pointer);
    this.each(node, 'buttons', pointer, (n, p) => this.button(n, p));
    this.each(node, 'quickReplies', pointer, (n, p) => {
      this.v.quickReply?.(n, p);
      this.targets(n, p, TARGET_FIELDS.button);
    });
    this.each(node, 'carousel', pointer, (n, p) => {
      this.v.richCard?.(n, p);
      this.each(n, 'buttons', p, (b, q) => this.button(b, q));
    });
  }

  button(node: RawObject, pointer: string): void {
    this.v.button?.(node, pointer);
    this.targets(node, pointer, TARGET_FIELDS.button);
  }

  validation(node: RawObject, pointer: string): void {
    this.targets(node, pointer, TARGET_FIELDS.validation);
    this.each(node, 'conditions', pointer, (n, p) => this.condition(n, p));
  }

  condition(node: RawObject, pointer: string): void {
    this.v.condition?.(node, pointer);
    this.each(node, 'and', pointer, (n, p) => this.condition(n, p));
    this.each(node, 'or', pointer, (n, p) => this.condition(n, p));
    this.child(node, 'not', pointer, (n, p) => this.condition(n, p));
  }
}

/** The key holding the interactions (bot format) or workflows (experience format). */
export function interactionsKey(format: DefinitionFormat): 'interactions' | 'workflows' {
  return format === 'bot' ? 'interactions' : 'workflows';
}

export function walkDefinition(root: RawObject, format: DefinitionFormat, visitor: LintVisitor): void {
  const walker = new Walker(visitor);
  walker.each(root, interactionsKey(format), '', (n, p) => walker.interaction(n, p));
}
