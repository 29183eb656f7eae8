// Where a problem's JSON pointer falls in the editor's text, JSON or YAML: the range to select, and its line and column.
import { isMap, isScalar, isSeq, parseDocument, type Range } from 'yaml';

export interface Place {
  start: number;
  end: number;
  /** 1-based, as editors count. */
  line: number;
  column: number;
  /** False when the pointer names what is not there (a missing field): the place is then its nearest container. */
  exact: boolean;
}

/** RFC 6901: `~1` is `/`, `~0` is `~`. */
function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * The place of `pointer` in `text`: a field's key and value, an item of a list, or the document for ''. Null when the
 * text does not parse (its syntax error is the problem then). YAML parses JSON as well, with the same ranges.
 */
export function placeOf(text: string, pointer: string): Place | null {
  const doc = parseDocument(text);
  if (doc.errors.length > 0 || doc.contents === null) return null;
  let node: unknown = doc.contents;
  let range: Range | undefined = doc.contents.range;
  let exact = true;
  for (const segment of segmentsOf(pointer)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (isScalar(p.key) ? String(p.key.value) : String(p.key)) === segment);
      const keyRange = pair !== undefined && isScalar(pair.key) ? pair.key.range : undefined;
      if (pair === undefined || keyRange == null) { exact = false; break; }
      const valueRange = (pair.value as { range?: Range | null } | null)?.range;
      range = [keyRange[0], valueRange?.[1] ?? keyRange[1], valueRange?.[2] ?? keyRange[2]];
      node = pair.value;
    } else if (isSeq(node)) {
      const item = /^(0|[1-9][0-9]*)$/.test(segment) ? node.items[Number(segment)] as { range?: Range | null } | undefined : undefined;
      if (item?.range == null) { exact = false; break; }
      range = item.range;
      node = item;
    } else {
      exact = false;
      break;
    }
  }
  if (range === undefined) return null;
  const before = text.slice(0, range[0]).split('\n');
  return { start: range[0], end: range[1], line: before.length, column: before.at(-1)!.length + 1, exact };
}
