// The invitation page in Chromium: a person opens the mailed link on a phone, gives a name and a password with the keyboard,
// joins, and lands signed in on the console.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seriousViolations } from './axe.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const WAIT = { timeout: 10_000 };

describe.skipIf(!present)('the invitation page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('sqlite'),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the invitation, refuses two different passwords, and joins with the keyboard alone', async () => {
    const owner = client(server.url, (await server.account()).token);
    const invited = await owner('POST', '/v1/members', { email: 'new.agent@example.com', role: 'agent' });
    await page.goto(invited.body.inviteUrl);
    await page.getByText('You are invited as agent with the e-mail new.agent@example.com.').waitFor(WAIT);
    const name = page.getByLabel('Your name (shown to visitors beside your replies, e.g. "Ana (agent)")');
    expect(await name.evaluate((node) => node === (node as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.type('Nia');
    await page.keyboard.press('Tab');
    await page.keyboard.type('a good password');
    await page.keyboard.press('Tab');
    await page.keyboard.type('another password');
    await page.keyboard.press('Enter');
    await page.getByText('The two passwords differ.').waitFor(WAIT);
    // Nothing wider than the phone.
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    await page.getByLabel('The same password again').fill('a good password');
    await page.keyboard.press('Enter');
    // No token to copy and no dead end: the console, signed in as the new member.
    await page.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor(WAIT);
    expect(await page.locator('.who').textContent()).toBe('Nia');
    expect(await page.evaluate('fetch("/v1/me").then((r) => r.json()).then((b) => b.role)')).toBe('agent');

    // The link works once.
    await page.goto(invited.body.inviteUrl);
    await page.getByText('This invitation does not exist, was already used or has lapsed; ask for a new one.').waitFor(WAIT);
    expect(problems.filter((p) => !p.includes('404'))).toEqual([]);
  });
});
