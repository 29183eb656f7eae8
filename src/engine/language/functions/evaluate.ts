// evaluate(<expression>): decimal arithmetic whose variables are attributes holding numbers or further expressions.
import { Decimal } from 'decimal.js';
import type { LanguageContext } from '../context.js';
import { formatRef } from '../reference.js';
import { resolveRef, type JsonMemo } from '../resolve.js';
import { parseExpression, type BinaryOp, type Expr } from './expression-parser.js';

/** 34 significant digits (IEEE decimal128); results past ±1e1000 count as overflow, not as huge strings. */
const Dec = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -7,
  toExpPos: 21,
  maxE: 1000,
  minE: -1000,
});

/** How many variables deep an expression may reach through other expressions. */
export const MAX_VARIABLE_DEPTH = 16;

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

class EvaluationFailed extends Error {}

function fail(): never {
  throw new EvaluationFailed();
}

/** Parsed expressions by source: a bot evaluates the same few formulas over and over. */
const parsedExpressions = new Map<string, Expr | null>();
const PARSED_LIMIT = 2_000;

function parseCached(src: string): Expr | null {
  const hit = parsedExpressions.get(src);
  if (hit !== undefined) return hit;
  const expr = parseExpression(src);
  if (parsedExpressions.size >= PARSED_LIMIT) parsedExpressions.clear();
  parsedExpressions.set(src, expr);
  return expr;
}

class Evaluator {
  /** Each variable is evaluated once per call, so a = b+b, b = c+c, … stays linear. */
  private readonly values = new Map<string, Decimal>();

  constructor(private readonly ctx: LanguageContext, private readonly memo: JsonMemo | undefined) {}

  text(src: string, stack: readonly string[]): Decimal {
    const expr = parseCached(src);
    if (expr === null) fail();
    return this.expr(expr, stack);
  }

  private expr(expr: Expr, stack: readonly string[]): Decimal {
    switch (expr.kind) {
      case 'number':
        return new Dec(expr.text);
      case 'negate':
        return this.expr(expr.operand, stack).neg();
      case 'variable':
        return this.variable(formatRef(expr.ref), () => resolveRef(expr.ref, this.ctx, this.memo), stack);
      case 'binary':
        return checked(apply(expr.op, this.expr(expr.left, stack), this.expr(expr.right, stack)));
    }
  }

  private variable(key: string, read: () => string | undefined, stack: readonly string[]): Decimal {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    if (stack.includes(key) || stack.length >= MAX_VARIABLE_DEPTH) fail();
    const text = (read() ?? '').trim();
    if (text === '') fail();
    const value = NUMBER.test(text) ? new Dec(text) : this.text(text, [...stack, key]);
    this.values.set(key, value);
    return value;
  }
}

function apply(op: BinaryOp, left: Decimal, right: Decimal): Decimal {
  switch (op) {
    case '+':
      return left.plus(right);
    case '-':
      return left.minus(right);
    case '*':
      return left.times(right);
    case '/':
      if (right.isZero()) fail();
      return left.div(right);
    case '%':
      if (right.isZero()) fail();
      return left.mod(right);
    case '^':
      if (left.isZero() && right.isNegative()) fail();
      return left.pow(right);
  }
}

function checked(value: Decimal): Decimal {
  if (!value.isFinite()) fail();
  return value;
}

/** Renders a decimal like JavaScript renders numbers: plain, exponential only beyond 1e21 or below 1e-7. */
export function formatDecimal(value: Decimal): string {
  return value.isZero() ? '0' : value.toString();
}

/** The result as text, or undefined when the expression is invalid, a variable is missing, or a cycle is found. */
export function evaluateExpression(src: string, ctx: LanguageContext, memo?: JsonMemo): string | undefined {
  try {
    return formatDecimal(new Evaluator(ctx, memo).text(src, []));
  } catch (error) {
    if (error instanceof EvaluationFailed) return undefined;
    if (error instanceof Error && error.message.startsWith('[DecimalError]')) return undefined;
    throw error;
  }
}

export function evaluate(args: readonly string[], ctx: LanguageContext, memo?: JsonMemo): string {
  return args.length === 1 ? evaluateExpression(args[0]!, ctx, memo) ?? '' : '';
}
