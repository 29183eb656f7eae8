// The MIME types the spec lists for Long Code SMS/MMS media, and the file extensions that stand for them when a server names no type.

export const DLC_MIME_TYPES: readonly string[] = [
  'audio/basic', 'audio/L24', 'audio/mp4', 'audio/mpeg', 'audio/ogg', 'audio/vorbis', 'audio/vnd.rn-realaudio', 'audio/vnd.wave', 'audio/3gpp',
  'audio/3gpp2', 'audio/ac3', 'audio/webm', 'audio/amr-nb', 'audio/amr',
  'video/mpeg', 'video/mp4', 'video/quicktime', 'video/webm', 'video/3gpp', 'video/3gpp2', 'video/3gpp-tt', 'video/H261', 'video/H263',
  'video/H263-1998', 'video/H263-2000', 'video/H264',
  'image/jpeg', 'image/gif', 'image/png', 'image/bmp',
  'text/vcard', 'text/csv', 'text/rtf', 'text/richtext', 'text/calendar', 'text/directory',
  'application/pdf',
];

/** MIME types compare case-insensitively (RFC 2045). */
const ALLOWED = new Set(DLC_MIME_TYPES.map((t) => t.toLowerCase()));

export function isDlcMimeType(type: string): boolean {
  return ALLOWED.has(type.toLowerCase());
}

const BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', png: 'image/png', bmp: 'image/bmp',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', ogg: 'audio/ogg', oga: 'audio/ogg', wav: 'audio/vnd.wave', amr: 'audio/amr', ac3: 'audio/ac3', au: 'audio/basic',
  mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', mpeg: 'video/mpeg', mpg: 'video/mpeg', '3gp': 'video/3gpp', '3g2': 'video/3gpp2',
  vcf: 'text/vcard', csv: 'text/csv', rtf: 'text/rtf', ics: 'text/calendar', pdf: 'application/pdf',
  webp: 'image/webp', svg: 'image/svg+xml', tif: 'image/tiff', tiff: 'image/tiff', avi: 'video/x-msvideo', zip: 'application/zip', txt: 'text/plain',
};

/** The type a URL's file extension stands for, or null. */
export function mimeTypeOfUrl(url: string): string | null {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const m = /\.([a-z0-9]{2,5})$/i.exec(path);
  return m === null ? null : BY_EXTENSION[m[1]!.toLowerCase()] ?? null;
}

/** The bare type of a Content-Type header: no parameters, lower case. */
export function bareMimeType(header: string | undefined): string | null {
  if (header === undefined) return null;
  const bare = header.split(';')[0]!.trim().toLowerCase();
  return bare === '' ? null : bare;
}
