// Knowledge bases over real HTTP on SQLite and PostgreSQL: documents of every kind indexed by jobs, a URL through the
// SSRF guard (a private address refused), crawls bounded by their limits, search, tenant isolation, change and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { makePdf } from '../helpers/make-pdf.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';
import { FakeSite } from '../fakes/site.js';

/** Waits until the document has left the queue (ready or failed). */
async function settled(api: Call, base: number, doc: number): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await api('GET', `/v1/knowledge-bases/${base}/documents/${doc}`);
    if (res.body.status === 'ready' || res.body.status === 'failed') return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${doc} was not indexed in time`);
}

async function crawlDone(api: Call, base: number, crawl: number): Promise<any> {
  for (let i = 0; i < 300; i++) {
    const res = await api('GET', `/v1/knowledge-bases/${base}/crawls/${crawl}`);
    const d = res.body.documents;
    if (res.body.status === 'done' && d.queued + d.processing === 0) return res.body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`crawl ${crawl} did not finish in time`);
}

describe.each(DATABASES)('knowledge bases on %s', (kind) => {
  let server: TestServer;
  let site: FakeSite;
  let api: Call;
  let other: Call;
  let base: number;

  beforeAll(async () => {
    site = await FakeSite.start();
    server = await startTestServer(kind, { OUTBOUND_ALLOW_HOSTS: site.host, JOBS_POLL_MS: '50' });
    api = client(server.url, (await server.account()).token);
    other = client(server.url, (await server.account()).token);
    const created = await api('POST', '/v1/knowledge-bases', { name: 'Help', description: 'The help centre' });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    base = created.body.id;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
  });

  it('indexes text, Markdown, HTML and PDF documents, and finds their passages', async () => {
    const docs = [
      { type: 'text', title: 'Opening hours', content: 'The shop opens at nine and closes at six.' },
      { type: 'markdown', title: 'Warranty', content: '# Warranty\n\nEvery lamp has a two-year warranty.\n\n## Exclusions\n\nBroken glass is not covered.' },
      { type: 'html', title: '', content: '<html><head><title>Payment</title></head><body><h1>Payment</h1><p>We take cards and bank transfers.</p></body></html>' },
      { type: 'pdf', contentBase64: makePdf([['Assembly', 'Screw the shade onto the base by hand.']], 'Assembly manual').toString('base64'), sourceUrl: 'https://example.com/assembly.pdf' },
    ];
    const ids: number[] = [];
    for (const doc of docs) {
      const res = await api('POST', `/v1/knowledge-bases/${base}/documents`, doc);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe('queued');
      ids.push(res.body.id);
    }
    const done = await Promise.all(ids.map((id) => settled(api, base, id)));
    expect(done.map((d) => [d.status, d.title])).toEqual([
      ['ready', 'Opening hours'], ['ready', 'Warranty'], ['ready', 'Payment'], ['ready', 'Assembly manual'],
    ]);
    expect(done[1].chunkCount).toBe(2);
    const search = async (query: string) => (await api('POST', `/v1/knowledge-bases/${base}/search`, { query })).body.passages;
    expect((await search('when does the shop close?'))[0]).toMatchObject({ title: 'Opening hours', text: 'The shop opens at nine and closes at six.' });
    expect((await search('is broken glass covered'))[0]).toMatchObject({ heading: 'Warranty › Warranty › Exclusions', documentId: ids[1] });
    expect((await search('do you take bank transfers'))[0].title).toBe('Payment');
    const pdf = (await search('how to screw the shade'))[0];
    expect(pdf).toMatchObject({ title: 'Assembly manual', sourceUrl: 'https://example.com/assembly.pdf', citable: true });
    expect(pdf.score).toBeGreaterThan(0);
  });

  it('fetches a URL through the guard and refuses a private address it does not allow', async () => {
    const ok = await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'url', url: `${site.url}/returns` });
    const refused = await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'url', url: 'http://127.0.0.1:9/secret' });
    const metadata = await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'url', url: 'http://169.254.169.254/latest/meta-data/' });
    const gone = await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'url', url: `${site.url}/gone` });
    expect((await settled(api, base, ok.body.id))).toMatchObject({ status: 'ready', title: 'Returns', sourceUrl: `${site.url}/returns` });
    const blocked = await settled(api, base, refused.body.id);
    expect(blocked.status).toBe('failed');
    expect(blocked.error).toMatch(/refused/);
    expect((await settled(api, base, metadata.body.id)).status).toBe('failed');
    expect(await settled(api, base, gone.body.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('404') });
    const bad = await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'pdf', contentBase64: Buffer.from('not a pdf').toString('base64') });
    expect(await settled(api, base, bad.body.id)).toMatchObject({ status: 'failed', error: expect.stringContaining('not a PDF') });
  });

  it('crawls by links within its page, depth and host limits, and from a sitemap', async () => {
    const crawlBase = (await api('POST', '/v1/knowledge-bases', { name: 'Site' })).body.id;
    const crawl = await api('POST', `/v1/knowledge-bases/${crawlBase}/crawls`, { url: `${site.url}/`, maxDepth: 1, maxPages: 4 });
    expect(crawl.status, JSON.stringify(crawl.body)).toBe(200);
    const finished = await crawlDone(api, crawlBase, crawl.body.id);
    expect(finished.pagesFound).toBe(4);
    const docs = (await api('GET', `/v1/knowledge-bases/${crawlBase}/documents`)).body;
    const urls = docs.map((d: any) => d.sourceUrl.replace(site.url, '')).sort();
    // Depth 1 from the home page: the home page and its links on this host (never elsewhere.example, never /deep/one).
    expect(urls).toEqual(['/', '/guide.pdf', '/returns', '/shipping']);
    expect(docs.every((d: any) => d.status === 'ready' && d.crawlId === crawl.body.id)).toBe(true);
    expect(docs.find((d: any) => d.sourceUrl.endsWith('.pdf')).title).toBe('Lamp care');
    const hits = (await api('POST', `/v1/knowledge-bases/${crawlBase}/search`, { query: 'dust the brass' })).body.passages;
    expect(hits[0].sourceUrl).toBe(`${site.url}/guide.pdf`);
    // No script or navigation text was indexed.
    expect((await api('POST', `/v1/knowledge-bases/${crawlBase}/search`, { query: 'secret' })).body.passages).toEqual([]);

    const mapped = await api('POST', `/v1/knowledge-bases/${crawlBase}/crawls`, { url: `${site.url}/sitemap.xml`, maxPages: 10 });
    expect(mapped.body.mode).toBe('sitemap');
    const viaMap = await crawlDone(api, crawlBase, mapped.body.id);
    expect(viaMap.pagesFound).toBe(3);
    expect(viaMap.documents).toEqual({ queued: 0, processing: 0, ready: 2, failed: 1 });
    const tooMany = await api('POST', `/v1/knowledge-bases/${crawlBase}/crawls`, { url: site.url, maxPages: 100_000 });
    expect(tooMany.status).toBe(422);
  });

  it('indexes a changed document again and deletes one with its chunks', async () => {
    const doc = (await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'text', title: 'Pets', content: 'Dogs are welcome in the shop.' })).body;
    await settled(api, base, doc.id);
    const changed = await api('PUT', `/v1/knowledge-bases/${base}/documents/${doc.id}`, { content: 'Cats are welcome in the shop.', citable: false });
    expect(changed.status).toBe(200);
    expect(await settled(api, base, doc.id)).toMatchObject({ status: 'ready', citable: false });
    const search = async (query: string) => (await api('POST', `/v1/knowledge-bases/${base}/search`, { query })).body.passages.filter((p: any) => p.documentId === doc.id);
    expect(await search('dogs')).toEqual([]);
    expect((await search('cats'))[0].citable).toBe(false);
    expect((await api('DELETE', `/v1/knowledge-bases/${base}/documents/${doc.id}`)).status).toBe(200);
    expect(await search('cats')).toEqual([]);
    expect((await api('GET', `/v1/knowledge-bases/${base}/documents/${doc.id}`)).status).toBe(404);
  });

  it('keeps another account out (403) and refuses bad input', async () => {
    const theirs = await other('GET', `/v1/knowledge-bases/${base}`);
    expect(theirs.status).toBe(403);
    expect(isErrorObject(theirs.body, 403)).toBe(true);
    expect((await other('POST', `/v1/knowledge-bases/${base}/search`, { query: 'lamp' })).status).toBe(403);
    expect((await other('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'text', title: 'x', content: 'y' })).status).toBe(403);
    expect((await other('GET', '/v1/knowledge-bases')).body).toEqual([]);
    expect((await api('GET', '/v1/knowledge-bases/999999')).status).toBe(404);
    expect((await api('POST', '/v1/knowledge-bases', { name: 'Help' })).status).toBe(409);
    expect((await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'url', url: 'ftp://example.com/x' })).status).toBe(422);
    expect((await api('POST', `/v1/knowledge-bases/${base}/documents`, { type: 'text', title: 'x' })).status).toBe(400);
    const gone = (await api('POST', '/v1/knowledge-bases', { name: 'Temporary' })).body.id;
    expect((await api('DELETE', `/v1/knowledge-bases/${gone}`)).status).toBe(200);
    expect((await api('GET', `/v1/knowledge-bases/${gone}`)).status).toBe(404);
  });
});
