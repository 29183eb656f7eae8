// Arithmetic expressions for evaluate: a tokenizer and a recursive-descent parser (never eval).
import { scanReference, type ValueRef } from '../reference.js';

export type Expr =
  | { kind: 'number'; text: string }
  | { kind: 'variable'; ref: ValueRef }
  | { kind: 'negate'; operand: Expr }
  | { kind: 'binary'; op: BinaryOp; left: Expr; right: Expr };

export type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^';

export const MAX_EXPRESSION_LENGTH = 2000;
/** Parentheses and unary signs nested deeper than this are refused, so the parser's stack stays small. */
export const MAX_EXPRESSION_NESTING = 64;

type Token =
  | { kind: 'number'; text: string }
  | { kind: 'variable'; ref: ValueRef }
  | { kind: 'op'; op: BinaryOp | '(' | ')' };

const OPERATORS = new Set(['+', '-', '*', '/', '%', '^', '(', ')']);

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** Variables are attribute references without hyphens (a hyphen is minus): `price`, `bot:rate`, `cart.items[0].qty`, `list:size`. */
export function tokenize(src: string): Token[] | null {
  const tokens: Token[] = [];
  let pos = 0;
  while (pos < src.length) {
    const c = src[pos]!;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      pos++;
    } else if (isDigit(c) || (c === '.' && isDigit(src[pos + 1]))) {
      const start = pos;
      while (isDigit(src[pos])) pos++;
      if (src[pos] === '.') {
        pos++;
        if (!isDigit(src[pos]) && pos - start === 1) return null;
        while (isDigit(src[pos])) pos++;
      }
      tokens.push({ kind: 'number', text: src.slice(start, pos) });
    } else if (OPERATORS.has(c)) {
      tokens.push({ kind: 'op', op: c as BinaryOp | '(' | ')' });
      pos++;
    } else {
      const scanned = scanReference(src, pos, false);
      if (scanned === null) return null;
      tokens.push({ kind: 'variable', ref: scanned.ref });
      pos = scanned.end;
    }
  }
  return tokens;
}

class ExpressionParser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  parse(): Expr | null {
    const expr = this.sum();
    return expr !== null && this.pos === this.tokens.length ? expr : null;
  }

  private peekOp(): string | undefined {
    const token = this.tokens[this.pos];
    return token?.kind === 'op' ? token.op : undefined;
  }

  private sum(): Expr | null {
    let left = this.product();
    while (left !== null && (this.peekOp() === '+' || this.peekOp() === '-')) {
      const op = this.peekOp() as BinaryOp;
      this.pos++;
      const right = this.product();
      left = right === null ? null : { kind: 'binary', op, left, right };
    }
    return left;
  }

  private product(): Expr | null {
    let left = this.unary();
    while (left !== null && (this.peekOp() === '*' || this.peekOp() === '/' || this.peekOp() === '%')) {
      const op = this.peekOp() as BinaryOp;
      this.pos++;
      const right = this.unary();
      left = right === null ? null : { kind: 'binary', op, left, right };
    }
    return left;
  }

  /** Signs bind looser than `^`, so -2^2 is -4, and `^` takes a signed exponent: 2^-1. */
  private unary(): Expr | null {
    const op = this.peekOp();
    if (op !== '-' && op !== '+') return this.power();
    if (++this.depth > MAX_EXPRESSION_NESTING) return null;
    this.pos++;
    const operand = this.unary();
    this.depth--;
    if (operand === null) return null;
    return op === '-' ? { kind: 'negate', operand } : operand;
  }

  private power(): Expr | null {
    const base = this.primary();
    if (base === null || this.peekOp() !== '^') return base;
    this.pos++;
    if (++this.depth > MAX_EXPRESSION_NESTING) return null;
    const exponent = this.unary();
    this.depth--;
    return exponent === null ? null : { kind: 'binary', op: '^', left: base, right: exponent };
  }

  private primary(): Expr | null {
    const token = this.tokens[this.pos];
    if (token === undefined) return null;
    if (token.kind === 'number') {
      this.pos++;
      return { kind: 'number', text: token.text };
    }
    if (token.kind === 'variable') {
      this.pos++;
      return { kind: 'variable', ref: token.ref };
    }
    if (token.op !== '(') return null;
    if (++this.depth > MAX_EXPRESSION_NESTING) return null;
    this.pos++;
    const inner = this.sum();
    this.depth--;
    if (inner === null || this.peekOp() !== ')') return null;
    this.pos++;
    return inner;
  }
}

/** Parses an expression; null when it is too long, has a syntax error or nests too deeply. */
export function parseExpression(src: string): Expr | null {
  if (src.length > MAX_EXPRESSION_LENGTH) return null;
  const tokens = tokenize(src);
  if (tokens === null || tokens.length === 0) return null;
  return new ExpressionParser(tokens).parse();
}
