// What the benchmarks' server processes run: dist/ compiled, as `npm start` does; BENCH_PROGRAM=source runs src/ through tsx.
import type { ServerProgram } from '../../test/helpers/child-server.js';

export const SERVER_PROGRAM: ServerProgram = process.env.BENCH_PROGRAM === 'source' ? 'source' : 'compiled';
