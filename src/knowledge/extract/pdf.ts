// PDF to blocks with unpdf (Mozilla's pdf.js, pure JavaScript): each page's text, paragraphs at blank lines.
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { type Block, blocksOfMarkdown } from '../chunking/blocks.js';

export class UnreadableDocument extends Error {
  override name = 'UnreadableDocument';
}

export interface PdfDocument {
  title: string | null;
  blocks: Block[];
  pages: number;
}

export async function extractPdf(bytes: Uint8Array): Promise<PdfDocument> {
  if (!Buffer.from(bytes.subarray(0, 1024)).toString('latin1').includes('%PDF-')) throw new UnreadableDocument('it is not a PDF file (no %PDF- header)');
  // unpdf's types name pdf.js's, which the linter cannot follow: the proxy is used through this narrow view.
  let pdf: { destroy(): Promise<void> };
  try {
    pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false }) as unknown as { destroy(): Promise<void> };
  } catch (error) {
    throw new UnreadableDocument(`the PDF cannot be read: ${(error as Error).message}`);
  }
  type Proxy = Parameters<typeof extractText>[0];
  try {
    const { totalPages, text } = await extractText(pdf as unknown as Proxy, { mergePages: false });
    const meta = await getMeta(pdf as unknown as Proxy).catch(() => null);
    const info = meta?.info as Record<string, unknown> | undefined;
    const title = typeof info?.Title === 'string' && info.Title.trim() !== '' ? info.Title.trim() : null;
    // A PDF keeps no headings: every page's lines are text, a blank line ends a paragraph. Markdown markers in it are
    // not headings either, so each line is read as a paragraph's text.
    const blocks = text.flatMap((page) => blocksOfMarkdown(page.replace(/^#/gm, '\\#')))
      .map((b) => (b.kind === 'paragraph' ? { ...b, text: b.text.replace(/^\\#/gm, '#') } : b));
    if (blocks.length === 0) throw new UnreadableDocument('the PDF holds no text (a scan without a text layer?)');
    return { title, blocks, pages: totalPages };
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}
