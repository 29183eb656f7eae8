// UCS-2 as SMS carries it: UTF-16 big-endian (characters beyond the BMP as surrogate pairs, which handsets show).

export function encodeUcs2(text: string): Buffer {
  return Buffer.from(text, 'utf16le').swap16();
}

/** A stray odd byte at the end (a broken sender) is dropped rather than guessed at. */
export function decodeUcs2(bytes: Uint8Array): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return even.swap16().toString('utf16le');
}
