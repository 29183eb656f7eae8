// `parley test --coverage`: which of the definition's own interactions the tests entered and which actions ran, and
// which interactions nothing can reach (no intent, expression or keyword leads to them, and no reachable one names them).
import { targetsUnder, type BotProgram } from '../engine/index.js';

export interface CoverageReport {
  interactions: { total: number; entered: number };
  actions: { total: number; run: number };
  /** Interactions the tests never entered (reachable or not), by name or pointer. */
  notEntered: { label: string; pointer: string; reachable: boolean }[];
  /** Actions of entered interactions that never ran (a condition never held, a channel never tested, a branch not taken). */
  notRun: string[];
}

/** The value at a JSON pointer of the raw definition. */
function at(definition: unknown, pointer: string): unknown {
  let node = definition;
  for (const part of pointer.split('/').slice(1)) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}

/** Own interactions reachable from an entry point (an intent, an expression, a keyword, the welcome) through targets. */
function reachable(program: BotProgram, definition: unknown, own: number): Set<number> {
  const seen = new Set<number>();
  const queue: number[] = [];
  const reach = (index: number | undefined) => {
    if (index === undefined || seen.has(index)) return;
    seen.add(index);
    queue.push(index);
  };
  program.interactions.forEach((i, index) => {
    if (i.intents.length > 0 || i.expressions.length > 0 || i.keywords.length > 0) reach(index);
  });
  if (program.welcomeExecute !== null) reach(program.resolve(program.welcomeExecute)?.interaction);
  while (queue.length > 0) {
    const index = queue.shift()!;
    // Included bots' interactions are reached as wholes: their own files are not read here.
    if (index >= own) continue;
    for (const target of targetsUnder(at(definition, program.interactions[index]!.pointer))) reach(program.resolve(target)?.interaction);
  }
  return seen;
}

/** The report over every test run of the file; `definition` is the raw definition the program was built from. */
export function coverageOf(program: BotProgram, definition: unknown, ownInteractions: number, visited: ReadonlySet<string>): CoverageReport {
  const own = program.interactions.slice(0, ownInteractions);
  const reached = reachable(program, definition, ownInteractions);
  const actions = own.flatMap((i) => i.actions.map((a) => a.pointer));
  const entered = own.filter((i) => visited.has(i.pointer));
  return {
    interactions: { total: own.length, entered: entered.length },
    actions: { total: actions.length, run: actions.filter((p) => visited.has(p)).length },
    notEntered: own.flatMap((i, index) => (visited.has(i.pointer) ? [] : [{ label: i.name === null ? i.pointer : `"${i.name}"`, pointer: i.pointer, reachable: reached.has(index) }])),
    notRun: entered.flatMap((i) => i.actions.filter((a) => !visited.has(a.pointer)).map((a) => a.pointer)),
  };
}

/** The report as the command prints it. */
export function coverageLines(report: CoverageReport): string[] {
  const percent = (part: number, whole: number) => (whole === 0 ? '100' : Math.floor((part / whole) * 100).toString());
  const lines = [
    `coverage: ${report.interactions.entered} of ${report.interactions.total} interactions entered (${percent(report.interactions.entered, report.interactions.total)} %), `
      + `${report.actions.run} of ${report.actions.total} actions run (${percent(report.actions.run, report.actions.total)} %)`,
  ];
  for (const n of report.notEntered) {
    lines.push(n.reachable ? `  not entered: ${n.label} (${n.pointer})` : `  unreachable: ${n.label} (${n.pointer}): no intent, expression or keyword leads to it, and nothing reachable names it`);
  }
  for (const pointer of report.notRun) lines.push(`  not run: ${pointer}`);
  return lines;
}
