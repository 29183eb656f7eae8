// The sandbox's WhatsApp phone in Chromium: reply buttons, a list opened and a row chosen, as WhatsApp would show them.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the WhatsApp phone in Chromium' : `the WhatsApp phone in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const WAIT = { timeout: 10_000 };
const SHOTS = path.join(import.meta.dirname, '../../docs/channels');

const bot = {
  name: 'whatsapp trial',
  interactions: [
    {
      name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi {sys:firstName}! What would you like?', quickReplies: [
        { type: 'postback', title: 'Opening hours', payload: 'HOURS', execute: 'hours' },
        { type: 'postback', title: 'Menu', payload: 'MENU', execute: 'menu' },
      ] } } }],
    },
    { name: 'hours', actions: [{ send: { message: { text: 'We are open 9 to 5.', buttons: [{ type: 'weburl', title: 'Website', payload: 'https://pizza.example/hours' }] } } }] },
    {
      name: 'menu', actions: [{ send: { message: { title: 'Menu', text: 'Pick a pizza', quickReplies: ['Margherita', 'Diavola', 'Marinara', 'Capricciosa'].map((t) => ({
        type: 'postback', title: t, payload: t.toUpperCase(), execute: 'ordered',
      })) } } }],
    },
    { name: 'ordered', actions: [{ send: { message: { text: 'Ordered: *{sys:payload}*' } } }] },
  ],
};

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const name = 'Trial WhatsApp — Ada';
  const phone = () => page.getByRole('region', { name });
  const botSaid = (text: string) => phone().getByRole('log', { name: 'Messages' }).locator('.msg.out').filter({ hasText: text });

  beforeAll(async () => {
    const [started, launched] = await Promise.all([
      startTestServer('sqlite'),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    server = started;
    browser = launched;
    const { token } = await server.account();
    const api = client(server.url, token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id;
    expect((await api('POST', '/v1/channels', { channelType: 'wha', botId, name: 'Trial WhatsApp', description: 'sandbox', token: 'sandbox' })).status).toBe(200);
    const context = await browser.newContext({ viewport: { width: 480, height: 900 } });
    await context.route((url) => !url.href.startsWith(server.url), (route) => route.abort());
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security Policy/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}/sandbox`);
    await page.getByLabel('API token').fill(token);
    await page.getByRole('button', { name: 'Open the sandbox' }).click();
    await page.getByLabel('Channel', { exact: true }).locator('option', { hasText: 'Trial WhatsApp — WhatsApp' }).waitFor({ state: 'attached', ...WAIT });
    await page.getByLabel('First name').fill('Ada');
    await page.getByRole('button', { name: 'Create test human' }).click();
    await page.getByText(/^Created Ada/).waitFor(WAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows reply buttons, and a tapped one brings the next message with its link button', async () => {
    await page.getByRole('button', { name: 'Open phone' }).click();
    const greeting = botSaid('Hi Ada! What would you like?');
    await greeting.waitFor(WAIT);
    expect(await greeting.getByRole('button').allTextContents()).toEqual(['Opening hours', 'Menu']);
    await greeting.getByRole('button', { name: 'Opening hours' }).click();
    const hours = botSaid('We are open 9 to 5.');
    await hours.waitFor(WAIT);
    expect(await hours.getByRole('link', { name: '↗ Website' }).getAttribute('href')).toBe('https://pizza.example/hours');
  });

  it('opens a list and sends the row chosen, as WhatsApp reports a list reply', async () => {
    await botSaid('Hi Ada! What would you like?').getByRole('button', { name: 'Menu' }).click();
    const menu = botSaid('Pick a pizza');
    await menu.waitFor(WAIT);
    await menu.getByText('☰ Choose').click();
    await menu.getByRole('button', { name: 'Diavola' }).click();
    const ordered = botSaid('Ordered: DIAVOLA');
    await ordered.waitFor(WAIT);
    // WhatsApp's *bold* is drawn bold, without its asterisks.
    expect(await ordered.locator('strong').textContent()).toBe('DIAVOLA');
    await phone().screenshot({ path: path.join(SHOTS, 'whatsapp-sandbox.png') });
    expect(problems).toEqual([]);
  });
});
