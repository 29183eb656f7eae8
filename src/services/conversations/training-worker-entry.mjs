// Entry of a recognizer-training worker thread: loads the TypeScript worker through tsx, as bin/parley.js loads the CLI.
// A `.ts` worker entry with `--import tsx` in execArgv does not work on Node 20 (the entry is read before the hooks
// are registered), so this plain module registers tsx's loader itself, whether or not the parent process has it.
import { register } from 'tsx/esm/api';

register();
await import('./training-worker.ts');
