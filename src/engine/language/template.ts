// Tag templates: the parsed form of a text field with `{attribute}`, `{datetime:…}` and `{sys:function:…(…)}` tags.
import type { AttributeRef } from './reference.js';

export interface TextNode { kind: 'text'; text: string }
export interface AttributeNode { kind: 'attribute'; ref: AttributeRef }
/** `datetime:<name>` with an optional `(format)` argument. */
export interface DateTimeNode { kind: 'datetime'; name: string; format: TemplateNode[] | null }
/** `sys:function:<name>(arg, …)`; each argument is itself a sequence of nodes. */
export interface CallNode { kind: 'call'; name: string; args: TemplateNode[][] }

export type TemplateNode = TextNode | AttributeNode | DateTimeNode | CallNode;

export interface Template {
  nodes: TemplateNode[];
  /** False when the text has no tags, so rendering is the text itself. */
  hasTags: boolean;
}
