// HTML to blocks: headings h1–h6, paragraphs of the block elements' text, the page's title, and its links (for a crawl).
import { Parser } from 'htmlparser2';
import { type Block, tidy } from '../chunking/blocks.js';

export interface HtmlDocument {
  title: string | null;
  blocks: Block[];
  /** href values of <a> elements, resolved against the page's URL (or <base>) when one is given; no fragments. */
  links: string[];
  /** `<meta name="robots" content="noindex">`: the page asks not to be indexed. */
  noindex: boolean;
}

/** Their content is not text a reader sees. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'svg', 'iframe', 'head', 'nav', 'footer', 'form', 'button', 'select']);
/** Each ends the paragraph being gathered. */
const BREAKS = new Set([
  'p', 'div', 'section', 'article', 'main', 'aside', 'header', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'table', 'tr', 'td', 'th',
  'blockquote', 'pre', 'figure', 'figcaption', 'br', 'hr', 'address', 'details', 'summary',
]);
const HEADING = /^h([1-6])$/;

export function extractHtml(html: string, pageUrl?: string): HtmlDocument {
  const blocks: Block[] = [];
  const links: string[] = [];
  let title: string | null = null;
  let inTitle = false;
  let titleText = '';
  let skipped = 0;
  let heading: number | null = null;
  let text = '';
  let noindex = false;
  let base = pageUrl;
  const flush = () => {
    const t = tidy(text.replace(/\s+/g, ' '));
    text = '';
    if (t === '') return;
    if (heading !== null) blocks.push({ kind: 'heading', level: heading, text: t });
    else blocks.push({ kind: 'paragraph', text: t });
  };
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'title') inTitle = true;
      if (name === 'base' && attrs.href !== undefined && base !== undefined) {
        try { base = new URL(attrs.href, base).href; } catch { /* a bad base is ignored, as browsers do */ }
      }
      if (name === 'meta' && (attrs.name ?? '').toLowerCase() === 'robots' && /noindex/i.test(attrs.content ?? '')) noindex = true;
      if (name === 'a' && attrs.href !== undefined && skipped === 0) {
        try {
          const url = base === undefined ? new URL(attrs.href) : new URL(attrs.href, base);
          url.hash = '';
          if (url.protocol === 'http:' || url.protocol === 'https:') links.push(url.href);
        } catch { /* not a URL */ }
      }
      if (SKIPPED.has(name)) { skipped += 1; return; }
      const level = HEADING.exec(name);
      if (level !== null) { flush(); heading = Number(level[1]); return; }
      if (BREAKS.has(name)) flush();
    },
    ontext(data) {
      if (inTitle) titleText += data;
      else if (skipped === 0) text += data;
    },
    onclosetag(name) {
      if (name === 'title') { inTitle = false; title = tidy(titleText.replace(/\s+/g, ' ')) || null; return; }
      if (SKIPPED.has(name)) { skipped = Math.max(0, skipped - 1); return; }
      if (HEADING.test(name)) { flush(); heading = null; return; }
      if (BREAKS.has(name)) flush();
    },
  }, { decodeEntities: true, lowerCaseTags: true });
  parser.write(html);
  parser.end();
  flush();
  return { title, blocks, links: [...new Set(links)], noindex };
}
