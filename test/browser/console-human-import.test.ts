// The Humans page's import in Chromium: a CSV with a bad row sent through the file input, followed to done with its
// counts and the row's problem, the humans then in the list; a JSON lines import cancelled while it runs, another's
// problems paged with More; a file refused as a whole shown as an alert; axe, 360 px; the screenshot for docs/console.md.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seriousViolations } from './axe.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'importing humans in the console in Chromium' : `importing humans in the console in Chromium — SKIPPED: ${CHROMIUM} is missing`;
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 20_000 };
const EMAIL = 'importer@example.com';
const PASSWORD = 'correct horse battery';
const CSV = [
  'firstName,lastName,phone,email,tags',
  'Ada,Lovelace,+14155550111,ada@example.com,customer;newsletter',
  'Grace,Hopper,+14155550112,grace@example.com,customer',
  'Bad,Phone,12345,,customer',
].join('\n');

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  const choose = (name: string, text: string) =>
    page.getByLabel('File (CSV or JSON lines)').setInputFiles({ name, mimeType: 'application/octet-stream', buffer: Buffer.from(text) });
  const status = () => page.locator('.import p').first();
  const counts = () => page.locator('.import .counts').evaluate((dl) =>
    Object.fromEntries([...dl.querySelectorAll('dt')].map((dt) => [dt.textContent, Number(dt.nextElementSibling?.textContent)])));

  beforeAll(async () => {
    fs.mkdirSync(SHOTS, { recursive: true });
    [server, browser] = await Promise.all([
      startTestServer('sqlite', { JOBS_POLL_MS: '50' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    await server.account(EMAIL);
    page = await (await browser.newContext({ viewport: { width: 1000, height: 800 } })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}/console`);
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('imports a CSV with a bad row: progress to done, the counts, the row\'s problem, the humans in the list', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Humans', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Humans', exact: true }).waitFor(WAIT);
    await page.getByRole('link', { name: 'Import humans' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import humans' }).waitFor(WAIT);
    await page.getByText('No imports yet.').waitFor(WAIT);

    await choose('crm.csv', CSV);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Status: done · 3 of 3 rows').waitFor(WAIT);
    expect(await page.getByRole('heading', { level: 2, name: /^Import \d+: crm\.csv$/ }).isVisible()).toBe(true);
    expect(page.url()).toMatch(/#\/humans\/import\/\d+$/);
    expect(await counts()).toEqual({ rows: 3, created: 2, updated: 0, failed: 1 });
    expect(await page.getByLabel('Rows dealt with').evaluate((p) => [p.getAttribute('value'), p.getAttribute('max')])).toEqual(['3', '3']);
    expect(await page.getByRole('button', { name: 'Cancel import' }).isVisible()).toBe(false);

    const table = page.getByRole('table', { name: 'Problems by row' });
    await table.waitFor(WAIT);
    const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent)));
    expect(cells).toEqual([['4', 'phone', expect.stringContaining('"12345" is not a phone number')]]);
    expect(await page.getByRole('button', { name: 'More problems' }).isVisible()).toBe(false);
    const recent = page.getByRole('region', { name: 'Recent imports' }).getByRole('listitem');
    expect(await recent.count()).toBe(1);
    expect(await recent.first().textContent()).toMatch(/^Import \d+: crm\.csv · .+ · done · 3 rows: 2 created, 0 updated, 1 failed$/);

    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'human-import.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await page.setViewportSize({ width: 1000, height: 800 });

    await page.getByRole('link', { name: 'Back to humans' }).click();
    await page.getByRole('heading', { level: 1, name: 'Humans', exact: true }).waitFor(WAIT);
    await page.getByLabel('Tag').fill('customer');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('cell', { name: 'Grace Hopper', exact: true }).waitFor(WAIT);
    expect(await page.getByRole('cell', { name: 'Ada Lovelace', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('cell', { name: 'customer, newsletter', exact: true }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('cancels a JSON lines import while it runs, with the keyboard; pages through another\'s problems with More', async () => {
    // A few rows are written in milliseconds: the job waits for the test, so the import is seen running and cancelled.
    const imports = server.services.humanImports;
    const run = imports.run.bind(imports);
    let release = () => {};
    const held = new Promise<void>((resolve) => { release = resolve; });
    imports.run = async (id) => { await held; return run(id); };
    try {
      await page.getByRole('link', { name: 'Import humans' }).click();
      await page.getByRole('heading', { level: 1, name: 'Import humans' }).waitFor(WAIT);
      await choose('held.jsonl', '{"firstName":"Held","phone":"+14155550120"}\n{"firstName":"Also","phone":"+14155550121"}\n');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const cancel = page.getByRole('button', { name: 'Cancel import' });
      await cancel.waitFor(WAIT);
      expect(await status().textContent()).toBe('Status: importing · 0 of 2 rows');
      await cancel.focus();
      await page.keyboard.press('Enter');
      await page.getByText('Status: cancelled · 0 of 2 rows').waitFor(WAIT);
      expect(await cancel.isVisible()).toBe(false);
      expect(await page.evaluate('document.activeElement?.textContent')).toBe('Status: cancelled · 0 of 2 rows');
    } finally {
      release();
      imports.run = run;
    }

    const lines = Array.from({ length: 55 }, (_, i) => JSON.stringify({ firstName: `Wrong ${i}`, phone: '12' }));
    await choose('wrong.ndjson', `${lines.join('\n')}\n`);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByText('Status: done · 55 of 55 rows').waitFor(WAIT);
    const rows = page.getByRole('table', { name: 'Problems by row' }).locator('tbody tr');
    await rows.nth(49).waitFor(WAIT);
    expect(await rows.count()).toBe(50);
    await page.getByRole('button', { name: 'More problems' }).click();
    await rows.nth(54).waitFor(WAIT);
    expect(await rows.count()).toBe(55);
    expect(await page.getByRole('button', { name: 'More problems' }).isVisible()).toBe(false);
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('TABLE');
    const recent = page.getByRole('region', { name: 'Recent imports' }).getByRole('link');
    expect(await recent.allTextContents()).toEqual([expect.stringMatching(/wrong\.ndjson$/), expect.stringMatching(/held\.jsonl$/), expect.stringMatching(/crm\.csv$/)]);
    expect(problems).toEqual([]);
  });

  it('shows a file refused as a whole (a column an import does not read) as an alert, and imports nothing', async () => {
    await choose('odd.csv', 'firstName,nickname\nAda,Ace\n');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.filter({ hasText: 'The header names columns an import does not read: "nickname"' }).waitFor(WAIT);
    expect(await page.locator('.import').isVisible()).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Import humans' }).waitFor(WAIT);
    expect(await page.getByRole('region', { name: 'Recent imports' }).getByRole('listitem').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
