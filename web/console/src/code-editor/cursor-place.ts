// Where the cursor is in a definition being typed, read from the editor's error-tolerant syntax tree (JSON or YAML):
// the path of fields and list positions down to it, and whether a field's name or its value is being typed there.
import { syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import type { SyntaxNode } from '@lezer/common';
import { allowedAt, type Path } from './schema-walk.js';

export interface CursorPlace {
  path: (string | number)[];
  /** A field's name (`key`) or a value (`value`, under the last segment of `path`). */
  position: 'key' | 'value';
  /** Where the word being typed starts (after an opening quote). */
  from: number;
  /** The word is inside double quotes (JSON, or a quoted YAML scalar). */
  quoted: boolean;
}

const VALUE_NODES = new Set(['Object', 'Array', 'String', 'Number', 'True', 'False', 'Null']);
const unquote = (text: string) => text.replace(/^["']|["']$/g, '');

function childIndex(list: SyntaxNode, pos: number, isItem: (n: SyntaxNode) => boolean): number {
  const items: SyntaxNode[] = [];
  for (let c = list.firstChild; c !== null; c = c.nextSibling) if (isItem(c)) items.push(c);
  const inside = items.findIndex((c) => c.from <= pos && pos <= c.to);
  return inside >= 0 ? inside : items.filter((c) => c.to < pos).length;
}

/** The path from the document down to `node`, for a cursor at `pos`: a pair counts once the cursor is past its name. */
function pathOf(state: EditorState, node: SyntaxNode | null, pos: number): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n = node; n !== null; n = n.parent) {
    if (n.name === 'Property' || n.name === 'Pair') {
      const key = n.getChild(n.name === 'Property' ? 'PropertyName' : 'Key');
      if (key !== null && pos > key.to) path.unshift(unquote(state.sliceDoc(key.from, key.to).trim()));
    } else if (n.name === 'Array') {
      path.unshift(childIndex(n, pos, (c) => VALUE_NODES.has(c.name)));
    } else if (n.name === 'BlockSequence' || n.name === 'FlowSequence') {
      path.unshift(childIndex(n, pos, (c) => c.name === 'Item'));
    }
  }
  return path;
}

/**
 * The start of the word before `pos`: within a JSON string, from its opening quote (names hold blanks: "anything
 * else"); elsewhere, the name characters after the last `: ` or `- ` (a YAML value may hold blanks too).
 */
function wordStart(state: EditorState, pos: number): number {
  const line = state.doc.lineAt(pos);
  const before = line.text.slice(0, pos - line.from);
  const quotes = [...before.matchAll(/(?<!\\)"/g)];
  if (quotes.length % 2 === 1) return line.from + quotes[quotes.length - 1]!.index! + 1;
  const tail = /[\w:.][\w:. -]*$/.exec(before)?.[0] ?? '';
  const word = tail.split(/:\s+|\s-\s+|^-\s+/).pop()!.replace(/^\s+/, '');
  return pos - word.length;
}

export function cursorPlace(state: EditorState, pos: number, format: 'json' | 'yaml'): CursorPlace {
  const from = wordStart(state, pos);
  const quoted = state.sliceDoc(from - 1, from) === '"' || state.sliceDoc(from - 1, from) === '\'';
  // The node the word sits in; for a cursor after blanks, the last thing written before it on its line.
  const line = state.doc.lineAt(pos);
  let at = pos;
  while (at > line.from && /\s/.test(state.sliceDoc(at - 1, at))) at -= 1;
  if (format === 'yaml' && at === line.from) return blankYamlLine(state, pos);
  const node = syntaxTree(state).resolveInner(quoted ? from - 1 : at, -1);
  // Lists are counted from what was last written: a cursor after an item's last character is still in that item.
  const place = quoted ? from - 1 : at;
  if (format === 'json') {
    for (let n: SyntaxNode | null = node; n !== null; n = n.parent) {
      if (n.name === 'PropertyName') return { path: pathOf(state, n.parent?.parent ?? null, place), position: 'key', from, quoted };
      if (n.name === 'Property') {
        const key = n.getChild('PropertyName');
        const afterColon = key !== null && state.sliceDoc(key.to, from).includes(':');
        return { path: pathOf(state, afterColon ? n : n.parent, pos), position: afterColon ? 'value' : 'key', from, quoted };
      }
      if (n.name === 'Object') return { path: pathOf(state, n, place), position: 'key', from, quoted };
      if (n.name === 'Array') return { path: pathOf(state, n, place), position: 'value', from, quoted };
    }
    return { path: [], position: 'key', from, quoted };
  }
  // YAML: a word alone on its line under a field, or alone as a list item where objects go, is a field being named.
  const path = pathOf(state, node, place);
  // (A colon followed by a blank ends a field's name; `sys:start` is one word.)
  const keyOnLine = /^\s*(-\s+)?("[^"]*"?|'[^']*'?|[^\s:#]+(:[^\s:#]+)*:?)?$/.test(line.text.slice(0, pos - line.from));
  if (!keyOnLine) return { path, position: 'value', from, quoted };
  const allowed = allowedAt(path as Path);
  if (allowed.fields.length > 0 || allowed.wantsObject) return { path, position: 'key', from, quoted };
  return { path, position: 'value', from, quoted };
}

/**
 * A YAML line blank up to the cursor: its place is given by the line above it with less indentation. Under
 * `field:` the cursor names a field of that field's value; level with the first field of a list item (`- send:`),
 * a field of that item.
 */
function blankYamlLine(state: EditorState, pos: number): CursorPlace {
  const line = state.doc.lineAt(pos);
  const column = pos - line.from;
  for (let n = line.number - 1; n >= 1; n -= 1) {
    const above = state.doc.line(n);
    const indent = above.text.search(/\S/);
    if (indent < 0 || indent >= column || above.text.trimStart().startsWith('#')) continue;
    const item = /^(\s*-\s+)/.exec(above.text);
    if (item !== null && item[1]!.length === column) {
      const keyStart = above.from + column;
      return { path: pathOf(state, syntaxTree(state).resolveInner(keyStart, 1), keyStart), position: 'key', from: pos, quoted: false };
    }
    const end = above.from + above.text.trimEnd().length;
    return { path: pathOf(state, syntaxTree(state).resolveInner(end, -1), end), position: 'key', from: pos, quoted: false };
  }
  return { path: [], position: 'key', from: pos, quoted: false };
}
