// A document as every extractor gives it: headings and paragraphs in reading order, and their Markdown-like text form.

export type Block = { kind: 'heading'; level: number; text: string } | { kind: 'paragraph'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;

/** Collapses runs of white space inside a paragraph; keeps none at the ends. */
export function tidy(text: string): string {
  return text.replace(/[\t\f\v \u00a0\u2000-\u200b\u3000]+/g, ' ').replace(/ *\n */g, '\n').replace(/\n{2,}/g, '\n').trim();
}

/** Markdown (or plain text, which has no headings): `#` lines are headings, blank lines end paragraphs. */
export function blocksOfMarkdown(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let fenced = false;
  const flush = () => {
    const text = tidy(paragraph.join('\n'));
    if (text !== '') blocks.push({ kind: 'paragraph', text });
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    // A fenced block is one paragraph, fences kept: what it holds is never a heading, and reads back the same.
    if (/^\s*(```|~~~)/.test(line)) {
      if (!fenced) flush();
      paragraph.push(line);
      fenced = !fenced;
      if (!fenced) flush();
      continue;
    }
    const heading = fenced ? null : HEADING.exec(line);
    if (heading !== null) {
      flush();
      const text = tidy(heading[2] ?? '');
      if (text !== '') blocks.push({ kind: 'heading', level: heading[1]!.length, text });
    } else if (line.trim() === '' && !fenced) {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** The blocks as Markdown, the form a document's text is kept in (and read back by blocksOfMarkdown). */
export function markdownOf(blocks: readonly Block[]): string {
  return blocks.map((b) => (b.kind === 'heading' ? `${'#'.repeat(b.level)} ${b.text}` : b.text)).join('\n\n');
}
