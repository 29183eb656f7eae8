import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { client } from '../helpers/http.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { seriousViolations } from './axe.js';
import { pizzaBot } from './pizza-bot.js';
import { startFlakyNetwork, startSite, type FlakyNetwork, type Site } from './site.js';

// The Debian package; CI installs it (apt-get install chromium). Never downloaded by the tests.
const CHROMIUM = '/usr/bin/chromium';
const present = fs.existsSync(CHROMIUM);
const title = present ? 'web chat in Chromium' : `web chat in Chromium — SKIPPED: ${CHROMIUM} is missing (install the Debian package chromium)`;
if (!present) console.warn(`test/browser: ${CHROMIUM} is missing, so the browser tests are skipped (apt-get install chromium).`);
/** How long the bot's API call takes: the visitor sees the bot typing meanwhile. */
const SLOW_API_MS = 700;
const WAIT = { timeout: 10_000 };

// This project type-checks without the DOM library: code that runs in the page names what it uses, or is an expression string.
const focused = (locator: Locator) => locator.evaluate((node: { ownerDocument: { activeElement: unknown } }) => node === node.ownerDocument.activeElement);
const shows = (image: Locator) => image.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth > 0);

describe.skipIf(!present)(title, () => {
  let server: TestServer;
  let site: Site;
  let network: FlakyNetwork;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let channelId: number;
  const problems: string[] = [];

  const log = () => page.locator('.chat-log');
  const bot = (text: string) => log().locator('.msg.out').filter({ hasText: text });
  const visitor = (text: string) => log().locator('.msg.in:not(.pending)').filter({ hasText: text });

  beforeAll(async () => {
    site = await startSite(SLOW_API_MS);
    const siteHost = new URL(site.url).host;
    const [started, launched] = await Promise.all([
      startTestServer('sqlite', { OUTBOUND_ALLOW_HOSTS: siteHost }),
      chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
    ]);
    server = started;
    browser = launched;
    const { token } = await server.account();
    const api = client(server.url, token);
    const created = await api('POST', '/v1/bots', pizzaBot(site.url));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const channel = await api('POST', '/v1/channels', { channelType: 'web', botId: created.body.id, name: 'Pizza <Desk>', description: 'site chat' });
    expect(channel.status).toBe(200);
    channelId = channel.body.id;
    network = await startFlakyNetwork(server.url);
    // A phone's width: the widget must fit it.
    context = await browser.newContext({ viewport: { width: 390, height: 760 }, geolocation: { latitude: 45.76, longitude: 4.84 }, permissions: ['geolocation'] });
    page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('console', (m) => { if (m.type() === 'error' && /Refused|Uncaught|TypeError/.test(m.text())) problems.push(`console: ${m.text()}`); });
  });

  afterAll(async () => {
    await browser?.close();
    await network?.close();
    await site?.close();
    await server?.close();
  });

  it('greets a person who opens the chat page, with quick replies; content is text, never markup', async () => {
    await page.goto(`${network.url}/chat/${channelId}`);
    expect(await page.title()).toBe('Pizza <Desk>');
    await bot('Hello! I am the <b>pizza</b> desk.').waitFor(WAIT);
    expect(await log().locator('b').count()).toBe(0);
    const news = bot('Hello!').getByRole('link', { name: 'https://pizza.example/news' });
    expect(await news.getAttribute('href')).toBe('https://pizza.example/news');
    expect(await news.getAttribute('rel')).toBe('noopener noreferrer');
    const chips = page.getByRole('group', { name: 'Suggested replies' }).getByRole('button');
    expect(await chips.allTextContents()).toEqual(['Opening hours', 'Menu']);
    expect(await shows(chips.nth(1).locator('img'))).toBe(true);
    // Only http(s), tel and mailto ever become links, checked by the widget's own module in this browser.
    // (A string, so the test runner does not rewrite the import.)
    const schemes = await page.evaluate(`import('/chat/assets/dom.js').then((dom) =>
      ['javascript:alert(1)', 'data:text/html,x', 'mailto:a@b.example', 'tel:+15550100', 'https://x.example/'].map((u) => dom.linkUrl(u)))`);
    expect(schemes).toEqual([null, null, 'mailto:a@b.example', 'tel:+15550100', 'https://x.example/']);
  });

  it('answers a typed message, with the bot typing while it calls its API, and keeps the focus in the message box', async () => {
    // The page notes when the dots appear, and whether the answer was there yet: polling from here could miss a short wait on a busy machine.
    await page.evaluate(`(() => {
      const dots = document.querySelector('.chat-typing');
      new MutationObserver(() => {
        if (!dots.hidden) window.typingShown = !document.querySelector('.chat-log').textContent.includes('We are open');
      }).observe(dots, { attributes: true, attributeFilter: ['hidden'] });
    })()`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('when are you open?');
    await box.press('Enter');
    expect(await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').count()).toBe(0);
    await bot('We are open 9 to 5.').waitFor(WAIT);
    expect(await page.evaluate('window.typingShown')).toBe(true);
    expect(await page.locator('.chat-typing').isHidden()).toBe(true);
    expect(await visitor('when are you open?').count()).toBe(1);
    expect(await focused(box)).toBe(true);
    expect(await box.inputValue()).toBe('');
  });

  it('runs a quick reply: a horizontal rich card with every link button, then a carousel of cards with media', async () => {
    await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button', { name: 'Menu' }).click();
    await visitor('Menu').waitFor(WAIT);
    const card = bot('Pizza of the day').locator('.card');
    await card.waitFor(WAIT);
    expect(await card.getAttribute('class')).toContain('horizontal');
    expect(await card.getAttribute('class')).toContain('align-right');
    expect(await card.getByRole('heading').textContent()).toBe('Pizza of the day');
    expect(await shows(card.locator('img'))).toBe(true);
    expect(await card.getByRole('link', { name: 'Full menu' }).getAttribute('href')).toBe('https://pizza.example/menu');
    expect(await card.getByRole('link', { name: 'Full menu' }).getAttribute('target')).toBe('_blank');
    expect(await card.getByRole('link', { name: 'Call us' }).getAttribute('href')).toBe('tel:+15550100100');
    expect(await card.getByRole('link', { name: 'Find us' }).getAttribute('href')).toContain('openstreetmap.org/?mlat=45.76&mlon=4.84');
    const [download] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'Pizza night' }).click()]);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(download.suggestedFilename()).toBe('Pizza night.ics');
    expect(ics).toContain('SUMMARY:Pizza night');
    expect(ics).toContain('DTSTART:20300601T190000Z');
    expect(ics).toContain('DTEND:20300601T210000Z');

    const carousel = bot('Pick one:').getByRole('group', { name: '4 cards' });
    await carousel.waitFor(WAIT);
    const cards = carousel.locator('.card');
    expect(await cards.locator('.card-title').allTextContents()).toEqual(['Margherita', 'Diavola', 'Our song', 'Allergens']);
    expect(await cards.first().locator('.card-text').textContent()).toBe('Tomato & <i>basil</i>');
    expect((await cards.first().locator('.card-media').boundingBox())!.height).toBe(112);
    const video = cards.nth(1).locator('video');
    expect(await video.getAttribute('controls')).not.toBeNull();
    expect(await video.getAttribute('poster')).toBe(`${site.url}/img/diavola.png`);
    expect(await cards.nth(2).locator('audio[controls]').count()).toBe(1);
    expect(await cards.nth(3).getByRole('link', { name: '📄 allergens.pdf' }).getAttribute('href')).toBe(`${site.url}/files/allergens.pdf`);
    // The custom JSON message between them is for other widgets: nothing is shown for it.
    expect(await log().locator('.msg.out').count()).toBe(4);
    // The carousel scrolls inside itself; the page never scrolls sideways on a phone.
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
  });

  it('fills a form: a required field left empty shows an error first, then the answers reach the bot', async () => {
    await bot('Pick one:').getByRole('button', { name: 'Order' }).first().click();
    // The newest form: the bot shows the form again when it refuses what was sent.
    const form = page.getByRole('form', { name: 'Form' }).last();
    await form.waitFor(WAIT);
    await form.getByRole('button', { name: 'Place order' }).click();
    const name = form.getByRole('textbox', { name: 'Name' });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText('Name is required.').isVisible()).toBe(true);
    expect(await focused(name)).toBe(true);
    expect(await form.getByRole('alert').textContent()).toContain('3 fields');

    await name.fill('Ada');
    const toppings = form.getByRole('group', { name: 'Toppings' });
    await toppings.getByRole('checkbox', { name: 'Olives' }).check();
    await toppings.getByRole('checkbox', { name: 'Basil' }).check();
    await form.getByRole('switch', { name: 'Delivery' }).check();
    await form.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    // A size the bot does not offer (a page left open while the bot changed, a tampered page): the server refuses it,
    // says why, and the form opens again with what was typed.
    const size = form.getByRole('combobox', { name: 'Size' });
    await size.evaluate((select: { ownerDocument: { createElement(tag: string): { value: string; textContent: string } }; append(node: unknown): void }) => {
      const option = select.ownerDocument.createElement('option');
      option.value = 'Huge';
      option.textContent = 'Huge';
      select.append(option);
    });
    await size.selectOption('Huge');
    await form.getByRole('button', { name: 'Place order' }).click();
    await bot('Size: choose one of Small, Large.').waitFor(WAIT);
    await expect.poll(() => page.getByRole('form', { name: 'Form' }).count(), WAIT).toBe(2);
    expect(await page.getByRole('form', { name: 'Form' }).first().getByText('Sent again below.').isVisible()).toBe(true);
    expect(await name.isEnabled()).toBe(true);
    expect(await name.inputValue()).toBe('Ada');
    expect(await form.getByRole('switch', { name: 'Delivery' }).isChecked()).toBe(true);

    await size.selectOption('Large');
    await form.getByRole('button', { name: 'Place order' }).click();
    await bot('Thanks Ada').waitFor(WAIT);
    expect(await bot('Thanks Ada').textContent()).toBe('Thanks Ada: a Large pizza with ["Olives","Basil"], delivery true. Confirmation to ada@example.com.');
    expect(await form.getByText('Sent').isVisible()).toBe(true);
    expect(await form.getByRole('textbox', { name: 'Name' }).isDisabled()).toBe(true);
  });

  it('loses the connection, keeps what the person typed meanwhile, reconnects and sends it once, also when lost in flight', async () => {
    const before = await log().locator('.msg').count();
    network.drop();
    await page.locator('.chat-status', { hasText: 'Reconnecting in' }).waitFor(WAIT);
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('are you still there?');
    await box.press('Enter');
    expect(await log().locator('.msg.pending').count()).toBe(1);
    network.restore();
    await bot('You said: are you still there?').waitFor(WAIT);
    expect(await visitor('are you still there?').count()).toBe(1);
    expect(await log().locator('.msg.pending').count()).toBe(0);
    // The history the welcome brings back again added nothing twice.
    expect(await log().locator('.msg').count()).toBe(before + 2);

    // Lost right after sending: whether the server got it or not, it is sent again, counted once, answered once.
    await box.fill('hello?');
    await box.press('Enter');
    network.drop();
    await page.locator('.chat-status', { hasText: 'Reconnecting in' }).waitFor(WAIT);
    network.restore();
    await bot('You said: hello?').waitFor(WAIT);
    await expect.poll(() => page.locator('.chat-status').textContent(), WAIT).toBe('');
    expect(await visitor('hello?').count()).toBe(1);
    expect(await bot('You said: hello?').count()).toBe(1);
    expect(await log().locator('.msg').count()).toBe(before + 4);
  });

  it('books a table: a date from the date picker and the location the browser shares answer the bot', async () => {
    const chips = page.getByRole('group', { name: 'Suggested replies' });
    await chips.getByRole('button', { name: 'Book a table' }).click();
    await chips.getByRole('button', { name: 'Pick a time' }).click();
    const picker = chips.getByLabel('Pick a time');
    expect(await focused(picker)).toBe(true);
    await picker.fill('2030-06-01T19:30');
    await chips.getByRole('button', { name: 'Send' }).click();
    await visitor('2030-06-01 19:30').waitFor(WAIT);
    await chips.getByRole('button', { name: 'Share my location' }).click();
    await visitor('📍 45.76, 4.84').waitFor(WAIT);
    await bot('Booked for 2030-06-01T19:30:00, coming from 45.76, 4.84.').waitFor(WAIT);
  });

  it('shows the whole history, in order and once, after a reload; the sent form stays closed', async () => {
    const texts = () => log().locator('.msg').evaluateAll((items) => items.map((li) => `${li.className.replace('msg ', '')}: ${(li.textContent ?? '').slice(0, 24)}`));
    const live = await texts();
    expect(live).toEqual([
      'out: Hello! I am the <b>pizza', 'in: when are you open?', 'out: We are open 9 to 5.', 'in: Menu', 'out: Pizza of the dayMargheri',
      'out: Pick one:MargheritaTomat', 'in: Order', 'out: Name *Size *Choose…Small', 'out: Size: choose one of Smal', 'out: Name *Size *Choose…Small',
      'out: Thanks Ada: a Large pizz',
      'in: are you still there?',
      'out: You said: are you still ', 'in: hello?', 'out: You said: hello?', 'in: Book a table', 'out: When would you like to c', 'in: 2030-06-01 19:30', 'out: Where are you coming fro',
      'in: 📍 45.76, 4.84', 'out: Booked for 2030-06-01T19',
    ]);
    await page.reload();
    await bot('Booked for').waitFor(WAIT);
    expect(await texts()).toEqual(live);
    const forms = page.getByRole('form', { name: 'Form' });
    expect(await forms.count()).toBe(2);
    expect(await forms.first().getByText('Sent again below.').isVisible()).toBe(true);
    expect(await forms.last().locator('input[name=fullName]').isDisabled()).toBe(true);
    expect(await forms.last().locator('input[name=fullName]').isVisible()).toBe(false);
    expect(await forms.last().getByText('Form closed (Name, Size, Toppings, Delivery, E-mail)').isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Suggested replies' }).getByRole('button').count()).toBe(0);
    expect(problems).toEqual([]);
    // Every kind of message on the page (cards, a carousel, forms sent and closed): no serious or critical violation.
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('opens from the button embed.js puts on another site, with the chat in its iframe', async () => {
    const shop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const page = await shop.newPage();
      await page.goto(site.embedPage(server.url, channelId));
      const open = page.getByRole('button', { name: 'Open chat' });
      await open.waitFor(WAIT);
      expect(await page.locator('iframe').getAttribute('src')).toBeNull();
      await open.click();
      expect(await page.getByRole('button', { name: 'Close chat' }).getAttribute('aria-expanded')).toBe('true');
      const chat = page.frameLocator('iframe[title="Chat"]');
      await chat.locator('.msg.out', { hasText: 'Hello! I am the <b>pizza</b> desk.' }).waitFor(WAIT);
      await chat.getByRole('textbox', { name: 'Message' }).fill('hi from the shop');
      await chat.getByRole('textbox', { name: 'Message' }).press('Enter');
      await chat.locator('.msg.out', { hasText: 'You said: hi from the shop' }).waitFor(WAIT);
      await page.keyboard.press('Escape');
      // Escape pressed in the chat reaches the page as a message from the iframe: the page hides it when that arrives.
      await page.locator('iframe').waitFor({ ...WAIT, state: 'hidden' });
      expect(await page.getByRole('button', { name: 'Open chat' }).getAttribute('aria-expanded')).toBe('false');
    } finally {
      await shop.close();
    }
  });
});
