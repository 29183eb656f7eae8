// send.request: methods, data formats, headers, content and process, response mapping, retries, fallback, async, allowHtml.
import { describe, expect, it } from 'vitest';
import { sendWithRetries } from '../../../src/engine/actions/request.js';
import { HttpFailure } from '../../../src/engine/ports.js';
import { bothFormats, json, say, StubHttp, Talk } from './harness.js';

const API = 'https://api.example';

const requests = {
  name: 'requests',
  interactions: [
    { name: 'getOrder', intents: [{ name: 'getOrder', expressions: ['order status'] }], actions: [
      { send: {
        request: { url: `${API}/orders/{orderId}?v=1`, headers: { Authorization: 'Bearer {bot:key}', 'X-Static': 'yes' },
          response: { status: 'order.status', firstSku: 'items[0].sku', whole: '$', gone: 'missing.path', 'bot:lastStatus': 'order.status' },
          responseHeaders: { etag: 'ETag' } },
        message: { text: 'Order {orderId} is {status}' },
      } },
    ] },
    { name: 'post', intents: [{ name: 'post', expressions: ['post json'] }], actions: [
      { send: { request: { url: `${API}/orders`, method: 'POST', dataFormat: 'json', content: { name: '{sys:firstName}', qty: 2, tags: ['{tag}'] }, response: 'created', responseHeaders: 'headers' } } },
      say('created {created}'),
    ] },
    { name: 'postString', intents: [{ name: 'postString', expressions: ['post string'] }], actions: [
      { send: { request: { url: `${API}/raw`, method: 'PUT', dataFormat: 'json', content: '{"items": {cart}, "by": "{sys:firstName}"}' } } },
      { send: { request: { url: `${API}/raw`, method: 'PATCH', dataFormat: 'json', process: false, content: '{"by": "{sys:firstName}"}' } } },
      { send: { request: { url: `${API}/raw`, method: 'POST', content: 'Hello {sys:firstName}', headers: { 'Content-Type': 'text/x-custom' } } } },
      { send: { request: { url: `${API}/raw`, method: 'POST', dataFormat: 'form', content: { name: '{sys:firstName}', n: '1 & 2' } } } },
      { send: { request: { url: `${API}/raw`, method: 'DELETE' } } },
    ] },
    { name: 'flaky', intents: [{ name: 'flaky', expressions: ['flaky api'] }], actions: [
      { send: { request: { url: `${API}/flaky`, retries: 1, response: { result: 'ok' }, fallback: 'failed' } } },
      say('result {result}'),
    ] },
    { name: 'broken', intents: [{ name: 'broken', expressions: ['broken api'] }], actions: [
      { send: { request: { url: `${API}/broken`, retries: 1, response: 'result', fallback: 'failed' }, message: { text: 'never sent' } } },
      say('never sent either'),
    ] },
    { name: 'notFound', intents: [{ name: 'notFound', expressions: ['missing resource'] }], actions: [
      { send: { request: { url: `${API}/missing`, retries: 2, fallback: 'failed' } } },
    ] },
    { name: 'slow', intents: [{ name: 'slow', expressions: ['slow api'] }], actions: [
      { send: { request: { url: `${API}/slow`, fallback: 'failed' } } },
      say('never'),
    ] },
    { name: 'html', intents: [{ name: 'html', expressions: ['html page'] }], actions: [
      { send: { request: { url: `${API}/page`, response: 'page', fallback: 'failed' } } },
      { send: { request: { url: `${API}/page`, response: 'page2', allowHtml: true } } },
      say('page2 {page2}'),
    ] },
    { name: 'noFallback', intents: [{ name: 'noFallback', expressions: ['no fallback'] }], actions: [
      { send: { request: { url: `${API}/broken`, response: 'result' } } },
      say('went on, result [{result}]'),
    ] },
    { name: 'failed', intents: [], actions: [say('The service is unavailable.')] },
    { name: 'async', intents: [{ name: 'async', expressions: ['async call'] }], actions: [
      { send: { request: { url: `${API}/async`, async: true, response: { state: 'status' } } } },
      say('asked, status [{status}]'),
    ] },
    { name: 'asyncFail', intents: [{ name: 'asyncFail', expressions: ['async fail'] }], actions: [
      { send: { request: { url: `${API}/broken`, async: true, fallback: 'failed' } } },
      say('asked'),
    ] },
    { name: 'asyncWhileWaiting', intents: [{ name: 'asyncWhileWaiting', expressions: ['async then wait'] }], actions: [
      { send: { request: { url: `${API}/broken`, async: true, fallback: 'failed' } } },
      { send: { message: { text: 'Your name?' } } },
      { waitFor: { data: 'text', content: 'name' } },
      say('Thanks {name}'),
    ] },
  ],
};

function http(): StubHttp {
  return new StubHttp({
    [`${API}/orders/A7?v=1`]: () => json({ order: { status: 'shipped' }, items: [{ sku: 'marg' }] }, 200, { etag: '"v9"' }),
    [`${API}/orders`]: () => json({ id: 5 }, 201, { location: '/orders/5' }),
    [`${API}/raw`]: () => ({ status: 204, body: '' }),
    [`${API}/flaky`]: (_req, attempt) => (attempt === 1 ? { status: 503, body: 'busy' } : json({ ok: 'yes' })),
    [`${API}/broken`]: () => ({ status: 500, body: 'down' }),
    [`${API}/missing`]: () => json({ error: 'no such order' }, 404),
    [`${API}/slow`]: () => new HttpFailure('timeout', 'no answer within 10000 ms'),
    [`${API}/page`]: () => ({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html>login</html>' }),
    [`${API}/async`]: () => json({ status: 'done' }),
  });
}

describe.each(bothFormats(requests))('send.request (%s)', (_format, definition) => {
  const talk = (port = http()) => new Talk(definition, { http: port, human: { firstName: 'Ann' }, attributes: { human: { orderId: 'A7', tag: 'vip', cart: '[1,2]' }, bot: { key: 's3cret' } } });

  it('GETs with tags in URL and headers, maps the response and its headers, and the message reads them', async () => {
    const port = http();
    const t = talk(port);
    expect(await t.texts('order status')).toEqual(['Order A7 is shipped']);
    expect(port.requests).toEqual([{ url: `${API}/orders/A7?v=1`, method: 'GET', headers: { authorization: 'Bearer s3cret', 'x-static': 'yes' }, body: null }]);
    expect(t.attr('status')).toBe('shipped');
    expect(t.attr('firstSku')).toBe('marg');
    expect(JSON.parse(t.attr('whole')!)).toEqual({ order: { status: 'shipped' }, items: [{ sku: 'marg' }] });
    expect(t.attr('gone')).toBeUndefined();
    expect(t.attr('lastStatus', 'bot')).toBe('shipped');
    expect(t.attr('etag')).toBe('"v9"');
  });

  it('POSTs a JSON object with tags in its string values; a string response and all headers as JSON', async () => {
    const port = http();
    const t = talk(port);
    expect(await t.texts('post json')).toEqual(['created {"id":5}']);
    expect(port.requests[0]).toEqual({ url: `${API}/orders`, method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Ann","qty":2,"tags":["vip"]}' });
    expect(JSON.parse(t.attr('headers')!)).toEqual({ 'content-type': 'application/json', location: '/orders/5' });
  });

  it('sends string content rendered (or not, with process false), form bodies encoded, and no body for DELETE without content', async () => {
    const port = http();
    await talk(port).say('post string');
    expect(port.requests.map((r) => [r.method, r.headers['content-type'], r.body])).toEqual([
      ['PUT', 'application/json', '{"items": [1,2], "by": "Ann"}'],
      ['PATCH', 'application/json', '{"by": "{sys:firstName}"}'],
      ['POST', 'text/x-custom', 'Hello Ann'],
      ['POST', 'application/x-www-form-urlencoded', 'name=Ann&n=1+%26+2'],
      ['DELETE', undefined, null],
    ]);
  });

  it('retries a failed request and goes on with the answer of the retry', async () => {
    const port = http();
    const t = talk(port);
    expect(await t.texts('flaky api')).toEqual(['result yes']);
    expect(port.requests).toHaveLength(2);
  });

  it('on failure after every retry, the fallback replaces the chain (the rest of the send and the chain do not run)', async () => {
    const port = http();
    const t = talk(port);
    expect(await t.texts('broken api')).toEqual(['The service is unavailable.']);
    expect(port.requests).toHaveLength(2);
    expect(t.attr('result')).toBeUndefined();
    expect(t.issues()).toEqual([`The request to ${API}/broken failed: the server answered 500.`]);
  });

  it('a client error is not retried', async () => {
    const port = http();
    expect(await talk(port).texts('missing resource')).toEqual(['The service is unavailable.']);
    expect(port.requests).toHaveLength(1);
  });

  it('on timeout, the fallback runs', async () => {
    const t = talk();
    expect(await t.texts('slow api')).toEqual(['The service is unavailable.']);
    expect(t.issues()[0]).toContain('timeout');
  });

  it('an HTML answer is a failure unless allowHtml', async () => {
    const t = talk();
    expect(await t.texts('html page')).toEqual(['The service is unavailable.']);
    expect(t.attr('page')).toBeUndefined();
  });

  it('without a fallback the chain goes on and the attributes are untouched', async () => {
    const t = talk();
    expect(await t.texts('no fallback')).toEqual(['went on, result []']);
  });

  it('an async request does not hold the chain; its result is stored when it comes back', async () => {
    const t = talk();
    expect(await t.texts('async call')).toEqual(['asked, status []']);
    expect(t.attr('state')).toBe('done');
  });

  it('an async request that fails runs its fallback once the bot is idle', async () => {
    const t = talk();
    expect(await t.texts('async fail')).toEqual(['asked', 'The service is unavailable.']);
  });

  it('an async failure never breaks into a wait: the fallback is skipped with an issue', async () => {
    const t = talk();
    expect(await t.texts('async then wait')).toEqual(['Your name?']);
    expect(t.issues().at(-1)).toContain('did not run');
    expect(await t.texts('Bob')).toEqual(['Thanks Bob']);
  });
});

describe('allowHtml', () => {
  it('takes an HTML page as the response when true', async () => {
    const t = new Talk(requests, { http: http() });
    await t.say('html page');
    // The first request failed and its fallback replaced the chain, so the second never ran.
    expect(t.attr('page2')).toBeUndefined();
    const only = { name: 'html', interactions: [{ name: 'h', intents: [{ name: 'h', expressions: ['html page'] }], actions: [
      { send: { request: { url: `${API}/page`, response: 'page', allowHtml: true } } }, say('got {page}')] }] };
    expect(await new Talk(only, { http: http() }).texts('html page')).toEqual(['got <html>login</html>']);
  });
});

describe('retries', () => {
  it('tries at most six times (five retries), however many a definition asks for', async () => {
    const http = new StubHttp({ 'https://api.example/down': () => ({ status: 503, body: '' }) });
    const delays: number[] = [];
    const outcome = await sendWithRetries(http, { url: 'https://api.example/down', method: 'GET', headers: {}, body: null }, 50, false, async (ms) => { delays.push(ms); });
    expect(outcome).toEqual({ ok: false, reason: 'the server answered 503' });
    expect(http.requests).toHaveLength(6);
    expect(delays).toEqual([200, 400, 800, 1600, 2000]);
  });
});
