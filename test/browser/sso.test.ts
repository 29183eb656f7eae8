// Single sign-on in Chromium, on both databases: the console's "Sign in with SSO", the provider's (oidc-provider's)
// login and consent pages, back to a signed-in console with the mapped role; a person of a foreign domain refused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startOidcProvider, type TestProvider } from '../fakes/oidc-provider.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const WAIT = { timeout: 20_000 };

describe.skipIf(!present).each(DATABASES)('single sign-on in Chromium on %s', (kind) => {
  let server: TestServer;
  let provider: TestProvider;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer(kind, { SSO_ALLOW_HTTP_ISSUERS: 'true', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    provider = await startOidcProvider(`${server.url}/v1/sso/callback`);
    const owner = client(server.url, (await server.account('owner@acme.test')).token);
    const put = await owner('PUT', '/v1/account/sso', {
      enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret,
      allowedDomains: ['acme.test'], roleClaim: 'groups', roleMap: { 'parley-admins': 'admin' }, defaultRole: 'viewer', passwordSignIn: true,
    });
    expect(put.status).toBe(200);
  });
  afterAll(async () => {
    await browser?.close();
    await provider?.close();
    await server?.close();
  });

  /** From the console's sign-in page through the provider's login (as `login`) and consent pages. */
  async function signIn(context: BrowserContext, email: string, login = email): Promise<Page> {
    const page = await context.newPage();
    await page.goto(`${server.url}/console`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Sign in with SSO' }).click();
    await page.locator('input[name=login]').fill(login, WAIT);
    await page.locator('input[name=password]').fill('anything');
    await page.locator('button[type=submit]').click();
    await page.locator('button[type=submit]').click(WAIT);
    return page;
  }

  it('signs a new person in with the role their group maps to, into the console', async () => {
    provider.people.set('ada@acme.test', { groups: ['parley-admins'] });
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    const page = await signIn(context, 'ada@acme.test');
    await page.waitForURL(`${server.url}/console`, WAIT);
    const me = await page.evaluate(async () => { const r = await fetch('/v1/me'); return { status: r.status, body: await r.json() as { email: string; role: string } }; });
    expect(me).toMatchObject({ status: 200, body: { email: 'ada@acme.test', role: 'admin' } });
    await context.close();
  });

  // A state changed on the way is tested at the HTTP level (test/services/sso/sign-in.test.ts): Chromium follows the
  // provider's redirect internally, where a route cannot rewrite it.
  it('refuses a person of a domain the account does not admit', async () => {
    const other = await browser.newContext();
    const foreign = await signIn(other, 'ada@acme.test', 'mallory@evil.test');
    await foreign.getByText('evil.test is not a domain this account admits').waitFor(WAIT);
    await other.close();
  });
});
