#!/usr/bin/env node
// The `parley` command: loads the TypeScript CLI through tsx, so the source is the program.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
