// The security folder's front door: credential sealing, password hashing, server secrets, constant-time comparison.
export { equalBytes, equalSecrets } from './constant-time.js';
export { hashPassword, verifyPassword } from './passwords.js';
export { SecretBox } from './secret-box.js';
export { loadServerSecrets } from './server-secrets.js';
