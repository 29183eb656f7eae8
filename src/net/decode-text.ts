// Turns response bytes into text, honouring the charset the server names and falling back to UTF-8.

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*("?)([^";\s]+)\1/i.exec(contentType ?? '');
  return m?.[2] ?? null;
}

export function decodeText(bytes: Buffer, contentType: string | undefined): string {
  const label = charsetOf(contentType);
  if (label !== null) {
    try {
      return new TextDecoder(label).decode(bytes);
    } catch {
      // An unknown label is the server's mistake; UTF-8 is the likeliest truth.
    }
  }
  return new TextDecoder('utf-8').decode(bytes);
}
