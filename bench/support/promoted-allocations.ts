// Loaded into a server with --import: samples, for 15 s from its 8th second, the allocations that outlived the young
// generation (promoted, then freed by a full collection or still alive) and prints them by function to /tmp/promoted-<pid>.txt.
// Run: NODE_OPTIONS="--import tsx --import ./bench/support/promoted-allocations.ts" BENCH_HUMANS=30000 BENCH_DATABASES=sqlite npm run bench -- broadcast
import fs from 'node:fs';
import inspector from 'node:inspector';

interface SampleNode { callFrame: { functionName: string; url: string; lineNumber: number }; selfSize: number; children: SampleNode[] }

function summary(head: SampleNode): string {
  const self = new Map<string, number>();
  let total = 0;
  const walk = (node: SampleNode) => {
    const where = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${node.callFrame.lineNumber}`;
    self.set(where, (self.get(where) ?? 0) + node.selfSize);
    total += node.selfSize;
    node.children.forEach(walk);
  };
  walk(head);
  const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30).map(([where, bytes]) => `${(100 * bytes / total).toFixed(1).padStart(5)} %  ${where}`);
  return [`promoted in 15 s: ${(total / 1e6).toFixed(0)} MB (sampled)`, ...rows, ''].join('\n');
}

// Only the server (the bench's child process) is sampled.
if (process.argv[1]?.includes('child-server-main')) {
  const session = new inspector.Session();
  session.connect();
  setTimeout(() => {
    session.post('HeapProfiler.startSampling', { samplingInterval: 16384, includeObjectsCollectedByMinorGC: false, includeObjectsCollectedByMajorGC: true });
    setTimeout(() => session.post('HeapProfiler.stopSampling', (error, result) => {
      const text = error ? String(error) : summary((result as { profile: { head: SampleNode } }).profile.head);
      fs.writeFileSync(`/tmp/promoted-${process.pid}.txt`, text);
    }), 15_000).unref();
  }, 8000).unref();
}
