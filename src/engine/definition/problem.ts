// Problems found in a definition: where (an RFC 6901 JSON pointer) and what (one sentence).

export interface Problem {
  pointer: string;
  message: string;
}

/** Appends segments to a pointer, escaping `~` and `/` as RFC 6901 requires. */
export function pointerJoin(base: string, ...segments: (string | number)[]): string {
  let out = base;
  for (const segment of segments) out += `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return out;
}

function segmentsOf(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/');
}

function compareSegments(a: string, b: string): number {
  const na = /^\d+$/.test(a) ? Number(a) : NaN;
  const nb = /^\d+$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Location order (array indexes numerically), a parent before its children; duplicates dropped. */
export function orderProblems(problems: readonly Problem[]): Problem[] {
  const seen = new Set<string>();
  const unique = problems.filter((p) => {
    const key = `${p.pointer}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const keyed = unique.map((problem) => ({ problem, segments: segmentsOf(problem.pointer) }));
  keyed.sort((x, y) => {
    const n = Math.min(x.segments.length, y.segments.length);
    for (let i = 0; i < n; i++) {
      const c = compareSegments(x.segments[i]!, y.segments[i]!);
      if (c !== 0) return c;
    }
    return x.segments.length - y.segments.length;
  });
  return keyed.map((k) => k.problem);
}

/** Collects problems during a pass. */
export class ProblemList {
  readonly items: Problem[] = [];

  add(pointer: string, message: string): void {
    this.items.push({ pointer, message });
  }
}
