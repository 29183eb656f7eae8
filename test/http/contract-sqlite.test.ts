// The OpenAPI document against the server's validation, on SQLite (the suite: test/http/contract/suite.ts).
import { contractSuite } from './contract/suite.js';

contractSuite('sqlite');
