// Property: no input reaches a 500 or hangs, on postgres (the suite is test/http/fuzz/suite.ts; a file per database so the two run side by side).
import { fuzzSuite } from './fuzz/suite.js';

fuzzSuite('postgres');
