// What any source becomes before it is chunked: a title and blocks, or the reason it cannot be read.
import { decodeText } from '../../net/index.js';
import { type Block, blocksOfMarkdown } from '../chunking/blocks.js';
import { extractHtml } from './html.js';
import { extractPdf, UnreadableDocument } from './pdf.js';

export { UnreadableDocument };

export type SourceKind = 'text' | 'markdown' | 'html' | 'pdf';

export interface Extracted {
  title: string | null;
  blocks: Block[];
}

/** The kind of a fetched answer, by its media type (and a PDF's magic when the server says octet-stream). */
export function kindOfMedia(mediaType: string, bytes: Buffer, url: string): SourceKind {
  if (mediaType === 'application/pdf' || bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (mediaType === 'text/html' || mediaType === 'application/xhtml+xml') return 'html';
  if (mediaType === 'text/markdown' || mediaType === 'text/x-markdown' || /\.(md|markdown)$/i.test(new URL(url).pathname)) return 'markdown';
  if (mediaType.startsWith('text/') || mediaType === '') return 'text';
  throw new UnreadableDocument(`its type ${mediaType} is not one Parley reads (HTML, PDF, Markdown or plain text)`);
}

/** Extracts a source's text; throws UnreadableDocument with the reason for what cannot be read. */
export async function extract(kind: SourceKind, content: Buffer, contentType = '', pageUrl?: string): Promise<Extracted> {
  switch (kind) {
    case 'pdf': {
      const pdf = await extractPdf(content);
      return { title: pdf.title, blocks: pdf.blocks };
    }
    case 'html': {
      const html = extractHtml(decodeText(content, contentType || 'text/html; charset=utf-8'), pageUrl);
      if (html.blocks.length === 0) throw new UnreadableDocument('the page holds no text');
      return { title: html.title, blocks: html.blocks };
    }
    case 'markdown':
    case 'text': {
      const text = decodeText(content, contentType || 'text/plain; charset=utf-8');
      if (text.includes('\u0000')) throw new UnreadableDocument('it holds binary data, not text');
      // Plain text has no headings: a line starting with # is text there.
      const blocks = kind === 'markdown' ? blocksOfMarkdown(text) : blocksOfMarkdown(text.replace(/^(\s*)#/gm, '$1\\#'))
        .map((b) => (b.kind === 'paragraph' ? { ...b, text: b.text.replace(/^\\#/gm, '#') } : b));
      if (blocks.length === 0) throw new UnreadableDocument('it is empty');
      return { title: null, blocks };
    }
  }
}
