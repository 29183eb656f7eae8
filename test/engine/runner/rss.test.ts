// send.rss: a feed fetched through the HTTP port (a test double here) shown as a list or a carousel of its latest items.
import { describe, expect, it } from 'vitest';
import { bothFormats, messagesOf, say, StubHttp, Talk } from './harness.js';

const item = (n: number, extra = '') => `<item><title>Story ${n}</title><link>https://news.example/${n}</link><description><![CDATA[<p>About <b>${n}</b></p>]]></description>${extra}</item>`;
const rss = (count: number) => `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>News</title>${
  Array.from({ length: count }, (_, i) => item(i + 1, i === 0 ? '<media:content url="https://news.example/1.jpg" medium="image"/>' : '')).join('')}</channel></rss>`;
const atom = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Blog</title>
  <entry><title>First post</title><link rel="alternate" href="https://blog.example/1"/><summary>Hello</summary></entry>
  <entry><title>Second post</title><link href="https://blog.example/2"/><content type="html">&lt;i&gt;World&lt;/i&gt;</content></entry></feed>`;

const news = {
  name: 'news',
  interactions: [
    { name: 'cards', intents: [{ name: 'cards', expressions: ['news cards'] }], actions: [{ send: { rss: { url: 'https://news.example/{feed}.xml' } } }] },
    { name: 'list', intents: [{ name: 'list', expressions: ['news list'] }], actions: [{ send: { rss: { url: 'https://news.example/big.xml', preferedLayout: 'list' } } }] },
    { name: 'atom', intents: [{ name: 'atom', expressions: ['blog posts'] }], actions: [{ send: { rss: { url: 'https://blog.example/atom.xml', preferedLayout: 'carousel' } } }] },
    { name: 'single', intents: [{ name: 'single', expressions: ['one story'] }], actions: [{ send: { rss: { url: 'https://news.example/one.xml' } } }] },
    { name: 'broken', intents: [{ name: 'broken', expressions: ['broken feed'] }], actions: [
      { send: { rss: { url: 'https://news.example/missing.xml' } } },
      { send: { rss: { url: 'https://news.example/page.html' } } },
      { send: { rss: { url: 'https://down.example/feed.xml' } } },
      say('Sorry, no news today.'),
    ] },
  ],
};

function feeds(): StubHttp {
  return new StubHttp({
    'https://news.example/small.xml': () => ({ headers: { 'content-type': 'application/rss+xml' }, body: rss(3) }),
    'https://news.example/big.xml': () => ({ headers: { 'content-type': 'application/rss+xml' }, body: rss(14) }),
    'https://news.example/one.xml': () => ({ headers: { 'content-type': 'application/rss+xml' }, body: rss(1) }),
    'https://blog.example/atom.xml': () => ({ headers: { 'content-type': 'application/atom+xml' }, body: atom }),
    'https://news.example/missing.xml': () => ({ status: 404, body: 'not found' }),
    'https://news.example/page.html': () => ({ headers: { 'content-type': 'text/html' }, body: '<html><body>hi</body></html>' }),
  });
}

describe.each(bothFormats(news))('send.rss (%s)', (_format, definition) => {
  const talk = (http = feeds()) => new Talk(definition, { http, attributes: { human: { feed: 'small' } } });

  it('shows a feed as a carousel by default: title, description without HTML, image, a Read button', async () => {
    const http = feeds();
    const [m] = messagesOf(await talk(http).say('news cards'));
    expect(http.requests[0]!.url).toBe('https://news.example/small.xml');
    expect(m!.text).toBeNull();
    expect(m!.carousel.map((c) => [c.title, c.description, c.media, c.mediaType, c.buttons.map((b) => [b.type, b.title, b.payload])])).toEqual([
      ['Story 1', 'About 1', 'https://news.example/1.jpg', 'image', [['weburl', 'Read', 'https://news.example/1']]],
      ['Story 2', 'About 2', null, null, [['weburl', 'Read', 'https://news.example/2']]],
      ['Story 3', 'About 3', null, null, [['weburl', 'Read', 'https://news.example/3']]],
    ]);
  });

  it('shows a list as text, the ten latest items with their links', async () => {
    const [m] = messagesOf(await talk().say('news list'));
    const lines = m!.text!.split('\n');
    expect(lines.slice(0, 4)).toEqual(['• Story 1', '  https://news.example/1', '• Story 2', '  https://news.example/2']);
    expect(lines).toHaveLength(20);
    expect(m!.carousel).toEqual([]);
  });

  it('reads Atom feeds too', async () => {
    const [m] = messagesOf(await talk().say('blog posts'));
    expect(m!.carousel.map((c) => [c.title, c.description, c.buttons[0]!.payload])).toEqual([
      ['First post', 'Hello', 'https://blog.example/1'], ['Second post', 'World', 'https://blog.example/2'],
    ]);
  });

  it('a carousel needs two cards: a single item is shown as a list', async () => {
    const [m] = messagesOf(await talk().say('one story'));
    expect(m!.text).toBe('• Story 1\n  https://news.example/1');
  });

  it('a feed that fails (error status, not a feed, unreachable) sends nothing; the chain goes on', async () => {
    const t = talk();
    expect(await t.texts('broken feed')).toEqual(['Sorry, no news today.']);
    expect(t.issues()).toEqual([
      'The feed https://news.example/missing.xml answered 404; nothing was sent.',
      'https://news.example/page.html is not an RSS or Atom feed with items; nothing was sent.',
      'The feed https://down.example/feed.xml could not be read: no route for https://down.example/feed.xml.',
    ]);
  });
});
