// Types of scripts/compile.mjs, for the tests and benchmarks that compile src/ before running dist/.
/** Where `npm start`'s program is written: dist/ at the repository's root. */
export declare const OUT: string;
/** Compiles src/ into `out` (dist/ by default), replacing what was there; resolves with the milliseconds it took. */
export declare function compile(out?: string): Promise<number>;
/** Compiles only when a source changed since dist/ was written (the stamp in dist/); resolves with whether it compiled. */
export declare function compileIfStale(out?: string): Promise<boolean>;
