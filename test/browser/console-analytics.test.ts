// The console's Analytics page in Chromium, on SQLite and PostgreSQL: after scripted web-chat conversations, the totals,
// the charts drawn with data, the interactions' drop-off, a text the bot did not understand added as an expression into a
// draft revision (the published one untouched), a CSV download, by keyboard and at 360 px; axe-core finds nothing serious;
// the bot's flow in words on its page, with each interaction's figures.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { converse } from '../channels/web/chat-client.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { checkAccessible } from './axe.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 20_000 };
const PASSWORD = 'correct horse battery';

const bot = {
  name: 'lamp shop',
  interactions: [
    { name: 'hours', intents: [{ expressions: ['when are you open', 'opening hours'] }], actions: [{ send: { message: { text: 'From 9 to 5.' } } }] },
    {
      name: 'order', intents: [{ expressions: ['i want to order a lamp', 'order a lamp'] }],
      actions: [{ send: { message: { text: 'How many?' } } }, { waitFor: { data: ['number'], content: 'n' } }, { send: { message: { text: '{n} lamps, noted.' } } }],
    },
    { name: 'anything else', intents: ['sys:text'], actions: [{ send: { message: { text: 'Sorry, I did not get that.' } } }] },
    { name: 'orphan', actions: [{ send: { message: { text: 'Nothing leads here.' } } }] },
  ],
};

describe.each(DATABASES)(present ? 'the Analytics page in Chromium on %s' : `the Analytics page in Chromium on %s — SKIPPED: ${CHROMIUM} is missing`, (kind) => {
  let server: TestServer;
  let browser: Browser;
  let api: Call;
  let botId: number;
  let email: string;
  const problems: string[] = [];

  const talk = (channelId: number, ...texts: string[]) => converse(server.url, channelId, ...texts);

  beforeAll(async () => {
    if (!present) return;
    [server, browser] = await Promise.all([
      startTestServer(kind),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    email = `analytics-${kind}@example.com`;
    const account = await server.account(email);
    api = client(server.url, account.token);
    botId = (await api('POST', '/v1/bots', bot)).body.id;
    const channelId = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'Shop chat', description: '' })).body.id;
    await talk(channelId, 'when are you open', 'do you sell glowing unicorns');
    await talk(channelId, 'order a lamp', '3');
    await talk(channelId, 'i want to order a lamp');
    await talk(channelId, 'do you sell glowing unicorns');
    await server.services.runtime.settled();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const signIn = async (width: number): Promise<Page> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 }, acceptDownloads: true })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}/console`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { name: 'Inbox' }).waitFor(WAIT);
    return page;
  };

  it.skipIf(!present)('shows the totals, the charts with their data and each interaction\'s drop-off', async () => {
    const page = await signIn(1200);
    await page.getByRole('navigation').getByRole('link', { name: 'Analytics', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Analytics' }).waitFor(WAIT);
    await page.getByRole('heading', { level: 2, name: 'Not understood' }).waitFor(WAIT);
    const tile = (label: string) => page.locator('.tile', { has: page.locator('.label', { hasText: new RegExp(`^${label}$`) }) }).locator('.value').textContent();
    expect(await tile('conversations')).toBe('4');
    expect(await tile('messages in')).toBe('6');
    expect(await tile('messages out')).toBe('6');
    expect(await tile('not understood')).toBe('2');
    expect(await tile('contained')).toBe('100 %');
    // Each chart's canvas is drawn (pixels that are not blank) and says in words what it shows.
    for (const name of ['Messages over time', 'Containment', 'Delivery by channel', 'Interactions: entered, finished, dropped']) {
      const canvas = page.locator('figure.chart', { has: page.locator('figcaption', { hasText: name }) }).locator('canvas');
      expect(await canvas.getAttribute('aria-label')).toBeTruthy();
      expect(await canvas.evaluate((c) => {
        const drawn = c as unknown as { width: number; height: number; getContext(kind: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> } } };
        return Array.prototype.some.call(drawn.getContext('2d').getImageData(0, 0, drawn.width, drawn.height).data, (v: number) => v !== 0);
      })).toBe(true);
    }
    expect(await page.getByRole('img', { name: /Messages in and out each day .*6 in, 6 out in all/ }).count()).toBe(1);
    // The funnel's table: "order" entered twice, finished once, the last interaction of both conversations, dropped once (the lamps never counted).
    const order = page.getByRole('table', { name: 'Interactions' }).getByRole('row', { name: /^order / });
    expect((await order.getByRole('cell').allTextContents())).toEqual(['2', '1', '2', '1', '50 %']);
    const unrecognised = page.getByRole('table', { name: 'Not understood' }).getByRole('row', { name: /glowing unicorns/ });
    expect(await unrecognised.getByRole('cell').first().textContent()).toBe('2');
    if (kind === 'sqlite') await page.screenshot({ path: path.join(SHOTS, 'analytics.png'), fullPage: true });
    const violations: string[] = [];
    await checkAccessible(page, 'analytics', violations);
    expect(violations).toEqual([]);
    // Every table as CSV, from a link that carries the session.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download interactions as CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('interaction,entered,finished,left,dropped,dropOff');
    expect(csv).toContain('\r\norder,2,1,2,1,0.5\r\n');
    expect((await download).suggestedFilename()).toMatch(/^parley-interactions-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!present)('shows the bot\'s flow in words on its page, each interaction with its figures, and what nothing reaches', async () => {
    const page = await signIn(360);
    await page.goto(`${server.url}/console/#/bots/${botId}`);
    const flow = page.getByRole('region', { name: 'Flow' });
    await flow.waitFor(WAIT);
    expect(await flow.getByText('4 interactions, 1 that nothing reaches; entered, finished and dropped over the last 30 days.').count()).toBe(1);
    const order = flow.getByRole('article', { name: 'order' });
    expect(await order.getByRole('list', { name: 'Steps of order' }).locator('.step-text').allTextContents())
      .toEqual(['Send "How many?"', 'Wait for number into n', 'Send "{n} lamps, noted."']);
    expect(await order.locator('.figures').textContent()).toBe('Entered 2, finished 1, dropped 1 (50 %).');
    const orphan = flow.getByRole('article', { name: 'orphan Unreachable' });
    expect(await orphan.getByText('Starts only when another interaction leads to it.').count()).toBe(1);
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    if (kind === 'sqlite') await flow.screenshot({ path: path.join(SHOTS, 'bot-flow-360.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!present)('adds a text the bot did not understand to an interaction, in a draft revision, by keyboard at 360 px', async () => {
    const page = await signIn(360);
    await page.goto(`${server.url}/console/#/analytics?bot=${botId}`);
    await page.getByRole('heading', { level: 2, name: 'Not understood' }).waitFor(WAIT);
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await page.getByLabel('Add to interaction').focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Add to interaction').inputValue()).toBe('order');
    await page.getByLabel('Add to interaction').selectOption('hours');
    await page.getByRole('button', { name: 'Add "do you sell glowing unicorns" as an expression' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Added "do you sell glowing unicorns" to hours in revision 2, a draft' }).waitFor(WAIT);
    if (kind === 'sqlite') await page.screenshot({ path: path.join(SHOTS, 'analytics-add-expression-360.png'), fullPage: false });
    const stored = (await api('GET', `/v1/bots/${botId}`)).body;
    expect([stored.currentRevision, stored.latestRevision]).toEqual([1, 2]);
    const draft = (await api('GET', `/v1/bots/${botId}/revisions/2`)).body;
    expect(draft.interactions[0].intents).toEqual([{ expressions: ['when are you open', 'opening hours', 'do you sell glowing unicorns'] }]);
    expect(draft.interactions.slice(1)).toEqual(stored.interactions.slice(1));
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
