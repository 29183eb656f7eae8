// Textual IP addresses to bytes, strictly: only the canonical forms a resolver or a WHATWG URL parser hands back.
import { isIPv4, isIPv6 } from 'node:net';

/** Four bytes for dotted decimal (no leading zeros, no shorthand), else null. */
export function parseIPv4(text: string): Uint8Array | null {
  // node:net's check already refuses octal-looking parts ("0177") and shorthand ("127.1").
  if (!isIPv4(text)) return null;
  return Uint8Array.from(text.split('.'), Number);
}

/** Sixteen bytes for an IPv6 address (brackets and a zone id allowed), else null. */
export function parseIPv6(text: string): Uint8Array | null {
  let s = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const zone = s.indexOf('%');
  // A zone id only picks the interface; the address itself decides what is reached.
  if (zone >= 0) {
    if (zone === s.length - 1) return null;
    s = s.slice(0, zone);
  }
  if (!isIPv6(s)) return null;
  const bytes = new Uint8Array(16);
  let tail: Uint8Array | null = null;
  if (s.includes('.')) {
    const cut = s.lastIndexOf(':');
    tail = parseIPv4(s.slice(cut + 1));
    if (tail === null) return null;
    s = `${s.slice(0, cut + 1)}0:0`; // two placeholder groups, overwritten below
  }
  const [left = '', right] = s.split('::');
  const head = left === '' ? [] : left.split(':');
  const rest = right === undefined || right === '' ? [] : right.split(':');
  const groups = [...head, ...new Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  if (groups.length !== 8) return null;
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  if (tail !== null) bytes.set(tail, 12);
  return bytes;
}

/** Dotted decimal for four bytes (used to name an IPv4 address found inside an IPv6 one). */
export function formatIPv4(bytes: Uint8Array): string {
  return Array.from(bytes.subarray(0, 4)).join('.');
}
