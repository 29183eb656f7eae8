// The console's "Try it" on a phone channel in Chromium: the phone simulator framed beside the bot editor, signed in by the console, talking to the bot.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { createParleyClient, must } from '../../sdk/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

// The Debian package; CI installs it (apt-get install chromium). Never downloaded by the tests.
const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'Try it on a phone channel in Chromium' : `Try it on a phone channel in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 15_000 };
const EMAIL = 'developer@example.com';
const PASSWORD = 'correct horse battery';

const bot = {
  name: 'Pizza line',
  interactions: [
    { name: 'menu', intents: ['sys:text'], actions: [{ send: { message: { text: 'Margherita or diavola? You said: {sys:text}' } } }] },
  ],
};

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let botId: number;
  const problems: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer('sqlite'),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    const { id: accountId } = await server.services.accounts.create(EMAIL, PASSWORD);
    const script = createParleyClient({ baseUrl: server.url, token: (await server.services.tokens.create(accountId, 'script')).token });
    botId = (await must(script.POST('/v1/bots', { body: bot as never }))).id;
    page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('frames the phone simulator beside the editor, signed in with a short-lived token, and the bot answers in it', async () => {
    await page.goto(`${server.url}/console`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);

    await page.goto(`${server.url}/console#/bots/${botId}`);
    await page.getByRole('heading', { name: 'Bot: Pizza line' }).waitFor(WAIT);
    await page.getByLabel('Channel type').selectOption('dlc');
    await page.getByRole('button', { name: 'Try it' }).click();

    // Nobody pastes a token: the console handed one to the frame, and the channel made for trying is chosen.
    const phoneSim = page.frameLocator('iframe[title^="Try it: phone simulator"]');
    await phoneSim.getByRole('status').filter({ hasText: /^Account \d+$/ }).waitFor(WAIT);
    expect(await phoneSim.getByLabel('API token').isVisible()).toBe(false);
    expect(await phoneSim.getByLabel('Channel', { exact: true }).locator('option:checked').textContent()).toBe('Try it (dlc) — SMS long code');

    await phoneSim.getByLabel('First name').fill('Ada');
    const number = await phoneSim.getByLabel('Phone', { exact: true }).inputValue();
    await phoneSim.getByRole('button', { name: 'Create test human' }).click();
    await phoneSim.getByText(`Created Ada · ${number}.`).waitFor(WAIT);
    await phoneSim.getByRole('button', { name: 'Open phone' }).click();
    const phone = phoneSim.getByRole('region', { name: 'Try it (dlc) — Ada' });
    await phone.getByRole('textbox', { name: 'Reply' }).fill('hungry');
    await phone.getByRole('textbox', { name: 'Reply' }).press('Enter');
    await phone.getByRole('log', { name: 'Messages' }).getByText('Margherita or diavola? You said: hungry').waitFor(WAIT);
    await page.screenshot({ path: path.join(SHOTS, 'bot-try-phone.png'), fullPage: true });

    // The token it used: listed (never its value), scoped to humans, expiring within the hour.
    const tokens = (await page.evaluate(async () => (await fetch('/v1/tokens')).json())) as { name: string; scopes: string[]; expiresAt: string | null }[];
    const made = tokens.find((t) => t.name === 'Try it (dlc), console');
    expect(made?.scopes).toEqual(['humans:write']);
    const left = Date.parse(`${made!.expiresAt!}Z`) - Date.now();
    expect(left).toBeGreaterThan(50 * 60 * 1000);
    expect(left).toBeLessThanOrEqual(60 * 60 * 1000);
    expect(problems).toEqual([]);
  }, 90_000);

  it('lets no other site frame the simulator', async () => {
    const res = await fetch(`${server.url}/sandbox`);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
  });
});
