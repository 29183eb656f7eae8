// The server's own secrets (JWT signing secret, encryption key): from config, or generated once into the data directory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';

export interface ServerSecrets {
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
}

interface SecretsFile {
  jwtSecret: string;
  encryptionKey: string;
}

function readOrCreate(file: string): SecretsFile {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SecretsFile;
  const created: SecretsFile = {
    jwtSecret: crypto.randomBytes(48).toString('base64url'),
    encryptionKey: crypto.randomBytes(32).toString('base64'),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // 'wx' fails if another process created it first; then we read theirs so both agree.
  try {
    fs.writeFileSync(file, JSON.stringify(created, null, 2), { mode: 0o600, flag: 'wx' });
    return created;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(fs.readFileSync(file, 'utf8')) as SecretsFile;
    throw err;
  }
}

export function loadServerSecrets(config: Config): ServerSecrets {
  const needFile = config.jwtSecret === null || config.encryptionKey === null;
  const file = needFile ? readOrCreate(path.join(config.dataDir, 'secrets.json')) : null;
  return {
    jwtSecret: new TextEncoder().encode(config.jwtSecret ?? file!.jwtSecret),
    encryptionKey: config.encryptionKey ?? Buffer.from(file!.encryptionKey, 'base64'),
  };
}
