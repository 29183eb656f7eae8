// A small web site for the knowledge tests: pages linking to each other, a sitemap, a PDF, and a page that is gone.
import { FakeHttpServer } from './fake-http-server.js';
import { makePdf } from '../helpers/make-pdf.js';

const page = (title: string, body: string, links: string[] = []) =>
  `<!doctype html><html><head><title>${title}</title><script>var secret = "not text";</script></head><body>
  <nav><a href="/">Home</a></nav><h1>${title}</h1>${body}${links.map((l) => `<p><a href="${l}">${l}</a></p>`).join('')}
  <footer>© Example</footer></body></html>`;

export class FakeSite {
  readonly requests: string[] = [];
  private constructor(private readonly server: FakeHttpServer) {}

  static async start(): Promise<FakeSite> {
    let site: FakeSite | null = null;
    const server = await FakeHttpServer.listen((req, res) => {
      const path = (req.url ?? '/').split('?')[0]!;
      site?.requests.push(path);
      const base = `http://127.0.0.1:${server.port}`;
      const html = (status: number, text: string) => { res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }); res.end(text); };
      switch (path) {
        case '/':
          return html(200, page('Lamp shop', '<p>We sell lamps of brass and glass.</p>', ['/shipping', '/returns', 'https://elsewhere.example/out', '/guide.pdf']));
        case '/shipping':
          return html(200, page('Shipping', '<h2>Abroad</h2><p>Parcels abroad take nine days by courier.</p>', ['/deep/one']));
        case '/returns':
          return html(200, page('Returns', '<p>Return a lamp within thirty days for a refund.</p>', ['/']));
        case '/deep/one':
          return html(200, page('Deep one', '<p>Deep page about lampshades.</p>', ['/deep/two']));
        case '/deep/two':
          return html(200, page('Deep two', '<p>Deeper page about bulbs.</p>'));
        case '/guide.pdf':
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(makePdf([['Lamp care guide', 'Dust the brass with a dry cloth every week.']], 'Lamp care'));
        case '/sitemap.xml':
          res.writeHead(200, { 'content-type': 'application/xml' });
          return res.end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>${base}/shipping</loc></url><url><loc>${base}/returns</loc></url><url><loc>${base}/gone</loc></url></urlset>`);
        default:
          return html(404, page('Not found', '<p>Nothing here.</p>'));
      }
    });
    site = new FakeSite(server);
    return site;
  }

  get url(): string {
    return this.server.url;
  }

  get host(): string {
    return `127.0.0.1:${this.server.port}`;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
