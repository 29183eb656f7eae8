// A real, certified OpenID Connect provider (oidc-provider) on a random loopback port, with its development login and
// consent pages: any login name is accepted, and the person signed in is the e-mail address typed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Claims of a person beyond their e-mail (a `groups` list mapped to roles, say), by e-mail. */
  people: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestProvider> {
  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => unknown = (_req, res) => res.end();
  const server = http.createServer((req, res) => { void handler(req, res); });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, Record<string, unknown>>();
  const clientId = 'parley-console';
  const clientSecret = 'a-client-secret-of-the-test-provider';
  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    // The e-mail and groups go into the ID token itself, as most providers put them, not only behind userinfo.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: async () => ({ sub, email: sub, email_verified: true, name: sub, ...people.get(sub) }),
    }),
  });
  // Its warnings about development pages and http are what this provider is for.
  provider.on('server_error', (_ctx: unknown, err: Error) => console.error('test provider:', err));
  handler = provider.callback();
  return {
    issuer, clientId, clientSecret, people,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
