// The server's default RBM agent (RBM_AGENT_ID with RBM_SERVICE_ACCOUNT_KEY_FILE), read once at start so a bad key stops the server, not a request.
import fs from 'node:fs';
import { ConfigError, type RbmConfig } from '../../config.js';
import type { RbmAgent } from './rbm-client.js';
import { parseServiceAccountKey, ServiceAccountKeyProblem } from './service-account-key.js';

export function loadDefaultAgent(rbm: RbmConfig): RbmAgent | null {
  if (rbm.agentId === null || rbm.serviceAccountKeyFile === null) return null;
  let json: string;
  try {
    json = fs.readFileSync(rbm.serviceAccountKeyFile, 'utf8');
  } catch (err) {
    throw new ConfigError(`RBM_SERVICE_ACCOUNT_KEY_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'}): ${rbm.serviceAccountKeyFile}`);
  }
  try {
    return { agentId: rbm.agentId, key: parseServiceAccountKey(json, rbm.tokenHosts) };
  } catch (err) {
    if (err instanceof ServiceAccountKeyProblem) throw new ConfigError(`RBM_SERVICE_ACCOUNT_KEY_FILE is not a usable service-account key: ${err.message}`);
    throw err;
  }
}
