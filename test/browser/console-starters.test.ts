// "New bot" in Chromium on SQLite and PostgreSQL: the starters offered, the FAQ one chosen from the keyboard, published
// as it is, and answering a web-chat visitor's question with the answer its conversation tests (examples/faq) expect.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { ChatClient } from '../channels/web/chat-client.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const WAIT = { timeout: 20_000 };

describe.each(DATABASES)(present ? 'starter bots in Chromium on %s' : `starter bots in Chromium on %s — SKIPPED: ${CHROMIUM} is missing`, (kind) => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    if (!present) return;
    [server, browser] = await Promise.all([
      startTestServer(kind),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it.skipIf(!present)('starts a bot from the FAQ starter, publishes it unchanged, and it answers on web chat', async () => {
    const email = `starters-${kind}@example.com`;
    const api = client(server.url, (await server.account(email)).token);
    const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    await page.goto(`${server.url}/console/#/bots/new`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Password').press('Enter');
    const starter = page.getByLabel('Start from');
    await starter.waitFor(WAIT);
    expect(await starter.locator('option').allTextContents()).toEqual([
      'Front desk: a greeting, a catch-all, the e-mail kept, handoff to a person',
      'FAQ: questions answered, a catch-all, handoff to a person',
      'Lead capture: a form, checked fields, an e-mail to sales',
      'Appointment booking: a date and time, confirmed, a reminder',
      'Welcome menu: quick replies, a carousel, handoff to people',
    ]);
    await starter.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.getByLabel('Definition').inputValue(), WAIT).toContain('"name": "opening hours"');
    await page.getByRole('status').filter({ hasText: /^No problems\.$/ }).waitFor(WAIT);
    await page.getByRole('button', { name: 'Create and publish' }).click();
    await page.getByRole('heading', { name: 'Bot: New bot' }).waitFor(WAIT);
    expect(await page.getByLabel('Start from').count()).toBe(0);
    expect(problems).toEqual([]);

    const bots = (await api('GET', '/v1/bots')).body as { id: number; name: string }[];
    const faq = JSON.parse(fs.readFileSync('examples/faq/bot.json', 'utf8')) as { interactions: unknown[] };
    const stored = (await api('GET', `/v1/bots/${bots[0]!.id}`)).body as { interactions: unknown[] };
    expect(stored.interactions).toEqual(faq.interactions);
    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: bots[0]!.id, name: 'FAQ chat', description: '' });
    const { client: chat } = await ChatClient.open(server.url, channel.body.id);
    chat.say('what are your opening hours?');
    await chat.next((f) => f.type === 'message' && (f.message as { text?: string }).text === 'We are open Monday to Saturday, 9:00 to 18:00.');
    chat.close();
    await page.context().close();
  });
});
