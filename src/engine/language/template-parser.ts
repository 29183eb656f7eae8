// The tag parser: a single left-to-right pass with bounded backtracking; text that is not a valid tag stays literal.
import { FUNCTION_PREFIX, scanIdent, scanReference } from './reference.js';
import type { Template, TemplateNode } from './template.js';

/** Tags nested deeper than this (a function argument holding a tag holding …) are not tags. */
export const MAX_TAG_DEPTH = 16;

type Attempt = { node: TemplateNode; end: number } | null;

const OPENERS: Record<string, string> = { '(': ')', '[': ']', '{': '}' };

/**
 * Grammar (see docs/bot-language.md for the EBNF): a `{` starts a tag only when what follows is a
 * complete tag body and its closing `}`; otherwise the `{` is literal text. Backslashes are special
 * only in front of `{` or `}`: 2n backslashes give n backslashes, 2n+1 give n and a literal brace.
 */
class TemplateParser {
  private readonly attempts = new Map<number, Attempt>();
  private depth = 0;
  /**
   * Characters tag attempts may scan in all. Backtracking over text full of unclosed `{…(` could
   * otherwise take quadratic time; once spent, the rest of the text is literal.
   */
  private budget: number;

  constructor(private readonly src: string) {
    this.budget = 10_000 + 20 * src.length;
  }

  parse(): Template {
    const out = new NodeBuilder();
    let pos = 0;
    const src = this.src;
    while (pos < src.length) {
      const c = src.charCodeAt(pos);
      if (c === 92 /* \ */) {
        pos = this.backslashes(pos, out);
      } else if (c === 123 /* { */) {
        const attempt = this.tag(pos);
        if (attempt === null) {
          out.text('{');
          pos++;
        } else {
          out.node(attempt.node);
          pos = attempt.end;
        }
      } else {
        const next = nextSpecial(src, pos);
        out.text(src.slice(pos, next));
        pos = next;
      }
    }
    return { nodes: out.built, hasTags: out.tags > 0 };
  }

  /** Handles a run of backslashes at pos; returns the position after what it consumed. */
  private backslashes(pos: number, out: NodeBuilder): number {
    let end = pos;
    while (this.src.charCodeAt(end) === 92) end++;
    const count = end - pos;
    const next = this.src[end];
    if (next !== '{' && next !== '}') {
      out.text(this.src.slice(pos, end));
      return end;
    }
    out.text('\\'.repeat(count >> 1));
    if (count % 2 === 1) {
      out.text(next);
      return end + 1;
    }
    return end;
  }

  /** Tries to read a tag whose `{` is at pos. Results are memoized: a position parses the same way every time. */
  private tag(pos: number): Attempt {
    const known = this.attempts.get(pos);
    if (known !== undefined) return known;
    if (this.depth >= MAX_TAG_DEPTH || this.budget <= 0) return null;
    this.depth++;
    const attempt = this.tagBody(pos + 1);
    this.depth--;
    this.attempts.set(pos, attempt);
    return attempt;
  }

  private tagBody(start: number): Attempt {
    const src = this.src;
    let pos = skipBlanks(src, start);
    let node: TemplateNode;
    if (src.startsWith(FUNCTION_PREFIX, pos)) {
      const nameStart = pos + FUNCTION_PREFIX.length;
      const nameEnd = scanIdent(src, nameStart);
      if (nameEnd < 0) return null;
      pos = nameEnd;
      let args: TemplateNode[][] = [];
      if (src[pos] === '(') {
        const parsed = this.args(pos + 1);
        if (parsed === null) return null;
        args = parsed.args;
        pos = parsed.end;
      }
      node = { kind: 'call', name: src.slice(nameStart, nameEnd), args };
    } else {
      const scanned = scanReference(src, pos);
      if (scanned === null) return null;
      pos = scanned.end;
      if (scanned.ref.kind === 'datetime') {
        let format: TemplateNode[] | null = null;
        if (src[pos] === '(') {
          const parsed = this.args(pos + 1);
          if (parsed === null || parsed.args.length > 1) return null;
          format = parsed.args[0] ?? [];
          pos = parsed.end;
        }
        node = { kind: 'datetime', name: scanned.ref.name, format };
      } else {
        node = { kind: 'attribute', ref: scanned.ref };
      }
    }
    pos = skipBlanks(src, pos);
    if (src[pos] !== '}') return null;
    return { node, end: pos + 1 };
  }

  /**
   * Reads arguments after `(` up to the matching `)`. Commas split arguments only outside double
   * quotes and outside (), [] and non-tag {} groups, so JSON and expressions pass through whole.
   */
  private args(start: number): { args: TemplateNode[][]; end: number } | null {
    const src = this.src;
    const args: TemplateNode[][] = [];
    let out = new NodeBuilder();
    const stack: string[] = [];
    let inString = false;
    let pos = start;
    while (pos < src.length) {
      if (--this.budget <= 0) return null;
      const c = src[pos]!;
      if (c === '\\') {
        const next = src[pos + 1];
        if (next === '{' || next === '}' || next === '\\') {
          pos = this.backslashes(pos, out);
        } else if (inString && next !== undefined) {
          out.text(c + next);
          pos += 2;
        } else {
          out.text(c);
          pos++;
        }
        continue;
      }
      if (c === '{') {
        const attempt = this.tag(pos);
        if (attempt !== null) {
          out.node(attempt.node);
          pos = attempt.end;
          continue;
        }
        if (!inString) stack.push('}');
        out.text(c);
        pos++;
        continue;
      }
      if (c === '"') {
        inString = !inString;
      } else if (!inString) {
        if (c === ',' && stack.length === 0) {
          args.push(out.trimmed());
          out = new NodeBuilder();
          pos++;
          continue;
        }
        if (c === ')' && stack.length === 0) {
          const last = out.trimmed();
          if (last.length > 0 || args.length > 0) args.push(last);
          return { args, end: pos + 1 };
        }
        const closer = OPENERS[c];
        if (closer !== undefined) stack.push(closer);
        else if (c === ')' || c === ']' || c === '}') {
          if (stack.pop() !== c) return null;
        }
      }
      out.text(c);
      pos++;
    }
    return null;
  }
}

/** Collects nodes, merging adjacent text. */
class NodeBuilder {
  private readonly nodes: TemplateNode[] = [];
  tags = 0;
  private pending = '';

  text(text: string): void {
    this.pending += text;
  }

  node(node: TemplateNode): void {
    this.flush();
    this.nodes.push(node);
    this.tags++;
  }

  private flush(): void {
    if (this.pending !== '') this.nodes.push({ kind: 'text', text: this.pending });
    this.pending = '';
  }

  get built(): TemplateNode[] {
    this.flush();
    return this.nodes;
  }

  /** The nodes with blanks trimmed from the start of the first and the end of the last text. */
  trimmed(): TemplateNode[] {
    const nodes = this.built;
    const first = nodes[0];
    if (first?.kind === 'text') {
      const text = first.text.trimStart();
      if (text === '') nodes.shift();
      else nodes[0] = { kind: 'text', text };
    }
    const last = nodes[nodes.length - 1];
    if (last?.kind === 'text') {
      const text = last.text.trimEnd();
      if (text === '') nodes.pop();
      else nodes[nodes.length - 1] = { kind: 'text', text };
    }
    return nodes;
  }
}

function nextSpecial(src: string, pos: number): number {
  let i = pos;
  while (i < src.length) {
    const c = src.charCodeAt(i);
    if (c === 123 || c === 92) return i;
    i++;
  }
  return i;
}

function skipBlanks(src: string, pos: number): number {
  let i = pos;
  while (i < src.length && (src[i] === ' ' || src[i] === '\t' || src[i] === '\n' || src[i] === '\r')) i++;
  return i;
}

export function parseTemplate(src: string): Template {
  if (!src.includes('{') && !src.includes('\\')) {
    return { nodes: src === '' ? [] : [{ kind: 'text', text: src }], hasTags: false };
  }
  return new TemplateParser(src).parse();
}
