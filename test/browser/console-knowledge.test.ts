// The console's Knowledge page in Chromium: a base created, a document added and seen indexed, a question tried; then a
// web-chat visitor answered from it, and the inbox's transcript showing which passage the answer used.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the Knowledge page in Chromium' : `the Knowledge page in Chromium — SKIPPED: ${CHROMIUM} is missing`;
const WAIT = { timeout: 20_000 };
const EMAIL = 'kb@example.com';
const PASSWORD = 'correct horse battery';
const ANSWERING_BOT = {
  name: 'help desk',
  interactions: [{ name: 'ask', intents: ['sys:text'], actions: [{ answer: { knowledgeBases: ['Help'], extractive: true, fallback: 'unknown', dailyTokenLimit: 50000 } }] },
    { name: 'unknown', actions: [{ send: { message: { text: 'I do not know that one.' } } }] }],
};

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let browser: Browser;
  let page: Page;
  let token = '';
  const problems: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer('sqlite', { JOBS_POLL_MS: '50' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    // The test helper's accounts have PASSWORD; this one is also reached by its API token.
    token = (await server.account(EMAIL)).token;
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

  it('answers a web-chat visitor from the base, and the inbox shows which passage the answer used', async () => {
    const api = client(server.url, token);
    const bot = await api('POST', '/v1/bots', ANSWERING_BOT);
    expect(bot.status).toBe(200);
    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: bot.body.id, name: 'Help chat', description: '' });
    expect(channel.status).toBe(200);
    const visitor = await (await browser.newContext({ viewport: { width: 390, height: 700 } })).newPage();
    await visitor.goto(`${server.url}/chat/${channel.body.id}`);
    const box = visitor.getByRole('textbox', { name: 'Message' });
    await box.fill('Can I return a lamp?');
    await box.press('Enter');
    await visitor.locator('.chat-log .msg.out').filter({ hasText: 'You may return any lamp within thirty days.' }).waitFor(WAIT);

    await page.getByRole('navigation').getByRole('link', { name: 'Inbox', exact: true }).click();
    await page.getByRole('link', { name: /Help chat/ }).first().click();
    const how = page.getByText('Answered from the knowledge bases');
    await how.waitFor(WAIT);
    await how.click();
    await page.getByText(/^Returns › Returns · score \d/).or(page.getByText(/^Returns · score \d/)).first().waitFor(WAIT);
    expect(await page.getByText('The best passage, as it is (no model)').isVisible()).toBe(true);

    // The bot's page counts its answers and sets today's tokens against the daily limit of its answer step.
    await page.goto(`${server.url}/console#/bots/${bot.body.id as number}`);
    const usage = page.getByRole('region', { name: 'Answers from knowledge bases' });
    await usage.waitFor(WAIT);
    expect(await usage.getByText(/: 1 answer \(0 fell back\), 0 prompt and 0 answer tokens\.$/).count()).toBe(1);
    expect(await usage.getByText('Today: 0 of 50000 tokens (the daily limit; past it, answers take their fallback).').count()).toBe(1);
    expect(await usage.getByRole('table', { name: 'Answers by day' }).getByRole('row').count()).toBe(2);
    expect(problems).toEqual([]);
  });
});
