// Single sign-on against a real OpenID provider (oidc-provider) on both databases: the whole redirect dance as a browser
// makes it (cookies kept, redirects followed, the provider's login and consent forms posted), a member created with a
// mapped role, an invited one activated, a wrong state, a foreign domain, a disabled member, passwords refused once
// SSO is required, the secret never shown, the sign-ins audited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestProvider } from '../../fakes/oidc-provider.js';
import { client, type Call } from '../../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../../helpers/server.js';

/** A browser in miniature: a cookie jar per host, redirects followed by hand. */
class Browser {
  private readonly jar = new Map<string, Map<string, string>>();

  async go(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<{ url: string; status: number; body: string }> {
    let current = new URL(url);
    let method = init.method ?? 'GET';
    let body: string | undefined = init.form === undefined ? undefined : new URLSearchParams(init.form).toString();
    for (let hops = 0; hops < 20; hops++) {
      const cookies = [...(this.jar.get(current.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(current, {
        method, redirect: 'manual', body,
        headers: { ...(cookies === '' ? {} : { cookie: cookies }), ...(body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' }) },
      });
      const jar = this.jar.get(current.host) ?? new Map<string, string>();
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        const value = pair!.slice(eq + 1);
        if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(pair!.slice(0, eq));
        else jar.set(pair!.slice(0, eq), value);
      }
      this.jar.set(current.host, jar);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location !== null) {
        current = new URL(location, current);
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url: current.href, status: res.status, body: await res.text() };
    }
    throw new Error('too many redirects');
  }

  cookie(host: string, name: string): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  /** The action of the page's form (the provider's login and consent pages each have one). */
  static formAction(page: { url: string; body: string }): string {
    const action = /<form[^>]*action="([^"]+)"/.exec(page.body)?.[1];
    if (action === undefined) throw new Error(`no form on ${page.url}: ${page.body.slice(0, 300)}`);
    return new URL(action.replace(/&amp;/g, '&'), page.url).href;
  }
}

/** Signs in as `email` at the provider, starting from Parley's start URL; the page Parley shows at the end. */
async function signInThroughProvider(browser: Browser, parley: string, email: string): Promise<{ url: string; status: number; body: string }> {
  const login = await browser.go(`${parley}/v1/sso/start?email=${encodeURIComponent(email)}`);
  if (!login.url.includes('/interaction/')) return login;
  const consent = await browser.go(Browser.formAction(login), { method: 'POST', form: { prompt: 'login', login: email, password: 'any' } });
  if (!consent.url.includes('/interaction/')) return consent;
  return browser.go(Browser.formAction(consent), { method: 'POST', form: { prompt: 'consent' } });
}

describe.each(DATABASES)('single sign-on on %s', (kind) => {
  let provider: TestProvider;
  let server: TestServer;
  let owner: Call;
  let parley: string;
  let host: string;

  beforeAll(async () => {
    // Parley's port is known only once it listens; the provider is told the callback it must redirect to after that.
    server = await startTestServer(kind, { SSO_ALLOW_HTTP_ISSUERS: 'true', OUTBOUND_ALLOW_HOSTS: '127.0.0.1' });
    parley = server.url;
    host = new URL(parley).host;
    provider = await startOidcProvider(`${parley}/v1/sso/callback`);
    const account = await server.account('owner@acme.test');
    owner = client(parley, account.token);
    const put = await owner('PUT', '/v1/account/sso', {
      enabled: true, issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret,
      allowedDomains: ['acme.test'], roleClaim: 'groups', roleMap: { 'parley-admins': 'admin', 'support': 'agent' }, defaultRole: null,
      passwordSignIn: true,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
    await provider?.close();
  });

  it('keeps the client secret sealed: the settings say only that there is one', async () => {
    const got = await owner('GET', '/v1/account/sso');
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ enabled: true, clientSecretSet: true, redirectUri: `${parley}/v1/sso/callback`, allowedDomains: ['acme.test'] });
    expect(JSON.stringify(got.body)).not.toContain(provider.clientSecret);
  });

  it('creates a member on first sign-in with the role its groups map to, and signs them into the console', async () => {
    provider.people.set('ada@acme.test', { groups: ['staff', 'parley-admins'] });
    const browser = new Browser();
    const end = await signInThroughProvider(browser, parley, 'ada@acme.test');
    expect(end.status, end.body).toBe(200);
    expect(end.url).toBe(`${parley}/v1/sso/callback${new URL(end.url).search}`);
    expect(end.body).toContain('Signed in as ada@acme.test');
    const session = browser.cookie(host, 'parley_session');
    expect(session).toBeDefined();
    const me = await fetch(`${parley}/v1/me`, { headers: { cookie: `parley_session=${session}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: 'ada@acme.test', role: 'admin' });
    // A second sign-in links to the same member.
    const again = await signInThroughProvider(new Browser(), parley, 'ada@acme.test');
    expect(again.status).toBe(200);
    const members = (await owner('GET', '/v1/members')).body as { email: string; role: string; status: string }[];
    expect(members.filter((m) => m.email === 'ada@acme.test')).toEqual([expect.objectContaining({ role: 'admin', status: 'active' })]);
  });

  it('activates an invited member with the invitation\'s role', async () => {
    expect((await owner('POST', '/v1/members', { email: 'grace@acme.test', role: 'viewer' })).status).toBe(200);
    provider.people.set('grace@acme.test', { groups: ['parley-admins'] });
    const end = await signInThroughProvider(new Browser(), parley, 'grace@acme.test');
    expect(end.status, end.body).toBe(200);
    const members = (await owner('GET', '/v1/members')).body as { email: string; role: string; status: string }[];
    expect(members.find((m) => m.email === 'grace@acme.test')).toMatchObject({ role: 'viewer', status: 'active' });
  });

  it('refuses a callback whose state is not the one it sent', async () => {
    provider.people.set('eve@acme.test', { groups: ['support'] });
    const browser = new Browser();
    const login = await browser.go(`${parley}/v1/sso/start?email=eve%40acme.test`);
    const consent = await browser.go(Browser.formAction(login), { method: 'POST', form: { prompt: 'login', login: 'eve@acme.test', password: 'x' } });
    // The provider's answer is taken, its state replaced before it reaches Parley.
    const confirm = await fetch(Browser.formAction(consent), {
      method: 'POST', redirect: 'manual', body: 'prompt=consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookiesOf(browser, new URL(provider.issuer).host) },
    });
    let next = new URL(confirm.headers.get('location')!, provider.issuer);
    const back = await fetch(next, { redirect: 'manual', headers: { cookie: cookiesOf(browser, new URL(provider.issuer).host) } });
    next = new URL(back.headers.get('location')!, provider.issuer);
    expect(next.pathname).toBe('/v1/sso/callback');
    next.searchParams.set('state', 'forged-state');
    const end = await browser.go(next.href);
    expect(end.status).toBe(401);
    expect(end.body).toContain('state');
    expect(browser.cookie(host, 'parley_session')).toBeUndefined();
  });

  it('refuses an e-mail of a domain the account does not admit, and a disabled member', async () => {
    // Started as an admitted address, signed in at the provider as a foreign one.
    const browser = new Browser();
    const login = await browser.go(`${parley}/v1/sso/start?email=ada%40acme.test`);
    const consent = await browser.go(Browser.formAction(login), { method: 'POST', form: { prompt: 'login', login: 'mallory@evil.test', password: 'x' } });
    const end = await browser.go(Browser.formAction(consent), { method: 'POST', form: { prompt: 'consent' } });
    expect(end.status).toBe(403);
    expect(end.body).toContain('evil.test is not a domain this account admits');

    const unknown = await new Browser().go(`${parley}/v1/sso/start?email=nobody%40elsewhere.test`);
    expect(unknown.status).toBe(404);

    provider.people.set('dora@acme.test', { groups: ['support'] });
    expect((await signInThroughProvider(new Browser(), parley, 'dora@acme.test')).status).toBe(200);
    const dora = ((await owner('GET', '/v1/members')).body as { id: number; email: string }[]).find((m) => m.email === 'dora@acme.test')!;
    expect((await owner('PATCH', `/v1/members/${dora.id}`, { status: 'disabled' })).body.status).toBe('disabled');
    const refused = await signInThroughProvider(new Browser(), parley, 'dora@acme.test');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('disabled');
  });

  it('refuses someone whose groups map to no role when there is no default role', async () => {
    provider.people.set('sam@acme.test', { groups: ['marketing'] });
    const end = await signInThroughProvider(new Browser(), parley, 'sam@acme.test');
    expect(end.status).toBe(403);
    expect(end.body).toContain('No role for sam@acme.test');
  });

  it('refuses passwords once the account requires single sign-on, and audits the change and the sign-ins', async () => {
    const settings = (await owner('GET', '/v1/account/sso')).body as Record<string, unknown>;
    const { clientSecretSet: _s, redirectUri: _r, dateUpdated: _d, ...input } = settings;
    expect((await owner('PUT', '/v1/account/sso', { ...input, passwordSignIn: false })).status).toBe(200);
    const password = await client(parley)('POST', '/v1/sessions', { email: 'owner@acme.test', password: 'correct horse battery' });
    expect(password.status).toBe(403);
    expect(password.body.description).toContain('single sign-on');
    const audit = (await owner('GET', '/v1/audit?limit=100')).body as { entries: { route: string; fields: string[]; actor: { email: string | null } }[] };
    expect(audit.entries.some((e) => e.route === '/v1/account/sso' && !e.fields.includes('clientSecretValue'))).toBe(true);
    expect(audit.entries.some((e) => e.route === '/v1/sso/callback' && e.actor.email === 'ada@acme.test')).toBe(true);
    expect(JSON.stringify(audit)).not.toContain(provider.clientSecret);
  });
});

function cookiesOf(browser: Browser, host: string): string {
  const jar = (browser as unknown as { jar: Map<string, Map<string, string>> }).jar.get(host) ?? new Map<string, string>();
  return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
}
