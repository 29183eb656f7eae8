// The console on a WhatsApp number in Chromium, against the fake Cloud API: an agent's text after the 24-hour window is
// refused and the reply box offers the approved templates instead; a broadcast on WhatsApp is sent as a template.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { fakeUser } from '../fakes/whatsapp-webhook.js';
import { eventually } from '../channels/support/eventually.js';
import { whatsappWorld, type WhatsAppWorld } from '../channels/whatsapp/whatsapp-world.js';
import { checkAccessible } from './axe.js';

const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'the console on WhatsApp in Chromium' : `the console on WhatsApp in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
const WAIT = { timeout: 15_000 };
const SHOTS = path.join(import.meta.dirname, '../../docs/channels');
const bot = { name: 'desk', interactions: [{ name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] }] };

describe.skipIf(!present)(title, () => {
  let w: WhatsAppWorld;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];
  const violations: string[] = [];
  const grace = fakeUser('Grace Hopper');

  beforeAll(async () => {
    [w, browser] = await Promise.all([
      whatsappWorld('sqlite', bot, { NLU_TRAINING_WORKERS: '0' }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    w.fake.template(w.number, { name: 'order_update', body: 'Hello {{1}}, your order is ready' });
    w.fake.template(w.number, { name: 'weekly_offer', body: 'Hi {{1}}, this week: {{2}}' });
    await w.hook.text(grace, 'where is my order?');
    const conversationId = await w.conversationAt(w.channelId, grace.userId);
    expect(await w.lastSettled(conversationId)).toMatchObject({ status: 'sent' });
    // A day later: the person's last message is 25 hours old, and WhatsApp's clock agrees.
    await w.server.store.db.updateTable('messages').set({ created_at: new Date(Date.now() - 25 * 3_600_000).toISOString() })
      .where('conversation_id', '=', conversationId).execute();
    w.fake.clockOffsetMs = 25 * 3_600_000;

    // The account's owner, made by the world with the test helper's password.
    const { accountId } = (await w.api('GET', '/v1/me')).body as { accountId: number };
    const { email } = await w.server.store.db.selectFrom('members').select('email').where('account_id', '=', accountId).where('role', '=', 'owner').executeTakeFirstOrThrow();
    page = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError|Content Security/.test(m.text())) problems.push(`console: ${m.text()}`); });
    await page.goto(`${w.server.url}/console`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByLabel('Password').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor(WAIT);
  });

  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('offers the approved templates when the window has closed, and sends the one chosen with its variable', async () => {
    await page.getByRole('link', { name: /Grace Hopper/ }).first().click();
    const reply = page.getByLabel('Reply to the human');
    await reply.fill('Your order is ready');
    await reply.press('Enter');
    await page.getByRole('button', { name: 'Take over and send' }).click();
    await page.getByRole('alert').filter({ hasText: 'window closed' }).waitFor(WAIT);
    const picker = page.getByRole('group', { name: 'Send an approved template' });
    await picker.waitFor(WAIT);
    await picker.getByLabel('Template').selectOption({ label: 'order_update (en_US)' });
    await picker.getByLabel('Variable {{1}}').fill('Grace');
    await picker.getByText('Hello Grace, your order is ready').waitFor(WAIT);
    await checkAccessible(page, 'inbox with a template offered', violations);
    await page.getByRole('button', { name: 'Send reply' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'whatsapp-console-template.png') });
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('button', { name: 'Take over and send' }).click();
    await eventually(() => expect(w.fake.acceptedFor(grace.waId!, grace.userId).at(-1)?.body).toEqual({
      type: 'template', template: { name: 'order_update', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Grace' }] }] },
    }));
    // Sent, the box is a plain reply box again.
    await picker.waitFor({ state: 'hidden', ...WAIT });
    expect(violations).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('sends a broadcast on WhatsApp as a template, its variables filled in for each human', async () => {
    const humanId = (await w.api('GET', '/v1/humans')).body.humans[0]?.id;
    expect(humanId).toBeGreaterThan(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Broadcasts', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Broadcasts' }).waitFor(WAIT);
    const picker = page.getByRole('group', { name: 'Approved template' });
    await picker.waitFor(WAIT);
    expect(await page.getByLabel('Message').isVisible()).toBe(false);
    await page.getByLabel('Human ids').fill(String(humanId));
    await picker.getByLabel('Template').selectOption({ label: 'weekly_offer (en_US)' });
    await picker.getByLabel('Variable {{1}}').fill('{sys:firstName}');
    await picker.getByLabel('Variable {{2}}').fill('pasta');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('heading', { name: /^Broadcast \d+/ }).waitFor(WAIT);
    await eventually(() => expect(w.fake.acceptedFor(grace.waId!, grace.userId).at(-1)?.body).toEqual({
      type: 'template', template: { name: 'weekly_offer', language: { code: 'en_US' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Grace' }, { type: 'text', text: 'pasta' }] }] },
    }));
    expect(problems).toEqual([]);
  });
});
