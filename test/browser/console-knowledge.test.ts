// The console's Knowledge page in Chromium: a base created, a document added and seen indexed, a question tried.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the Knowledge page in Chromium' : `the Knowledge page in Chromium — SKIPPED: ${CHROMIUM} is missing`;
const WAIT = { timeout: 20_000 };
const EMAIL = 'kb@example.com';
const PASSWORD = 'correct horse battery';

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('sqlite', { JOBS_POLL_MS: '50' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    await server.services.accounts.create(EMAIL, PASSWORD);
    page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('creates a base, adds a document, shows it indexed and answers a search, at 360 px', async () => {
    await page.goto(`${server.url}/console`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
    await page.getByRole('navigation').getByRole('link', { name: 'Knowledge', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge' }).waitFor(WAIT);
    await page.getByLabel('Name').first().fill('Help');
    await page.getByRole('button', { name: 'Create knowledge base' }).click();
    await page.getByRole('link', { name: 'Help' }).click();
    await page.getByRole('heading', { level: 1, name: 'Knowledge base Help' }).waitFor(WAIT);
    await page.getByLabel('Title', { exact: true }).fill('Returns');
    await page.getByLabel('Kind', { exact: true }).selectOption('markdown');
    await page.getByLabel('Text, Markdown or HTML').fill('# Returns\n\nYou may return any lamp within thirty days.');
    await page.getByRole('button', { name: 'Add document' }).click();
    await page.getByRole('status').filter({ hasText: '1 of 1 indexed.' }).waitFor(WAIT);
    await page.getByLabel('Try a question').fill('can I return a lamp');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText('Returns › Returns').waitFor(WAIT);
    expect(await page.getByText('You may return any lamp within thirty days.').isVisible()).toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    expect(problems).toEqual([]);
  });
});
