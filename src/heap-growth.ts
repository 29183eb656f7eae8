// How much garbage the server's heap may hold: V8's growing factor, set once as the process starts.
import v8 from 'node:v8';

/**
 * After each full collection V8 lets the old generation grow to a multiple of what survived before it collects again,
 * a multiple it picks from the collector's speed: up to about four when collecting is cheap. A server's survivors are
 * small (70–80 MB in a broadcast) and its garbage plentiful, so a broadcast of 100,000 on SQLite peaked at 423–428 MB
 * of RSS with V8's choice and 288–290 MB at 50 %, delivering as fast (docs/performance.md, eleventh step). Not a cap:
 * the heap still grows to whatever is alive. V8 reads the flag at each full collection, so it holds from the first one
 * after it is set: main.ts sets it before the server's modules load.
 */
export function setHeapGrowing(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
