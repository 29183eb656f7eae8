// The User-Agent outbound requests carry unless a bot definition sets its own: Parley/<package version>.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../code-root.js';

function packageVersion(): string {
  try {
    const pkg: unknown = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8'));
    const version = (pkg as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0'; // a relocated build without package.json still sends a well-formed header
  }
}

export const USER_AGENT = `Parley/${packageVersion()}`;
