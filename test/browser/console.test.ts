// The console in Chromium: sign in, write and publish a bot, put it on a web channel, watch a visitor's conversation live, take over, reply, hand back; screenshots for docs/console.md.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createParleyClient, must } from '../../sdk/index.js';
import { FakeCarrier } from '../fakes/carrier.js';
import type { TestServer } from '../helpers/server.js';
import { startSmsServer } from '../channels/sms/harness.js';
import { seriousViolations } from './axe.js';
import { pasteCode } from './code-editor.js';

// The Debian package; CI installs it (apt-get install chromium). Never downloaded by the tests.
const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the console in Chromium' : `the console in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 15_000 };
const EMAIL = 'agent@example.com';
const PASSWORD = 'correct horse battery';

const badBot = `{
  "name": "Front desk",
  "interactions": [
    { "name": "welcome", "intents": ["sys:start"], "actions": [{ "send": { "message": { "text": "Hi! I am the front desk bot." } } }] },
    { "name": "echo", "intents": ["sys:text"], "actions": [{ "sendd": { "message": { "text": "Bot heard: {sys:text}" } } }] }
  ]
}`;
const goodBot = badBot.replace('"sendd"', '"send"');
const LONG_CODE = '+15550002000';
const FANS = ['+15558880101', '+15558880102'];

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let visitor: Page;
  let carrier: FakeCarrier;
  const problems: string[] = [];
  const sockets: string[] = [];

  /** Follows a link of the console's navigation and waits for that page's own heading, so no locator finds the last page's fields. */
  const go = async (name: 'Inbox' | 'Bots' | 'Channels' | 'Broadcasts') => {
    await page.getByRole('navigation').getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name, exact: true }).waitFor(WAIT);
  };
  const shot = (name: string, p: Page = page) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
  const watch = (p: Page) => {
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
  };

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [server, browser, carrier] = await Promise.all([
      // The SMS test server: PUBLIC_URL set (the carrier's status callbacks), the fake carrier's host allowed.
      // One attempt per webhook delivery: a refused one is failed at once, for "send again".
      startSmsServer('sqlite', { WEBHOOK_MAX_ATTEMPTS: '1', WEBHOOK_RETRY_MS: '50' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
      FakeCarrier.start(),
    ]);
    await server.services.accounts.create(EMAIL, PASSWORD);
    page = await (await browser.newContext({ viewport: { width: 1200, height: 800 } })).newPage();
    visitor = await (await browser.newContext({ viewport: { width: 390, height: 700 } })).newPage();
    watch(page);
    watch(visitor);
    page.on('websocket', (ws) => sockets.push(new URL(ws.url()).pathname));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await carrier?.close();
  });

  it('refuses a wrong password, then signs in with the keyboard', async () => {
    await page.goto(`${server.url}/console`);
    const email = page.getByLabel('E-mail');
    await email.waitFor(WAIT);
    await email.fill(EMAIL);
    await page.getByLabel('Password').fill('not the password');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('alert').filter({ hasText: 'wrong' }).waitFor(WAIT);
    await page.getByLabel('Password').fill(PASSWORD);
    await shot('sign-in');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'parley_session')).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
  });

  it('writes a bot: a problem shows as one types, then the fix is published', async () => {
    await go('Bots');
    await page.getByRole('link', { name: 'New bot' }).click();
    // Typed into the code editor; the text area it writes through is what the page saves.
    const editor = page.getByLabel('Definition (code editor)');
    const text = page.getByLabel('Definition', { exact: true });
    await editor.waitFor(WAIT);
    await pasteCode(editor, badBot);
    const problemList = page.getByRole('list', { name: 'Problems' });
    await problemList.getByRole('listitem').first().waitFor(WAIT);
    expect(await problemList.textContent()).toContain('/interactions/1/actions/0');
    await shot('bot-editor-problem');
    await pasteCode(editor, goodBot);
    await page.getByRole('status').filter({ hasText: 'No problems.' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await page.getByRole('heading', { name: 'Bot: Front desk' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Published' }).waitFor(WAIT);
    // YAML too: the same definition shown in the other format, still valid.
    await page.getByLabel('Format').selectOption('yaml');
    expect(await text.inputValue()).toContain('name: Front desk');
    await page.getByRole('status').filter({ hasText: 'No problems.' }).waitFor(WAIT);
    // Try it: web chat beside the editor, on a channel made for it.
    await page.getByLabel('Channel type').selectOption('web');
    await page.getByRole('button', { name: 'Try it' }).click();
    await page.frameLocator('iframe[title^="Try it"]').locator('.chat-log .msg.out').filter({ hasText: 'Hi! I am the front desk bot.' }).waitFor(WAIT);
    await shot('bot-editor');
    // A second revision, published, and the difference between the two.
    await pasteCode(editor, (await text.inputValue()).replace('name: welcome', 'name: greeting'));
    await page.getByRole('status').filter({ hasText: 'No problems.' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await page.getByText('Revision 2 saved and published.').waitFor(WAIT);
    await page.getByLabel('From', { exact: true }).selectOption('1');
    await page.getByLabel('To', { exact: true }).selectOption('2');
    await page.getByRole('button', { name: 'Compare' }).click();
    const diff = page.getByLabel('Differences');
    await diff.locator('.added').first().waitFor(WAIT);
    expect(await diff.locator('.removed').allTextContents()).toEqual(['-       "name": "welcome",\n']);
    expect(await diff.locator('.added').allTextContents()).toEqual(['+       "name": "greeting",\n']);
    await page.getByRole('button', { name: 'Publish revision 1' }).waitFor(WAIT);
    await shot('bot-revisions');
    // The editor with a problem list, web chat framed beside it and a diff: no serious or critical violation.
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('creates a web channel for the bot', async () => {
    await go('Channels');
    await page.getByLabel('Type', { exact: true }).selectOption('web');
    // Web chat asks for nothing of a provider's.
    expect(await page.getByLabel('Token', { exact: true }).count()).toBe(0);
    await page.getByLabel('Name', { exact: true }).fill('Site chat');
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByRole('cell', { name: 'Site chat', exact: true }).waitFor(WAIT);
    await page.getByRole('heading', { name: 'Site chat is ready' }).waitFor(WAIT);
    expect(await page.getByLabel('Embed snippet').inputValue()).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/chat\/\d+\/embed\.js" async><\/script>$/);
    await shot('channels');
  });

  it('shows the visitor\'s conversation live, takes over, replies, and hands back to the bot', async () => {
    const link = page.getByRole('row').filter({ hasText: 'Site chat' }).getByRole('link', { name: /\/chat\/\d+$/ });
    const chatUrl = (await link.getAttribute('href'))!;
    await go('Inbox');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);

    await visitor.goto(`${server.url}${chatUrl}`);
    const bot = (text: string) => visitor.locator('.chat-log .msg.out').filter({ hasText: text });
    await bot('Hi! I am the front desk bot.').waitFor(WAIT);
    const box = visitor.getByRole('textbox', { name: 'Message' });
    await box.fill('hello there');
    await box.press('Enter');
    await bot('Bot heard: hello there').waitFor(WAIT);

    // The inbox lists it without a reload, told by its event socket.
    expect(sockets).toContain('/v1/events');
    const conversation = page.locator('a.conversation').filter({ hasText: 'Site chat' });
    await conversation.waitFor(WAIT);
    await conversation.click();
    const transcript = page.getByRole('log', { name: 'Transcript' });
    await transcript.getByText('hello there', { exact: true }).waitFor(WAIT);

    await page.getByRole('button', { name: 'Take over' }).click();
    await page.getByRole('button', { name: 'Hand back to the bot' }).waitFor(WAIT);
    await box.fill('can I talk to a person?');
    await box.press('Enter');
    await transcript.getByText('can I talk to a person?').waitFor(WAIT);

    await page.getByLabel('Reply to the human').fill('Hi, Ana here. How can I help?');
    await page.getByLabel('Quick replies').fill('Opening hours, Prices');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await bot('Hi, Ana here. How can I help?').waitFor(WAIT);
    expect(await visitor.getByRole('group', { name: 'Suggested replies' }).getByRole('button').allTextContents()).toEqual(['Opening hours', 'Prices']);
    // The list can be narrowed to a channel.
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Site chat · Web chat' });
    await page.locator('a.conversation').filter({ hasText: 'Try it' }).waitFor({ state: 'detached', ...WAIT });
    expect(await page.locator('a.conversation').filter({ hasText: 'Site chat' }).count()).toBe(1);
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Every channel' });
    await page.getByLabel('Internal note').fill('Asked for a person; answered by Ana.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await transcript.locator('.msg.note').getByText('Asked for a person').waitFor(WAIT);
    // The bot stayed quiet while the agent had the conversation.
    expect(await bot('Bot heard: can I talk to a person?').count()).toBe(0);
    await shot('inbox');
    await shot('web-chat-visitor', visitor);

    await page.getByRole('button', { name: 'Hand back to the bot' }).click();
    await page.getByRole('button', { name: 'Take over' }).waitFor(WAIT);
    await box.fill('thanks!');
    await box.press('Enter');
    await bot('Bot heard: thanks!').waitFor(WAIT);
    expect(await visitor.locator('.chat-log').textContent()).not.toContain('Asked for a person');
  });

  it('broadcasts to a tag on an SMS channel and watches it reach delivered at the carrier', async () => {
    const account = carrier.account([LONG_CODE]);
    await go('Channels');
    await page.getByLabel('Type', { exact: true }).selectOption('dlc');
    await page.getByLabel('Name', { exact: true }).fill('Texts');
    await page.getByLabel('Phone number', { exact: true }).fill(LONG_CODE);
    await page.getByLabel('Carrier credentials', { exact: true }).fill(`http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}`);
    await page.getByRole('button', { name: 'Create channel' }).click();
    await page.getByRole('cell', { name: 'Texts', exact: true }).waitFor(WAIT);
    const hook = await page.getByRole('cell', { name: /\/hooks\/dlc\/\d+$/ }).textContent();
    const channelId = Number(/(\d+)$/.exec(hook!)![1]);

    // The humans come from a script with the typed client: the console's Humans page searches them.
    const accountId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
    const script = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(accountId, 'script')).token });
    const ids = await Promise.all(FANS.map(async (phone, i) => (await must(script.POST('/v1/humans', { body: { firstName: `Fan ${i + 1}`, phone, tags: ['fans'] } }))).id));
    await must(script.POST('/v1/channels/{channel_id}/subscribe', { params: { path: { channel_id: channelId } }, body: { humanIds: ids } }));

    await go('Broadcasts');
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Texts (SMS long code)' });
    await page.getByLabel('Tags', { exact: true }).fill('fans');
    await page.getByLabel('Message', { exact: true }).fill('Two for one on Tuesday, {sys:firstName}!');
    await page.getByRole('button', { name: 'Send' }).click();
    const count = (name: string) => page.locator(`dd[data-count="${name}"]`);
    await page.locator('dd[data-count="sent"]').filter({ hasText: '2' }).waitFor(WAIT);
    await carrier.waitFor(() => FANS.every((n) => carrier.textsTo(n).length === 1));
    expect(carrier.textsTo(FANS[0]!)).toEqual(['Two for one on Tuesday, Fan 1!']);
    for (const m of carrier.messages) expect(await carrier.setStatus(m.sid, 'delivered')).toBe(200);
    await count('delivered').filter({ hasText: '2' }).waitFor(WAIT);
    expect(await count('failed').textContent()).toBe('0');
    await shot('broadcasts');
    expect(await seriousViolations(page)).toEqual([]);
    // In the inbox the text shows as the carrier got it.
    await go('Inbox');
    await page.locator('a.conversation').filter({ hasText: 'Fan 1' }).click();
    const sms = page.getByRole('log', { name: 'Transcript' }).locator('.msg.out');
    await sms.filter({ hasText: 'Two for one on Tuesday, Fan 1!' }).waitFor(WAIT);
    expect(await sms.locator('.meta').textContent()).toContain('1 SMS segment · GSM-7 · delivered');
  });

  it('shows the other pages, and the inbox at 360 px', async () => {
    for (const [name, heading, file] of [['Overview', 'Overview', 'overview'], ['Humans', 'Humans', 'humans'], ['Webhooks & tokens', 'Webhooks and tokens', 'settings']] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor(WAIT);
      if (file === 'humans') {
        await page.getByLabel('Name', { exact: true }).fill('fan 1');
        await page.getByRole('button', { name: 'Search' }).click();
        await page.getByRole('button', { name: 'Edit Fan 2' }).waitFor({ state: 'detached', ...WAIT });
        await page.getByRole('button', { name: 'Edit Fan 1' }).click();
        await page.getByLabel('Tags', { exact: true }).fill('fans, vip');
        await page.getByLabel('Site chat (Web chat)').check();
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByRole('cell', { name: 'fans, vip' }).waitFor(WAIT);
        await page.getByRole('row').filter({ hasText: 'Fan 1' }).getByRole('cell', { name: 'Site chat (Web chat), Texts (SMS long code)' }).waitFor(WAIT);
      }
      if (file === 'settings') {
        // A webhook to an endpoint that refuses (the fake carrier has no such path): its delivery fails, then is sent again.
        await page.getByLabel('Endpoint URL').fill(`${carrier.url}/webhook`);
        await page.getByLabel('Event types').fill('human.subscribed');
        await page.getByRole('button', { name: 'Add webhook' }).click();
        await page.getByLabel('Signing secret').waitFor(WAIT);
        expect(await page.getByLabel('Signing secret').inputValue()).toMatch(/^whsec_/);
        const accountId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
        const script = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(accountId, 'hooks')).token });
        const fan2 = (await must(script.GET('/v1/humans', { params: { query: { name: 'Fan 2' } } }))).humans[0]!.id;
        const site = (await must(script.GET('/v1/channels'))).find((c) => c.name === 'Site chat')!.id;
        await must(script.POST('/v1/channels/{channel_id}/subscribe', { params: { path: { channel_id: site } }, body: { humanIds: [fan2] } }));
        const logText = async () => {
          await page.getByRole('button', { name: 'Delivery log' }).click();
          return page.locator('h3 + ul').textContent();
        };
        for (let i = 0; i < 100 && !(await logText())?.includes('failed · 1 attempt(s)'); i++) await page.waitForTimeout(100);
        await page.getByRole('button', { name: 'Send human.subscribed again' }).click();
        for (let i = 0; i < 100 && !(await logText())?.includes('failed · 2 attempt(s)'); i++) await page.waitForTimeout(100);
        expect(await logText()).toContain('failed · 2 attempt(s) · HTTP 404');
      }
      if (file === 'overview') {
        // Today: the visitor's three messages in on web chat, the two broadcast texts out on SMS.
        expect(await page.locator('td[data-in="web"]').textContent()).toBe('3');
        expect(await page.locator('td[data-out="dlc"]').textContent()).toBe('2');
      }
      await shot(file);
    }
    await page.setViewportSize({ width: 360, height: 740 });
    await go('Inbox');
    await page.locator('a.conversation').filter({ hasText: 'Site chat' }).click();
    await page.getByRole('log', { name: 'Transcript' }).getByText('thanks!', { exact: true }).waitFor(WAIT);
    const overflows = () => page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth');
    expect(await overflows()).toBe(false);
    await shot('inbox-360');
    // Every page fits 360 px: wide tables scroll in their own box, the page itself never sideways.
    for (const [name, heading] of [['Bots', 'Bots'], ['Channels', 'Channels'], ['Overview', 'Overview'], ['Humans', 'Humans'], ['Broadcasts', 'Broadcasts'], ['Webhooks & tokens', 'Webhooks and tokens']] as const) {
      await page.getByRole('link', { name, exact: true }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor(WAIT);
      expect(await overflows(), name).toBe(false);
    }
    // The keyboard: a followed link leaves focus on the new page's content; on a fresh load the first Tab
    // reaches the skip link, which moves focus to the content.
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
    await page.reload();
    await page.getByRole('heading', { name: 'Webhooks and tokens' }).waitFor(WAIT);
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.id')).toBe('main');
  });

  it('edits a human\'s attributes on the humans page with the keyboard, and the API reads them', async () => {
    const accountId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
    const script = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(accountId, 'attributes')).token });
    const fan1 = (await must(script.GET('/v1/humans', { params: { query: { name: 'Fan 1' } } }))).humans[0]!.id;
    const attributes = () => must(script.GET('/v1/humans/{human_id}/attributes', { params: { path: { human_id: fan1 } } }));
    const editor = page.getByRole('heading', { name: 'Edit Fan 1', exact: true });
    const openEditor = async () => {
      await page.getByRole('button', { name: 'Edit Fan 1' }).click();
      await page.getByRole('group', { name: 'Attributes' }).waitFor(WAIT);
    };
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByRole('link', { name: 'Humans', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Humans', exact: true }).waitFor(WAIT);
    await page.getByLabel('Name', { exact: true }).fill('fan 1');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: 'Edit Fan 2' }).waitFor({ state: 'detached', ...WAIT });

    // Added from the keyboard: a name, Tab, a value, Tab to "Add another attribute", Enter, the next pair, Enter saves.
    await openEditor();
    await page.getByText('No attributes yet.').waitFor(WAIT);
    // The consent ledger's entries of the human, read-only: subscribed by the script through the API, and by the agent here.
    const consent = page.getByRole('region', { name: 'Consent' });
    expect(await consent.locator('p').textContent()).toBe('sms: in · web: in');
    await consent.getByText('Every change (2)').click();
    expect(await consent.getByRole('list', { name: 'Consent changes, oldest first' }).getByRole('listitem').allTextContents())
      .toEqual([expect.stringMatching(/: sms opted in, by the API$/), expect.stringMatching(/: web opted in, by a person in this console \("agent@example\.com"\)$/)]);
    expect(await page.getByRole('link', { name: 'Download the consent ledger of the last 30 days (CSV)' }).getAttribute('href')).toBe('/v1/consent/export');
    await page.getByLabel('New attribute 1', { exact: true }).focus();
    await page.keyboard.type('plan');
    await page.keyboard.press('Tab');
    await page.keyboard.type('gold');
    await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Add another attribute');
    await page.keyboard.press('Enter');
    expect(await page.evaluate('document.activeElement.name')).toBe('new-attribute-2');
    await page.keyboard.type('level');
    await page.keyboard.press('Tab');
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    await editor.waitFor({ state: 'detached', ...WAIT });
    expect(await attributes()).toEqual({ level: '3', plan: 'gold' });

    // Listed with their values: one changed, one removed.
    await openEditor();
    expect(await page.getByLabel('plan', { exact: true }).inputValue()).toBe('gold');
    expect(await page.getByLabel('level', { exact: true }).inputValue()).toBe('3');
    await page.getByLabel('plan', { exact: true }).fill('platinum');
    await page.getByLabel('Remove level').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached', ...WAIT });
    expect(await attributes()).toEqual({ plan: 'platinum' });

    // A name outside the human scope: the API's words, and nothing changed.
    await openEditor();
    await shot('humans');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New attribute 1', { exact: true }).fill('sys:firstName');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'sys: names are reserved' }).waitFor(WAIT);
    await page.getByLabel('New attribute 1', { exact: true }).fill('');
    expect(await attributes()).toEqual({ plan: 'platinum' });
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it('goes back to the sign-in when the session is revoked elsewhere', async () => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await go('Inbox');
    await page.locator('a.conversation').filter({ hasText: 'Site chat' }).click();
    const toggle = page.getByRole('button', { name: /Take over|Hand back to the bot/ });
    await toggle.waitFor(WAIT);
    const accountId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
    const script = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(accountId, 'revoker')).token });
    for (const s of await must(script.GET('/v1/sessions'))) await must(script.DELETE('/v1/sessions/{session_id}', { params: { path: { session_id: s.id } } }));
    // The next call goes back to the sign-in: the click's, or the inbox's own refresh if it comes first (the button is
    // then gone with the page).
    await toggle.click({ timeout: 5000 }).catch(() => undefined);
    await page.getByLabel('E-mail').waitFor(WAIT);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
  });

  it('signs out, and the API then refuses the session', async () => {
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').waitFor(WAIT);
    const status = await page.evaluate('fetch("/v1/channels").then((r) => r.status)');
    expect(status).toBe(401);
    expect(problems).toEqual([]);
  });

  it('shows the team and the audit log: invites a member, changes its role, pages back; changes need the CSRF token', async () => {
    // The last test signed out: in again, to the new page.
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
    await page.getByRole('navigation').getByRole('link', { name: 'Team & audit', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Team and audit', exact: true }).waitFor(WAIT);
    const members = page.getByRole('table', { name: 'Members' });
    const audit = page.getByRole('table', { name: 'Audit log, newest first' });
    const newest = audit.locator('tbody tr').first();
    await members.getByRole('row').filter({ hasText: EMAIL }).getByRole('cell', { name: 'active' }).waitFor(WAIT);

    // Invite by e-mail: no mail server here, so the link is shown; the member is listed and the invitation audited.
    const OPS = 'ops@example.com';
    await page.getByLabel('E-mail', { exact: true }).fill(OPS);
    await page.getByLabel('Role', { exact: true }).selectOption('developer');
    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const link = page.getByLabel(`Invitation link for ${OPS}`, { exact: true });
    await link.waitFor(WAIT);
    expect(await link.inputValue()).toMatch(/\/invitations\/\S{16,}$/);
    const opsRow = members.getByRole('row').filter({ hasText: OPS });
    await opsRow.getByRole('cell', { name: /^invited/ }).waitFor(WAIT);
    expect(await opsRow.getByRole('combobox', { name: `Role of ${OPS}`, exact: true }).inputValue()).toBe('developer');
    await newest.filter({ hasText: `invited member ${OPS}` }).waitFor(WAIT);
    expect(await newest.locator('td').allTextContents()).toEqual([
      expect.any(String), `${EMAIL} owner · console`, `${EMAIL} invited member ${OPS}POST /v1/members → 200 · fields: email, role`, expect.stringMatching(/127\.0\.0\.1|::1/),
    ]);

    // Change the role: the list shows it and the log has the update, newest first.
    await opsRow.getByRole('combobox', { name: `Role of ${OPS}`, exact: true }).selectOption('viewer');
    await opsRow.getByRole('button', { name: `Save role of ${OPS}` }).click();
    await newest.filter({ hasText: 'PATCH /v1/members/:member_id' }).waitFor(WAIT);
    expect(await newest.locator('.summary').textContent()).toBe(`${EMAIL} changed the role of member ${OPS}`);
    expect(await opsRow.getByRole('combobox', { name: `Role of ${OPS}`, exact: true }).inputValue()).toBe('viewer');
    await shot('team');

    // A refusal is the API's own words: the last owner cannot leave.
    page.once('dialog', (dialog) => void dialog.accept());
    await members.getByRole('button', { name: `Remove ${EMAIL}` }).click();
    await page.getByRole('alert').filter({ hasText: 'last owner cannot leave' }).waitFor(WAIT);
    // Removing the invited member: gone from the list, the removal on top of the log, the keyboard back on the list.
    page.once('dialog', (dialog) => void dialog.accept());
    await opsRow.getByRole('button', { name: `Remove ${OPS}` }).click();
    await opsRow.waitFor({ state: 'detached', ...WAIT });
    await newest.filter({ hasText: 'DELETE /v1/members/:member_id' }).waitFor(WAIT);
    expect(await page.evaluate('document.activeElement.id')).toBe('members-heading');

    // Disabling an active member: the row says so and offers Enable, the log says who did it, and they cannot sign in.
    const SHIFT = 'shift@example.com';
    const teamId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
    const setup = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(teamId, 'team setup')).token });
    const shiftLink = (await must(setup.POST('/v1/members', { body: { email: SHIFT, role: 'agent' } }))).inviteUrl;
    await must(createParleyClient({ baseUrl: server.url }).POST('/v1/invitations/{invite_token}/accept', {
      params: { path: { invite_token: shiftLink.split('/').pop()! } }, body: { password: 'a good password' },
    }));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Team and audit', exact: true }).waitFor(WAIT);
    const shiftRow = members.getByRole('row').filter({ hasText: SHIFT });
    await shiftRow.getByRole('cell', { name: 'active', exact: true }).waitFor(WAIT);
    page.once('dialog', (dialog) => void dialog.accept());
    await shiftRow.getByRole('button', { name: `Disable ${SHIFT}` }).click();
    await shiftRow.getByRole('cell', { name: 'disabled', exact: true }).waitFor(WAIT);
    await newest.filter({ hasText: `disabled member ${SHIFT}` }).waitFor(WAIT);
    expect(await server.services.members.verifyCredentials(SHIFT, 'a good password')).toBeNull();
    expect(await page.evaluate('document.activeElement.id')).toBe(`status-${(await must(setup.GET('/v1/members'))).find((m) => m.email === SHIFT)!.id}`);
    await shiftRow.getByRole('button', { name: `Enable ${SHIFT}` }).click();
    await shiftRow.getByRole('cell', { name: 'active', exact: true }).waitFor(WAIT);
    await newest.filter({ hasText: `enabled member ${SHIFT}` }).waitFor(WAIT);

    // Filters and the cursor: 55 changes by a script's token, 50 a page, the rest under "Older entries".
    const accountId = (await server.store.db.selectFrom('accounts').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow()).id;
    const made = await server.services.tokens.create(accountId, 'audit script');
    const script = createParleyClient({ baseUrl: server.url, token: made.token });
    for (let i = 0; i < 55; i++) await must(script.POST('/v1/humans', { body: { firstName: `Audited ${i}` } }));
    const tokenId = (await must(script.GET('/v1/me'))).tokenId!;
    await page.getByLabel('Token id').fill(tokenId);
    await page.getByLabel('Changed', { exact: true }).selectOption({ label: 'Humans' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await audit.locator('tbody tr').nth(49).waitFor(WAIT);
    expect(await audit.locator('tbody tr').count()).toBe(50);
    expect(await newest.locator('td').nth(1).textContent()).toContain('token audit script');
    await page.getByRole('button', { name: 'Older entries' }).click();
    await page.getByText('55 entries; no older ones.').waitFor(WAIT);
    expect(await audit.locator('tbody tr').count()).toBe(55);
    expect(await page.evaluate('document.activeElement.textContent')).toBe('55 entries; no older ones.');
    await page.getByRole('button', { name: 'Clear' }).click();
    await newest.filter({ hasText: 'token audit script' }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Older entries' }).waitFor(WAIT);
    // Readable at 360 px: the tables scroll in their own box, the page never sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await page.setViewportSize({ width: 1200, height: 800 });

    // In the browser: a change with the session cookie but without X-CSRF-Token is refused (403), with it accepted;
    // without a session cookie (another browser context) it is 401.
    const post = (csrf: boolean) => `(() => {
      const csrf = ${csrf} ? document.cookie.split('; ').find((c) => c.startsWith('parley_csrf='))?.slice('parley_csrf='.length) : undefined;
      return fetch('/v1/humans', { method: 'POST', credentials: 'same-origin',
        headers: { 'content-type': 'application/json', ...(csrf ? { 'x-csrf-token': decodeURIComponent(csrf) } : {}) },
        body: JSON.stringify({ firstName: 'Forged' }) }).then(async (r) => [r.status, (await r.json()).description]);
    })()`;
    const [refused, why] = await page.evaluate(post(false)) as [number, string];
    expect(refused).toBe(403);
    expect(why).toContain('x-csrf-token');
    expect((await must(script.GET('/v1/humans', { params: { query: { name: 'Forged' } } }))).humans).toEqual([]);
    expect((await page.evaluate(post(true)) as [number, string])[0]).toBe(200);
    const stranger = await browser.newContext();
    const outside = await stranger.newPage();
    await outside.goto(`${server.url}/console`);
    expect((await outside.evaluate(post(false)) as [number, string])[0]).toBe(401);
    await stranger.close();
    expect(problems).toEqual([]);
  });
});
