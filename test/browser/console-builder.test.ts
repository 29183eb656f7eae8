// The bot builder in Chromium on SQLite and PostgreSQL: a bot with a greeting, a menu and an e-mail question built with
// the builder's forms alone (no text typed into the definition), published, answering a web-chat visitor, the e-mail
// on the contact; the same bot in the code editor unchanged and a step saved unchanged leaving the text as it was; the
// graph with the funnel and an unreachable mark; by keyboard at 360 px; axe-core finds nothing serious.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { ChatClient } from '../channels/web/chat-client.js';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { checkAccessible } from './axe.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 20_000 };
const PASSWORD = 'correct horse battery';

describe.each(DATABASES)(present ? 'the bot builder in Chromium on %s' : `the bot builder in Chromium on %s — SKIPPED: ${CHROMIUM} is missing`, (kind) => {
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

  const signIn = async (email: string, width: number): Promise<{ page: Page; problems: string[] }> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}/console/#/bots/new`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('region', { name: 'Flow' }).waitFor(WAIT);
    return { page, problems };
  };

  /** Fills the open form of `card` (field label → value; a select takes its option's text) and saves it. */
  const fillForm = async (form: Locator, values: Record<string, string>, save: string) => {
    for (const [label, value] of Object.entries(values)) {
      const input = form.getByLabel(label, { exact: true });
      if (await input.evaluate((e) => e.tagName === 'SELECT')) await input.selectOption({ label: value });
      else await input.fill(value);
    }
    await form.getByRole('button', { name: save }).click();
  };

  const addInteraction = async (page: Page, name: string, start: string, phrases = '') => {
    const flow = page.getByRole('region', { name: 'Flow' });
    await flow.getByRole('button', { name: 'Add an interaction' }).click();
    const form = flow.getByRole('form', { name: 'Add an interaction' });
    await fillForm(form, { 'Name (required)': name, Starts: start, ...(phrases === '' ? {} : { Phrases: phrases }) }, 'Save interaction');
    await flow.getByRole('article', { name, exact: true }).waitFor(WAIT);
  };

  const addStep = async (page: Page, interaction: string, kindOfStep: string, values: Record<string, string>) => {
    const card = page.getByRole('region', { name: 'Flow' }).getByRole('article', { name: new RegExp(`^${interaction}( Unreachable)?$`) });
    const before = await card.getByRole('listitem').count();
    await card.getByRole('button', { name: `Add a step to ${interaction}` }).click();
    const form = card.getByRole('form', { name: `Add a step to ${interaction}` });
    await form.getByLabel('Kind of step').selectOption({ label: kindOfStep });
    await fillForm(form, values, 'Save step');
    await expect.poll(() => card.getByRole('listitem').count(), WAIT).toBeGreaterThan(before);
  };

  it.skipIf(!present)('builds a greeting, a menu and an e-mail question with forms alone; it answers on web chat and keeps the e-mail on the contact', async () => {
    const email = `builder-${kind}@example.com`;
    const api = client(server.url, (await server.account(email)).token);
    const { page, problems } = await signIn(email, 1200);
    const definition = page.getByLabel('Definition', { exact: true });
    const flow = page.getByRole('region', { name: 'Flow' });

    // The starter's interactions go: the bot is built from nothing.
    for (const name of ['greeting', 'anything else']) {
      await flow.getByRole('button', { name: `Delete interaction ${name}` }).click();
      await expect.poll(() => flow.getByRole('article', { name, exact: true }).count(), WAIT).toBe(0);
    }
    await addInteraction(page, 'hours', 'When the person says one of these phrases', 'opening hours\nwhen are you open');
    await addStep(page, 'hours', 'Send a message', { Text: 'We are open 9 to 5, Monday to Friday.' });
    await addInteraction(page, 'newsletter', 'When the person says one of these phrases', 'newsletter\nsign me up');
    await addStep(page, 'newsletter', 'Ask a question (checked, asked again on a wrong answer)', {
      Answer: 'An e-mail address', 'Question (required)': 'What is your e-mail address?' });
    // The e-mail kind fills in where the answer goes and what a wrong answer hears.
    expect(await definition.inputValue()).toContain('"attribute": "sys:email"');
    await addStep(page, 'newsletter', 'Send a message', { Text: 'Thanks! The newsletter goes to {sys:email}.' });
    await addInteraction(page, 'menu', 'When a conversation starts (the welcome)');
    await addStep(page, 'menu', 'Send a message', { Text: 'Hi! What would you like?', 'Quick replies': 'Opening hours -> hours\nNewsletter -> newsletter' });
    // No problems; the one warning says no interaction catches what nothing else understands.
    await page.getByRole('status').filter({ hasText: /^No problems\. 1 warning\.$/ }).waitFor(WAIT);

    // The graph draws the four interactions (the re-ask is one) and where each leads.
    const graph = flow.getByRole('img', { name: /^The flow as a graph/ });
    expect(await graph.getAttribute('aria-label')).toBe('The flow as a graph: 4 interactions, 4 arrows. The list below says the same in words.');
    expect(await flow.getByRole('article', { name: 'newsletter' }).locator('.step-text').allTextContents()).toEqual([
      'Send "What is your e-mail address?"', 'Wait for text into email', 'Set sys:email', 'Send "Thanks! The newsletter goes to {sys:email}."']);

    await page.getByRole('button', { name: 'Create and publish' }).click();
    await page.getByRole('heading', { name: 'Bot: New bot' }).waitFor(WAIT);
    expect(problems).toEqual([]);

    const bots = (await api('GET', '/v1/bots')).body as { id: number }[];
    const stored = (await api('GET', `/v1/bots/${bots[0]!.id}`)).body as { interactions: { name: string }[] };
    expect(stored.interactions.map((i) => i.name)).toEqual(['hours', 'newsletter', 'ask email again', 'menu']);

    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: bots[0]!.id, name: 'Built chat', description: '' });
    const { client: chat } = await ChatClient.open(server.url, channel.body.id);
    expect(await chat.botText(0)).toBe('Hi! What would you like?');
    expect(chat.botMessages()[0]!.quickReplies?.map((q) => q.title)).toEqual(['Opening hours', 'Newsletter']);
    chat.say('Newsletter');
    expect(await chat.botText(1)).toBe('What is your e-mail address?');
    chat.say('no thanks');
    expect(await chat.botText(2)).toBe('That does not look like an e-mail address. Please type it again, such as ada@example.com.');
    expect(await chat.botText(3)).toBe('What is your e-mail address?');
    chat.say('ada@example.com');
    expect(await chat.botText(4)).toBe('Thanks! The newsletter goes to ada@example.com.');
    chat.say('when are you open');
    expect(await chat.botText(5)).toBe('We are open 9 to 5, Monday to Friday.');
    chat.close();
    const humans = ((await api('GET', '/v1/humans')).body as { humans: { email: string | null }[] }).humans;
    expect(humans.map((x) => x.email)).toContain('ada@example.com');

    // The rollups are folded every second: the page opened again once they count the conversation.
    await expect.poll(async () => ((await api('GET', `/v1/analytics/interactions?bot_id=${bots[0]!.id}`)).body as { interactions: { interaction: string; finished: number }[] })
      .interactions.find((i) => i.interaction === 'hours')?.finished, WAIT).toBe(1);
    // Opened again: the code editor holds the stored bot unchanged; saving a step as the form shows it changes no text.
    await page.reload();
    await flow.waitFor(WAIT);
    const text = await definition.inputValue();
    const { id: _id, dateCreated: _d, currentRevision: _c, latestRevision: _l, ...asStored } = (await api('GET', `/v1/bots/${bots[0]!.id}`)).body as Record<string, unknown>;
    expect(JSON.parse(text)).toEqual(asStored);
    if (kind === 'sqlite') await flow.screenshot({ path: path.join(SHOTS, 'bot-builder.png') });
    const hours = flow.getByRole('article', { name: 'hours' });
    await hours.getByRole('button', { name: 'Edit step 1 of hours' }).click();
    await hours.getByRole('form', { name: 'Edit step 1 of hours' }).getByRole('button', { name: 'Save step' }).click();
    await expect.poll(() => hours.getByRole('form').count(), WAIT).toBe(0);
    expect(await definition.inputValue()).toBe(text);
    // Down and up again: the text is as it was.
    const newsletter = flow.getByRole('article', { name: 'newsletter' });
    await newsletter.getByRole('button', { name: 'Move step 3 of newsletter down' }).click();
    await expect.poll(() => definition.inputValue(), WAIT).not.toBe(text);
    await newsletter.getByRole('button', { name: 'Move step 4 of newsletter up' }).click();
    await expect.poll(() => definition.inputValue(), WAIT).toBe(text);

    // The funnel of the last days sits on the graph's boxes; an interaction nothing leads to is marked.
    await newsletter.getByRole('button', { name: 'Name and start of newsletter' }).click();
    await fillForm(newsletter.getByRole('form', { name: 'Name and start of newsletter' }), { Starts: 'Only when another step leads to it' }, 'Save interaction');
    await flow.getByRole('button', { name: 'Delete step 1 of menu' }).click();
    await flow.getByRole('article', { name: 'newsletter Unreachable' }).waitFor(WAIT);
    expect(await graph.locator('.node.unreachable').count()).toBe(2);
    expect(await graph.locator('.node[data-label="hours"] text').allTextContents()).toContain('in 1 · done 1 · dropped 0');
    if (kind === 'sqlite') await flow.locator('.flow-canvas').screenshot({ path: path.join(SHOTS, 'bot-builder-unreachable.png') });
    await checkAccessible(page, 'builder', problems);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!present)('adds a step and an interaction by keyboard at 360 px, where the list is the view', async () => {
    const email = `builder-keys-${kind}@example.com`;
    await server.account(email);
    const { page, problems } = await signIn(email, 360);
    const flow = page.getByRole('region', { name: 'Flow' });
    expect(await flow.locator('.flow-canvas').isVisible()).toBe(false);
    await flow.getByRole('button', { name: 'Add a step to greeting' }).focus();
    await page.keyboard.press('Enter');
    const form = flow.getByRole('form', { name: 'Add a step to greeting' });
    expect(await page.evaluate('document.activeElement?.name')).toBe('kind');
    await form.getByLabel('Kind of step').selectOption({ label: 'Hand over to a person' });
    await form.getByRole('button', { name: 'Save step' }).focus();
    await page.keyboard.press('Enter');
    const greeting = flow.getByRole('article', { name: 'greeting' });
    await expect.poll(() => greeting.locator('.step-text').allTextContents(), WAIT).toContain('Hand over to a person');
    // The focus comes back to the card it changed.
    expect(await page.evaluate('document.activeElement?.getAttribute("data-label")')).toBe('greeting');
    expect(await page.getByLabel('Definition', { exact: true }).inputValue()).toContain('"enabled": false');
    await flow.getByRole('button', { name: 'Add a step to greeting' }).click();
    await flow.getByRole('form', { name: 'Add a step to greeting' }).getByLabel('Kind of step').selectOption({ label: 'Ask a question (checked, asked again on a wrong answer)' });
    if (kind === 'sqlite') await flow.screenshot({ path: path.join(SHOTS, 'bot-builder-form-360.png') });
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    await checkAccessible(page, 'builder at 360 px', problems);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!present)('runs a starter\'s conversation tests on the page and marks what they did not test on the flow', async () => {
    const email = `builder-tests-${kind}@example.com`;
    await server.account(email);
    const { page, problems } = await signIn(email, 1200);
    await page.getByLabel('Start from').selectOption({ label: 'FAQ: questions answered, a catch-all, handoff to a person' });
    const tests = page.getByRole('region', { name: 'Tests' });
    await expect.poll(() => tests.getByLabel('Conversation tests (YAML)').inputValue(), WAIT).toContain('answers each question it knows');
    await tests.getByRole('button', { name: 'Run tests' }).click();
    const summary = tests.getByRole('status');
    await summary.filter({ hasText: /passed/ }).waitFor(WAIT);
    expect(await summary.textContent()).toMatch(/^\d+ passed, 0 failed\. Tests entered (\d+) of \1 interactions and ran (\d+) of \2 steps \(marked in the flow\)\.$/);
    const flow = page.getByRole('region', { name: 'Flow' });
    expect(await flow.locator('.coverage-mark').count()).toBe(0);

    // A new interaction no test says anything to: marked "Not tested" once the tests run again; a failure is located.
    await addInteraction(page, 'prices', 'When the person says one of these phrases', 'how much is it\nprices');
    await addStep(page, 'prices', 'Send a message', { Text: 'From 5 euros.' });
    await tests.getByLabel('Conversation tests (YAML)').fill(`${await tests.getByLabel('Conversation tests (YAML)').inputValue()}\n- name: a wrong answer\n  steps:\n    - user: hi\n    - bot: Good evening.\n`);
    await tests.getByRole('button', { name: 'Run tests' }).click();
    await summary.filter({ hasText: /1 failed/ }).waitFor(WAIT);
    expect(await summary.textContent()).toContain('1 interaction not tested');
    await flow.getByRole('article', { name: 'prices Not tested' }).waitFor(WAIT);
    expect(await flow.locator('.flow-graph .node.untested').getAttribute('data-label')).toBe('prices');
    const failed = tests.getByRole('list', { name: 'Test results' }).locator('li.failed');
    expect(await failed.locator('pre').textContent()).toContain('Good evening.');
    expect(await failed.textContent()).toMatch(/^Failed: a wrong answer, step 2 \(line \d+\)/);
    if (kind === 'sqlite') await tests.screenshot({ path: path.join(SHOTS, 'bot-tests.png') });
    await checkAccessible(page, 'tests', problems);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
