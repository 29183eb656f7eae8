// The console a support team adopts on day one, in Chromium on both databases: the first run (the owner made in the
// browser), the README's bot on a web channel set up in words with its snippet, an invited agent landing signed in and
// offered only what the role allows, an agent's day (assigned, unread, found by the e-mail the bot captured, a reply
// from the keyboard that takes over, resolved, reopened by the visitor), the audit log in words; axe-core on every page.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { checkAccessible } from './axe.js';
import { pasteCode } from './code-editor.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the console on day one in Chromium' : `the console on day one in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const SHOTS = path.join(import.meta.dirname, '../../docs/console');
const WAIT = { timeout: 15_000 };
const README_BOT = fs.readFileSync(path.join(import.meta.dirname, '../../examples/front-desk/bot.json'), 'utf8');
const GREETING = 'Hello! I\'m the front desk bot.';
const PASSWORD = 'a long enough password';

describe.skipIf(!present)(title, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  });
  afterAll(async () => browser?.close());

  describe.each(DATABASES)('on %s', (kind) => {
    let server: TestServer;
    const contexts: BrowserContext[] = [];
    let owner: Page;
    let visitor: Page;
    let agent: Page;
    let chatUrl = '';
    let inviteUrl = '';
    /** axe-core's serious and critical findings, page state by page state; none is allowed. */
    const violations: string[] = [];
    const problems: string[] = [];
    // The pages are the same whatever the database: axe-core checks them on the first database's run.
    const axe = async (page: Page, state: string) => { if (kind === 'sqlite') await checkAccessible(page, state, violations); };
    // The screenshots docs/console.md shows come from one database's run.
    const shot = async (name: string, page: Page) => {
      if (kind === 'sqlite') await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    };
    const page = async (width = 1200, height = 800) => {
      const context = await browser.newContext({ viewport: { width, height } });
      contexts.push(context);
      const p = await context.newPage();
      p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
      p.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security|404/.test(m.text())) problems.push(`console: ${m.text()}`); });
      return p;
    };
    const go = async (p: Page, name: string, heading = name) => {
      await p.getByRole('navigation').getByRole('link', { name, exact: true }).click();
      await p.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor(WAIT);
    };
    const said = (text: string) => visitor.locator('.chat-log .msg.out').filter({ hasText: text });

    beforeAll(async () => {
      fs.mkdirSync(SHOTS, { recursive: true });
      // Recognizers trained on the event loop: a worker thread's start (it compiles the engine through tsx) made the
      // bot's first answer wait 7 to 16 s here, and these tests are about the console, not about training.
      server = await startTestServer(kind, { NLU_TRAINING_WORKERS: '0' });
      [owner, visitor, agent] = await Promise.all([page(), page(390, 700), page()]);
    });
    afterAll(async () => {
      for (const c of contexts) await c.close();
      await server?.close();
    });

    it('makes the owner in the browser on the first run, with no menu before; the empty inbox says what to do next', async () => {
      await owner.goto(`${server.url}/console`);
      await owner.getByRole('heading', { name: 'Welcome to Parley' }).waitFor(WAIT);
      expect(await owner.getByRole('navigation').count()).toBe(0);
      expect(await owner.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
      await axe(owner, 'first run');
      await owner.getByLabel('Your name').fill('Olga');
      await owner.getByLabel('E-mail').fill(`owner-${kind}@example.com`);
      await owner.getByLabel('Password').fill(PASSWORD);
      await shot('first-run', owner);
      await owner.getByLabel('Password').press('Enter');
      await owner.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor(WAIT);
      await owner.getByText('No open conversations.').waitFor(WAIT);
      expect(await owner.locator('.who').textContent()).toBe('Olga');
      await axe(owner, 'empty inbox');
      // Never offered again.
      expect((await fetch(`${server.url}/v1/setup`).then((r) => r.json()) as { needed: boolean }).needed).toBe(false);
    });

    it('writes the README\'s bot, and warns about a bot with no catch-all', async () => {
      await go(owner, 'Bots');
      await owner.getByText('No bots yet.', { exact: false }).waitFor(WAIT);
      await axe(owner, 'bots, none yet');
      await owner.getByRole('link', { name: 'New bot' }).click();
      const editor = owner.getByLabel('Definition (code editor)');
      await editor.waitFor(WAIT);
      // "New bot" starts from the README's bot; it has a catch-all, so nothing to warn about.
      await owner.getByRole('status').filter({ hasText: 'No problems.' }).waitFor(WAIT);
      await pasteCode(editor, JSON.stringify({ ...JSON.parse(README_BOT) as object, interactions: [(JSON.parse(README_BOT) as { interactions: unknown[] }).interactions[0]] }));
      await owner.getByRole('list', { name: 'Warnings' }).getByText('No catch-all').waitFor(WAIT);
      await pasteCode(editor, README_BOT);
      await owner.getByRole('status').filter({ hasText: /^No problems\.$/ }).waitFor(WAIT);
      await owner.getByRole('button', { name: 'Create and publish' }).click();
      await owner.getByRole('heading', { name: 'Bot: Front desk' }).waitFor(WAIT);
      await axe(owner, 'bot editor');
    });

    it('makes a web channel in words, asking only its fields, and gives the snippet; the README\'s bot answers the visitor', async () => {
      await go(owner, 'Channels');
      await owner.getByText('No channels yet.', { exact: false }).waitFor(WAIT);
      const type = owner.getByLabel('Type', { exact: true });
      expect(await type.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Web chat', 'SMS long code', 'SMS short code', 'RCS']));
      await type.selectOption({ label: 'SMS long code' });
      await owner.getByLabel('Phone number').waitFor(WAIT);
      expect(await owner.getByLabel('Carrier credentials').getAttribute('type')).toBe('password');
      await type.selectOption({ label: 'Web chat' });
      await owner.getByLabel('Phone number').waitFor({ state: 'detached', ...WAIT });
      expect(await owner.locator('.type-fields input, .type-fields textarea').count()).toBe(0);
      await owner.getByLabel('Name', { exact: true }).fill('Site chat');
      await owner.getByRole('button', { name: 'Create channel' }).click();
      await owner.getByRole('heading', { name: 'Site chat is ready' }).waitFor(WAIT);
      const snippet = await owner.getByLabel('Embed snippet').inputValue();
      expect(snippet).toMatch(/^<script src="http:\/\/127\.0\.0\.1:\d+\/chat\/\d+\/embed\.js" async><\/script>$/);
      chatUrl = `${server.url}/chat/${/\/chat\/(\d+)\//.exec(snippet)![1]}`;
      await shot('channel-web-snippet', owner);
      await axe(owner, 'channels');

      await visitor.goto(chatUrl);
      await said(GREETING).waitFor(WAIT);
      const box = visitor.getByRole('textbox', { name: 'Message' });
      for (const [text, answer] of [['Where is my order?', 'Sorry, I can\'t answer that myself.'], ['ann@example.com', 'Thanks! We will write to ann@example.com.']] as const) {
        await box.fill(text);
        await box.press('Enter');
        await said(answer).waitFor(WAIT);
      }
      await box.fill('Can I talk to a real person?');
      await box.press('Enter');
      await said('Sorry, I can\'t answer that myself.').nth(1).waitFor(WAIT);
      await axe(visitor, 'web chat');
    });

    it('invites an agent, who lands signed in and is offered only what the role allows', async () => {
      await go(owner, 'Team & audit', 'Team and audit');
      await owner.getByLabel('E-mail', { exact: true }).fill(`ana-${kind}@example.com`);
      await owner.getByLabel('Name', { exact: true }).fill('Ana');
      await owner.getByLabel('Role', { exact: true }).selectOption('agent');
      await owner.getByRole('button', { name: 'Invite', exact: true }).click();
      const link = owner.getByLabel(`Invitation link for ana-${kind}@example.com`, { exact: true });
      await link.waitFor(WAIT);
      inviteUrl = await link.inputValue();

      await agent.goto(inviteUrl);
      await agent.getByText('You are invited as agent').waitFor(WAIT);
      await axe(agent, 'invitation');
      expect(await agent.getByLabel('Your name', { exact: false }).inputValue()).toBe('');
      await agent.getByLabel('Your name', { exact: false }).fill('Ana');
      await agent.getByLabel('Choose a password (at least 8 characters)').fill(PASSWORD);
      await agent.getByLabel('The same password again').fill(PASSWORD);
      await agent.getByLabel('The same password again').press('Enter');
      // No token to copy: the console, signed in.
      await agent.getByRole('heading', { name: 'Inbox', level: 1 }).waitFor(WAIT);
      expect(await agent.locator('.who').textContent()).toBe('Ana');

      // What the agent's role cannot do is not offered.
      await go(agent, 'Bots');
      await agent.getByRole('link', { name: 'Front desk' }).waitFor(WAIT);
      expect(await agent.getByRole('link', { name: 'New bot' }).count()).toBe(0);
      await go(agent, 'Channels');
      await agent.getByRole('cell', { name: 'Site chat', exact: true }).waitFor(WAIT);
      expect(await agent.getByRole('button', { name: /Create channel|Edit Site chat|Delete Site chat/ }).count()).toBe(0);
      await go(agent, 'Broadcasts');
      expect(await agent.getByRole('button', { name: 'Send' }).count()).toBe(0);
      await go(agent, 'Team & audit', 'Team and audit');
      await agent.getByRole('table', { name: 'Members' }).waitFor(WAIT);
      expect(await agent.getByRole('button', { name: 'Invite', exact: true }).count()).toBe(0);
      expect(await agent.getByRole('heading', { name: 'Audit log' }).count()).toBe(0);
      await shot('agent-team', agent);
      await axe(agent, 'team, as an agent');
      await go(agent, 'Webhooks & tokens', 'Webhooks and tokens');
      expect(await agent.getByRole('button', { name: /Create token|Add webhook/ }).count()).toBe(0);
      await axe(agent, 'settings, as an agent');
    });

    it('an agent\'s day: assigned a waiting conversation, unread, found by the e-mail the bot captured, a reply from the keyboard, resolved, reopened', async () => {
      // The owner sees the visitor waiting for a person and assigns the conversation to Ana.
      await go(owner, 'Inbox');
      const waiting = owner.locator('a.conversation').filter({ hasText: 'Wants a person' });
      await waiting.waitFor(WAIT);
      await waiting.click();
      await owner.getByRole('log', { name: 'Transcript' }).getByText('Can I talk to a real person?').waitFor(WAIT);
      await owner.getByLabel('Assigned to', { exact: true }).last().selectOption({ label: 'Ana' });
      await owner.locator('.state').filter({ hasText: 'Assigned to Ana.' }).waitFor(WAIT);
      await axe(owner, 'inbox with a conversation');

      // Ana's conversations: this one, and what the visitor writes now unread (what came before she joined never is).
      await go(agent, 'Inbox');
      await agent.getByLabel('Assigned to', { exact: true }).first().selectOption({ label: 'Me' });
      const mine = agent.locator('a.conversation');
      await mine.filter({ hasText: 'ann@example.com' }).waitFor(WAIT);
      const box = visitor.getByRole('textbox', { name: 'Message' });
      await box.fill('Hello? Anyone there?');
      await box.press('Enter');
      await mine.filter({ hasText: '1 unread' }).waitFor(WAIT);
      expect(await mine.count()).toBe(1);
      // Found by the e-mail the bot captured, from the keyboard.
      await agent.getByLabel('Search').fill('ANN@example');
      await agent.getByLabel('Search').press('Enter');
      await mine.filter({ hasText: 'Wants a person' }).waitFor(WAIT);
      await mine.first().click();
      const contact = agent.getByRole('complementary', { name: 'Contact' });
      await contact.locator('dd').nth(1).filter({ hasText: 'ann@example.com' }).waitFor(WAIT);
      // Read now: the count goes.
      await mine.filter({ hasText: /\d+ unread/ }).waitFor({ state: 'detached', ...WAIT });

      // A reply from the keyboard: Shift+Enter breaks the line, Enter sends, and the bot still has it: asked first.
      await agent.getByLabel('Reply to the human').focus();
      await agent.keyboard.type('Hi Ann, Ana here.');
      await agent.keyboard.press('Shift+Enter');
      await agent.keyboard.type('Your order left today.');
      await agent.keyboard.press('Enter');
      const takeOver = agent.getByRole('button', { name: 'Take over and send' });
      await takeOver.waitFor(WAIT);
      expect(await agent.evaluate('document.activeElement.textContent')).toBe('Take over and send');
      await agent.keyboard.press('Enter');
      const fromAna = visitor.locator('.chat-log .msg.out.person');
      await fromAna.filter({ hasText: 'Your order left today.' }).waitFor(WAIT);
      expect(await fromAna.locator('.sender').textContent()).toBe('Ana (agent)');
      expect(await fromAna.locator('.bubble').textContent()).toBe('Hi Ann, Ana here.\nYour order left today.');
      await agent.locator('.state').filter({ hasText: 'A person has this conversation' }).waitFor(WAIT);
      await agent.getByRole('log', { name: 'Transcript' }).getByText('Ana (agent)').waitFor(WAIT);
      await shot('inbox-agent', agent);
      await shot('web-chat-agent', visitor);
      await axe(agent, 'inbox, as an agent');

      await agent.getByRole('button', { name: 'Resolve' }).click();
      await agent.locator('.state').filter({ hasText: 'Status: resolved.' }).waitFor(WAIT);
      await agent.getByText('No conversation matches.').waitFor(WAIT);
      // The visitor writes again: open again, back in Ana's list.
      await box.fill('Thanks! One more question.');
      await box.press('Enter');
      await agent.locator('.state').filter({ hasText: 'Status: open.' }).waitFor(WAIT);
      await mine.filter({ hasText: 'Thanks! One more question.' }).waitFor(WAIT);
      // The bot stays quiet: Ana has the conversation.
      expect(await said('Sorry').count()).toBe(3);
    });

    it('keeps canned replies that the reply box puts in', async () => {
      await go(agent, 'Canned replies');
      await agent.getByLabel('Title').fill('Hours');
      await agent.getByLabel('Text', { exact: true }).fill('We answer from 9 to 5, Monday to Friday.');
      await agent.getByRole('button', { name: 'Add canned reply' }).click();
      await agent.getByRole('button', { name: 'Edit Hours' }).waitFor(WAIT);
      await axe(agent, 'canned replies');
      await go(agent, 'Inbox');
      await agent.locator('a.conversation').first().click();
      await agent.getByLabel('Canned reply').selectOption({ label: 'Hours' });
      expect(await agent.getByLabel('Reply to the human').inputValue()).toBe('We answer from 9 to 5, Monday to Friday.');
      await agent.getByLabel('Reply to the human').press('Enter');
      await visitor.locator('.chat-log .msg.out.person').filter({ hasText: 'We answer from 9 to 5' }).waitFor(WAIT);
    });

    it('reads the audit log in words, filtered by member and by kind of resource', async () => {
      await go(owner, 'Team & audit', 'Team and audit');
      const audit = owner.getByRole('table', { name: 'Audit log, newest first' });
      await owner.getByLabel('Member', { exact: true }).selectOption({ label: 'Ana' });
      await owner.getByLabel('Changed', { exact: true }).selectOption({ label: 'Conversations' });
      await owner.getByRole('button', { name: 'Filter' }).click();
      const id = /\/inbox\/(\d+)/.exec((await agent.locator('a.conversation').first().getAttribute('href'))!)![1];
      await audit.locator('.summary').filter({ hasText: `Ana took over conversation ${id} (ann@example.com) and replied` }).waitFor(WAIT);
      // The filtered page replaces the whole list.
      await expect.poll(async () => (await audit.locator('.summary').allTextContents()).every((s) => s.startsWith('Ana ')), WAIT).toBe(true);
      const said = await audit.locator('.summary').allTextContents();
      expect(said).toEqual(expect.arrayContaining([`Ana resolved conversation ${id} (ann@example.com)`, `Ana replied in conversation ${id} (ann@example.com)`]));
      expect(said.every((s) => s.startsWith('Ana '))).toBe(true);
      await owner.getByLabel('Member', { exact: true }).selectOption({ label: 'Anyone' });
      await owner.getByLabel('Changed', { exact: true }).selectOption({ label: 'Sign-ins' });
      await owner.getByRole('button', { name: 'Filter' }).click();
      await audit.locator('.summary').filter({ hasText: 'Ana signed in' }).waitFor(WAIT);
      await audit.locator('.summary').filter({ hasText: 'Olga signed in' }).waitFor(WAIT);
      await shot('audit', owner);
      await axe(owner, 'team and audit');
    });

    it('passes axe on the other pages, and signs out to a page with no menu', async () => {
      for (const [link, heading] of [['Overview', 'Overview'], ['Humans', 'Humans'], ['Broadcasts', 'Broadcasts'], ['Webhooks & tokens', 'Webhooks and tokens']] as const) {
        await go(owner, link, heading);
        await axe(owner, heading);
      }
      await owner.getByRole('button', { name: 'Sign out' }).click();
      await owner.getByRole('heading', { name: 'Sign in to Parley' }).waitFor(WAIT);
      expect(await owner.getByRole('navigation').isVisible()).toBe(false);
      expect(await owner.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);
      await axe(owner, 'sign-in');
      expect(violations).toEqual([]);
      expect(problems).toEqual([]);
    });
  });
});
