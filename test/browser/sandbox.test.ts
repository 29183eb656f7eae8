// The phone simulator in Chromium: an SMS thread answered with a number, an RCS chip tapped, and the threads back after a reload.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { trialBot } from '../channels/sandbox/trial-bot.js';
import { seriousViolations } from './axe.js';

// The Debian package; CI installs it (apt-get install chromium). Never downloaded by the tests.
const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'sandbox in Chromium' : `sandbox in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const WAIT = { timeout: 10_000 };

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token: string;
  const problems: string[] = [];

  const phone = (name: string) => page.getByRole('region', { name });
  const thread = (name: string) => phone(name).getByRole('log', { name: 'Messages' });
  const bot = (name: string, text: string) => thread(name).locator('.msg.out').filter({ hasText: text });
  const person = (name: string, text: string) => thread(name).locator('.msg.in').filter({ hasText: text });

  beforeAll(async () => {
    const [started, launched] = await Promise.all([
      startTestServer('sqlite'),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    server = started;
    browser = launched;
    ({ token } = await server.account());
    const api = client(server.url, token);
    const botId = (await api('POST', '/v1/bots', trialBot)).body.id;
    for (const [channelType, name] of [['dlc', 'Trial SMS'], ['rcs', 'Trial RCS']]) {
      expect((await api('POST', '/v1/channels', { channelType, botId, name, description: 'sandbox', token: 'sandbox' })).status).toBe(200);
    }
    // Block what the bot's cards point at: the test needs no network beyond the server.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route((url) => !url.href.startsWith(server.url), (route) => route.abort());
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security Policy/.test(m.text())) problems.push(`console: ${m.text()}`); });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('takes the API token once, and creates a test human with a phone number', async () => {
    await page.goto(`${server.url}/sandbox`);
    expect(await page.title()).toBe('Parley sandbox');
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Open the sandbox' }).click();
    await page.getByRole('status').filter({ hasText: /^Account \d+$/ }).waitFor(WAIT);
    const channels = page.getByLabel('Channel', { exact: true });
    await channels.locator('option', { hasText: 'Trial RCS — RCS' }).waitFor({ state: 'attached', ...WAIT });
    expect(await channels.locator('option').allTextContents()).toEqual(['Trial SMS — SMS long code', 'Trial RCS — RCS']);

    await page.getByLabel('First name').fill('Ada');
    const phoneNumber = await page.getByLabel('Phone', { exact: true }).inputValue();
    expect(phoneNumber).toMatch(/^\+120255501\d\d$/);
    await page.getByRole('button', { name: 'Create test human' }).click();
    await page.getByText(`Created Ada · ${phoneNumber}.`).waitFor(WAIT);
    expect(await page.getByLabel('Human', { exact: true }).locator('option:checked').textContent()).toBe(`Ada · ${phoneNumber}`);
  });

  it('shows the SMS greeting with numbered options, and answers "2" with the next message', async () => {
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Trial SMS — SMS long code' });
    await page.getByRole('button', { name: 'Open phone' }).click();
    const greeting = bot('Trial SMS — Ada', 'What would you like?');
    await greeting.waitFor(WAIT);
    expect(await greeting.locator('.bubble').innerText()).toBe('Hi Ada! What would you like?\n\n1. Opening hours\n2. Menu');
    expect(await greeting.locator('.meta').textContent()).toBe('1 SMS · GSM-7');
    // A text message has no buttons: there is nothing to tap.
    expect(await phone('Trial SMS — Ada').getByRole('group', { name: 'Suggested replies' }).getByRole('button').count()).toBe(0);

    const reply = phone('Trial SMS — Ada').getByRole('textbox', { name: 'Reply' });
    await reply.fill('2');
    await reply.press('Enter');
    await person('Trial SMS — Ada', '2').waitFor(WAIT);
    const menu = bot('Trial SMS — Ada', 'Pick one:');
    await menu.waitFor(WAIT);
    expect(await menu.locator('.bubble').innerText()).toContain('Diavola\nSpicy salami\nhttps://pizza.example/diavola.png\n2. Order');
    expect(await menu.locator('.meta').textContent()).toBe('2 SMS segments · GSM-7');
    // Links in a text become links, to http(s) only.
    expect(await menu.getByRole('link', { name: 'https://pizza.example/diavola.png' }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the RCS greeting with suggestion chips, and a tapped chip brings the next message', async () => {
    await page.getByLabel('Channel', { exact: true }).selectOption({ label: 'Trial RCS — RCS' });
    await page.getByRole('button', { name: 'Open phone' }).click();
    await bot('Trial RCS — Ada', 'Hi Ada! What would you like?').waitFor(WAIT);
    const chips = phone('Trial RCS — Ada').getByRole('group', { name: 'Suggested replies' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['Opening hours', 'Menu']);
    await chips.filter({ hasText: 'Opening hours' }).click();
    await person('Trial RCS — Ada', 'Opening hours').waitFor(WAIT);
    await bot('Trial RCS — Ada', 'We are open 9 to 5.').waitFor(WAIT);
    // The new message's suggestion is an action: it opens the link (and goes nowhere else).
    const website = phone('Trial RCS — Ada').getByRole('group', { name: 'Suggested replies' }).getByRole('link', { name: 'Website' });
    expect(await website.getAttribute('href')).toBe('https://pizza.example/hours');
    // The first phone is still there, untouched.
    expect(await thread('Trial SMS — Ada').locator('.msg').count()).toBe(3);
  });

  it('shows both threads again after a reload, without asking for the token', async () => {
    await page.reload();
    await bot('Trial SMS — Ada', 'Pick one:').waitFor(WAIT);
    await bot('Trial RCS — Ada', 'We are open 9 to 5.').waitFor(WAIT);
    expect(await page.getByLabel('API token').isVisible()).toBe(false);
    expect(await thread('Trial SMS — Ada').locator('.msg').count()).toBe(3);
    expect(await thread('Trial RCS — Ada').locator('.msg').count()).toBe(3);
    // The bot greeted once per phone: opening again is not a new conversation.
    expect(await bot('Trial RCS — Ada', 'What would you like?').count()).toBe(1);
    expect(problems).toEqual([]);
    // Two phones open, an SMS thread and RCS chips: no serious or critical violation.
    expect(await seriousViolations(page)).toEqual([]);
  });
});
