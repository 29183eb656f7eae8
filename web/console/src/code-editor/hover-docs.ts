// The reference (docs/bot-language.md) read into what the code editor shows on hovering a field: every table row that
// documents it, under the section it sits in, and the first paragraph of a section named after it.

export interface FieldDoc { section: string; text: string }

const plain = (text: string) => text.replace(/\*\*/g, '').replace(/`/g, '').replace(/\\\|/g, '|').replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').trim();
const cells = (row: string) => row.replace(/^\||\|$/g, '').split(/(?<!\\)\|/).map((c) => c.trim());

/** Field name → what the reference says of it, in the order the reference says it. */
export function indexDocs(markdown: string): Map<string, FieldDoc[]> {
  const index = new Map<string, FieldDoc[]>();
  const add = (key: string, doc: FieldDoc) => {
    const list = index.get(key) ?? [];
    if (!list.some((d) => d.text === doc.text)) list.push(doc);
    index.set(key, list);
  };
  const lines = markdown.split('\n');
  let section = '';
  let header: string[] | null = null;
  let fence = false;
  lines.forEach((line, n) => {
    if (line.startsWith('```')) fence = !fence;
    if (fence) return;
    const heading = /^#{2,4}\s+(.*)$/.exec(line);
    if (heading !== null) {
      section = plain(heading[1]!);
      header = null;
      // A section named after a field ("### waitFor"): its first paragraph of prose.
      const named = /^`?([a-zA-Z][\w:]*)`?(?:\s+and\s+`?([a-zA-Z][\w:]*)`?)?(?:\s|$)/.exec(heading[1]!);
      if (named !== null) {
        let k = n + 1;
        let inCode = false;
        const paragraph: string[] = [];
        for (; k < lines.length && !/^#{1,4}\s/.test(lines[k]!); k += 1) {
          const l = lines[k]!;
          if (l.startsWith('```')) { inCode = !inCode; continue; }
          if (inCode || l.startsWith('|')) continue;
          if (l.trim() === '') { if (paragraph.length > 0) break; continue; }
          paragraph.push(l.trim());
        }
        if (paragraph.length > 0) for (const key of [named[1], named[2]]) if (key !== undefined) add(key, { section, text: plain(paragraph.join(' ')) });
      }
      return;
    }
    if (!line.startsWith('|')) { header = null; return; }
    const row = cells(line);
    if (header === null) { header = row.map(plain); return; }
    if (row.every((c) => /^:?-+:?$/.test(c))) return;
    const keys = [...row[0]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((k) => /^[a-zA-Z][\w:]*$/.test(k));
    if (keys.length === 0) return;
    const rest = row.slice(1).map((c, i) => (header![i + 1] !== undefined && header![i + 1] !== '' ? `${header![i + 1]}: ${plain(c)}` : plain(c))).filter((c) => c !== '');
    for (const key of keys) add(key, { section, text: rest.join(' · ') });
  });
  return index;
}

/** The system attributes the reference lists (its "System attributes" table), for completion. */
export function systemAttributes(markdown: string): string[] {
  const start = markdown.indexOf('### System attributes');
  if (start < 0) return [];
  const table = markdown.slice(start).split('\n').slice(1).join('\n').split(/\n(?=#)/)[0]!;
  return [...new Set([...table.matchAll(/`(sys:[a-zA-Z]+)`/g)].map((m) => m[1]!))];
}
