// Ends a test run with its slowest files (for keeping CI's run short) and the plain line "N passed, M failed" that CI reads.
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Files listed as the slowest at the end of a run. */
const SLOWEST = 8;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed without a failed test (a beforeAll that threw skips its tests; a file that
      // does not load has none) still counts once, so the line never says 0 failed on a failed run.
      failed += mod.state() === 'failed' && failedHere === 0 ? 1 : failedHere;
    }
    const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
    const slowest = testModules.map((mod) => {
      const d = mod.diagnostic();
      return { file: path.relative(process.cwd(), mod.moduleId), seconds: (d.collectDuration + d.duration) / 1000 };
    }).sort((a, b) => b.seconds - a.seconds).slice(0, SLOWEST);
    const table = slowest.map((s) => `  ${s.seconds.toFixed(1).padStart(7)} s  ${s.file}`).join('\n');
    // Written at exit so it is the run's last line, after Vitest's own summary.
    process.once('exit', () => process.stdout.write(`\nslowest files (import and tests):\n${table}\n\n${line}\n`));
  }
}
