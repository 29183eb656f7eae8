// The bot editor in Chromium on SQLite and PostgreSQL: "New bot"'s starters, the FAQ one chosen from the keyboard, published
// as it is and answering a web-chat visitor as its conversation tests (examples/faq) expect; a problem placed in the text.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { ChatClient } from '../channels/web/chat-client.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const WAIT = { timeout: 20_000 };

describe.each(DATABASES)(present ? 'the bot editor in Chromium on %s' : `the bot editor in Chromium on %s — SKIPPED: ${CHROMIUM} is missing`, (kind) => {
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

  it.skipIf(!present)('starts a bot from the FAQ starter, publishes it unchanged, it answers on web chat, and a problem is placed in the text', async () => {
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
    await expect.poll(() => page.getByLabel('Definition', { exact: true }).inputValue(), WAIT).toContain('"name": "opening hours"');
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

    // A problem names its place in the text; its button selects it there, in JSON and in YAML (here in the plain text
    // area, chosen instead of the code editor: test/browser/console-code-editor.test.ts does the same there).
    await page.getByLabel('Plain text area (no colours, completion or underlines)').check();
    const editor = page.getByLabel('Definition', { exact: true });
    await editor.waitFor(WAIT);
    const broken = { ...faq, name: 'New bot', interactions: [...faq.interactions, { name: 'lost', intents: ['sys:help'], actions: [{ goto: 'nowhere' }] }] };
    await editor.fill(JSON.stringify(broken, null, 2));
    const problem = page.getByRole('list', { name: 'Problems' }).getByRole('listitem').filter({ hasText: 'nowhere' });
    await problem.waitFor(WAIT);
    await problem.getByRole('button', { name: /^Go to line \d+, column \d+$/ }).click();
    const selected = () => editor.evaluate((e) => { const t = e as unknown as { value: string; selectionStart: number; selectionEnd: number }; return t.value.slice(t.selectionStart, t.selectionEnd); });
    expect(await selected()).toBe('"goto": "nowhere"');
    expect(await page.evaluate('document.activeElement?.name')).toBe('definition');
    await page.getByLabel('Format').selectOption('yaml');
    await problem.getByRole('button').waitFor(WAIT);
    await problem.getByRole('button').click();
    expect(await selected()).toBe('goto: nowhere');
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
