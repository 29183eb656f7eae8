// The sandbox's Telegram phone in Chromium: the greeting with its inline keyboard under it, a tapped button bringing the next message.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { trialBot } from '../channels/sandbox/trial-bot.js';

// The Debian package; CI installs it (apt-get install chromium). Never downloaded by the tests.
const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the Telegram phone in Chromium' : `the Telegram phone in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const WAIT = { timeout: 10_000 };

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];

  beforeAll(async () => {
    const [started, launched] = await Promise.all([
      startTestServer('sqlite'),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    server = started;
    browser = launched;
    ({ token } = await server.account());
    const api = client(server.url, token);
    const created = await api('POST', '/v1/bots', trialBot);
    const botId = created.body.id;
    // Trained before the phone opens (as the channel worlds do): the greeting then waits for nothing but its run.
    await server.services.runtime.programs.get(botId, created.body.currentRevision as number);
    expect((await api('POST', '/v1/channels', { channelType: 'tlg', botId, name: 'Trial Telegram', description: 'sandbox', token: 'sandbox' })).status).toBe(200);
    expect((await api('POST', '/v1/humans', { firstName: 'Ada', phone: '+12025550142' })).status).toBe(200);
    const context = await browser.newContext({ viewport: { width: 360, height: 900 } });
    await context.route((url) => !url.href.startsWith(server.url), (route) => route.abort());
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security Policy/.test(m.text())) problems.push(`console: ${m.text()}`); });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the greeting with its buttons under it; a tap brings the next message, whose link button opens', async () => {
    await page.goto(`${server.url}/sandbox`);
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Open the sandbox' }).click();
    await page.getByLabel('Channel', { exact: true }).locator('option', { hasText: 'Trial Telegram — Telegram' }).waitFor({ state: 'attached', ...WAIT });
    await page.getByLabel('Human', { exact: true }).locator('option', { hasText: 'Ada' }).waitFor({ state: 'attached', ...WAIT });
    await page.getByRole('button', { name: 'Open phone' }).click();

    const phone = page.getByRole('region', { name: 'Trial Telegram — Ada' });
    const thread = phone.getByRole('log', { name: 'Messages' });
    const greeting = thread.locator('.msg.out').filter({ hasText: 'What would you like?' });
    await greeting.waitFor(WAIT);
    const buttons = greeting.getByRole('group', { name: 'Buttons' }).getByRole('button');
    expect(await buttons.allTextContents()).toEqual(['Opening hours', 'Menu']);
    // An inline keyboard belongs to its message: nothing is offered above the compose box.
    expect(await phone.getByRole('group', { name: 'Suggested replies' }).getByRole('button').count()).toBe(0);

    await buttons.filter({ hasText: 'Opening hours' }).click();
    await thread.locator('.msg.in').filter({ hasText: 'Opening hours' }).waitFor(WAIT);
    const hours = thread.locator('.msg.out').filter({ hasText: 'We are open 9 to 5.' });
    await hours.waitFor(WAIT);
    expect(await hours.getByRole('link', { name: 'Website ↗' }).getAttribute('href')).toBe('https://pizza.example/hours');
    expect(problems).toEqual([]);
  });
});
