// The code editor in Chromium on SQLite and PostgreSQL: completion of fields and targets from the schema and the
// definition, a problem underlined where it is and marked on the builder's card and box, the reference on hovering a
// field, YAML as well as JSON; the plain text area for who prefers it; no CSP refusal; axe-core finds nothing serious.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { checkAccessible } from './axe.js';
import { pasteCode } from './code-editor.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 20_000 };
const PASSWORD = 'correct horse battery';

const bot = {
  name: 'lamp shop',
  interactions: [
    { name: 'welcome', intents: ['sys:start'], actions: [{ send: { message: { text: 'Hi {sys:firstName}!' } } }] },
    { name: 'order', intents: [{ name: 'order', expressions: ['order a lamp'] }], actions: [{ name: 'askCount', send: { message: { text: 'How many?' } } }] },
    { name: 'anything else', intents: ['sys:text'], actions: [{ send: { message: { text: 'Sorry?' } } }] },
  ],
};

describe.each(DATABASES)(present ? 'the code editor in Chromium on %s' : `the code editor in Chromium on %s — SKIPPED: ${CHROMIUM} is missing`, (kind) => {
  let server: TestServer;
  let browser: Browser;
  let botId: number;
  const email = `code-editor-${kind}@example.com`;

  beforeAll(async () => {
    if (!present) return;
    [server, browser] = await Promise.all([
      startTestServer(kind),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    const api = client(server.url, (await server.account(email)).token);
    botId = (await api('POST', '/v1/bots', bot)).body.id;
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const open = async (width: number): Promise<{ page: Page; problems: string[] }> => {
    const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security|violates/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${server.url}/console/#/bots/${botId}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Password').press('Enter');
    await page.getByLabel('Definition (code editor)').waitFor(WAIT);
    return { page, problems };
  };

  it.skipIf(!present)('completes fields and targets, underlines a problem where it is and marks it on the builder, and shows the reference on hover', async () => {
    const { page, problems } = await open(1200);
    const editor = page.getByLabel('Definition (code editor)');
    const text = page.getByLabel('Definition', { exact: true });
    // The bot as stored, in the editor unchanged.
    expect(JSON.parse(await editor.textContent() === '' ? '{}' : await text.inputValue())).toEqual(bot);

    // A new step in "order": its field, then where it goes, each chosen from what the editor offers.
    const json = JSON.stringify(bot, null, 2);
    const cut = json.indexOf('}\n        }\n      ]', json.indexOf('How many?')) + '}\n        }'.length;
    await pasteCode(editor, `${json.slice(0, cut)},\n        {"go`);
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+Space');
    const offers = page.getByRole('listbox');
    await offers.waitFor(WAIT);
    expect(await offers.getByRole('option').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^goto/)]));
    await offers.getByRole('option', { name: /^goto/ }).click();
    await page.keyboard.type('": "');
    await page.keyboard.press('Control+Space');
    await offers.waitFor(WAIT);
    const targets = (await offers.getByRole('option').allTextContents()).map((t) => t.replace(/interaction or action$/, ''));
    expect(targets.sort()).toEqual(['anything else', 'askCount', 'order', 'welcome']);
    await offers.getByRole('option', { name: /^askCount/ }).click();
    await expect.poll(() => text.inputValue(), WAIT).toContain('{"goto": "askCount');

    // A target that names nothing: underlined in the text, and the card and the box of its interaction marked.
    const broken = { ...bot, interactions: [bot.interactions[0], { ...bot.interactions[1], actions: [...bot.interactions[1]!.actions, { goto: 'nowhere' }] }, bot.interactions[2]] };
    await pasteCode(editor, JSON.stringify(broken, null, 2));
    const underlined = editor.locator('.cm-lintRange-error');
    await underlined.first().waitFor(WAIT);
    expect((await underlined.allTextContents()).join('')).toBe('"goto": "nowhere"');
    const flow = page.getByRole('region', { name: 'Flow' });
    await flow.getByRole('article', { name: 'order 1 problem' }).waitFor(WAIT);
    expect(await flow.locator('.step-problem').textContent()).toContain('nowhere');
    expect(await flow.locator('.flow-graph .node.has-problem').getAttribute('data-label')).toBe('order');

    // The reference's words on hovering a field.
    await editor.getByText('"goto"').hover();
    const tip = page.locator('.doc-tip');
    await tip.waitFor(WAIT);
    expect(await tip.textContent()).toContain('stop this chain and continue from there');
    if (kind === 'sqlite') await page.locator('.editor').screenshot({ path: path.join(SHOTS, 'code-editor.png') });
    await page.mouse.move(0, 0);

    // YAML: the same help.
    await page.getByLabel('Format').selectOption('yaml');
    await expect.poll(() => text.inputValue(), WAIT).toContain('name: lamp shop');
    await pasteCode(editor, 'name: lamp shop\ninteractions:\n  - name: welcome\n    intents: [sys:start]\n    actions:\n      - wai');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Control+Space');
    await offers.waitFor(WAIT);
    expect(await offers.getByRole('option').allTextContents()).toEqual(expect.arrayContaining([expect.stringMatching(/^waitFor/)]));
    await page.keyboard.press('Escape');
    await checkAccessible(page, 'code editor', problems);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it.skipIf(!present)('gives the plain text area to who chooses it, and keeps that choice', async () => {
    const { page, problems } = await open(360);
    await page.getByLabel('Plain text area (no colours, completion or underlines)').check();
    const text = page.getByLabel('Definition', { exact: true });
    await text.waitFor(WAIT);
    expect(await page.getByLabel('Definition (code editor)').count()).toBe(0);
    await page.reload();
    await text.waitFor(WAIT);
    expect(await page.getByLabel('Plain text area (no colours, completion or underlines)').isChecked()).toBe(true);
    await page.getByLabel('Plain text area (no colours, completion or underlines)').uncheck();
    await page.getByLabel('Definition (code editor)').waitFor(WAIT);
    expect(await page.evaluate('document.documentElement.scrollWidth > document.documentElement.clientWidth')).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
