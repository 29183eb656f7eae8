// Reads a sitemap (urlset) or a sitemap index (sitemapindex): the <loc> of each entry.
import { XMLParser } from 'fast-xml-parser';

export interface Sitemap {
  pages: string[];
  /** Further sitemaps a sitemap index names. */
  sitemaps: string[];
}

const parser = new XMLParser({ ignoreAttributes: true, processEntities: true, htmlEntities: false });

const locs = (entries: unknown): string[] => (Array.isArray(entries) ? entries : entries === undefined ? [] : [entries])
  .map((e) => (typeof e === 'object' && e !== null ? (e as { loc?: unknown }).loc : undefined))
  .filter((l): l is string => typeof l === 'string').map((l) => l.trim());

/** null when the text is not a sitemap. */
export function readSitemap(xml: string): Sitemap | null {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch {
    return null;
  }
  const urlset = doc.urlset as { url?: unknown } | undefined;
  const index = doc.sitemapindex as { sitemap?: unknown } | undefined;
  if (urlset === undefined && index === undefined) return null;
  return { pages: locs(urlset?.url), sitemaps: locs(index?.sitemap) };
}
