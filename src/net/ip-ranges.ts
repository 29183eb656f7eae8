// Which IP addresses outbound requests may reach: every special-purpose range is internal, cloud metadata is closed for good.
import { formatIPv4, parseIPv4, parseIPv6 } from './ip-address.js';

export type AddressClass =
  | { kind: 'public' }
  /** Not on the public internet (loopback, private, link-local, reserved…); an allow-listed host may still reach it. */
  | { kind: 'internal'; range: string }
  /** Hands out cloud credentials; never reachable, whatever the allow-list says. */
  | { kind: 'metadata'; range: string }
  /** Not an IP address in canonical form; refused like an internal one. */
  | { kind: 'invalid' };

interface Range {
  bytes: Uint8Array;
  prefix: number;
  label: string;
  metadata: boolean;
}

function range(cidr: string, label: string, metadata = false): Range {
  const [address = '', prefix = ''] = cidr.split('/');
  const bytes = parseIPv4(address) ?? parseIPv6(address);
  if (bytes === null) throw new Error(`bad range ${cidr}`);
  return { bytes, prefix: Number(prefix), label: `${label} (${cidr})`, metadata };
}

// First match wins, so single metadata addresses come before the ranges that hold them.
const IPV4: Range[] = [
  range('169.254.169.254/32', 'cloud metadata service', true),
  range('169.254.170.2/32', 'cloud metadata service (AWS ECS credentials)', true),
  range('169.254.170.23/32', 'cloud metadata service (AWS EKS pod identity)', true),
  range('100.100.100.200/32', 'cloud metadata service (Alibaba Cloud)', true),
  range('192.0.0.192/32', 'cloud metadata service (Oracle Cloud)', true),
  range('0.0.0.0/8', 'this network'),
  range('10.0.0.0/8', 'private network'),
  range('100.64.0.0/10', 'shared address space (CGNAT)'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('172.16.0.0/12', 'private network'),
  range('192.0.0.0/24', 'IETF protocol assignments'),
  range('192.0.2.0/24', 'documentation'),
  range('192.88.99.0/24', '6to4 relay anycast'),
  range('192.168.0.0/16', 'private network'),
  range('198.18.0.0/15', 'benchmarking'),
  range('198.51.100.0/24', 'documentation'),
  range('203.0.113.0/24', 'documentation'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
  range('240.0.0.0/4', 'reserved'),
];

const IPV6: Range[] = [
  range('fd00:ec2::254/128', 'cloud metadata service (AWS)', true),
  range('fd00:ec2::23/128', 'cloud metadata service (AWS EKS pod identity)', true),
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('64:ff9b:1::/48', 'local-use NAT64'),
  range('::/8', 'reserved (includes IPv4-compatible addresses)'),
  range('100::/64', 'discard-only'),
  range('2001:db8::/32', 'documentation'),
  range('2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'),
  range('3fff::/20', 'documentation'),
  range('5f00::/16', 'SRv6 segment identifiers'),
  range('fc00::/7', 'unique local'),
  range('fe80::/10', 'link-local'),
  range('fec0::/10', 'site-local'),
  range('ff00::/8', 'multicast'),
];

const GLOBAL_UNICAST = range('2000::/3', 'global unicast');

/** IPv6 forms that carry an IPv4 address a packet ends up at; the IPv4 address decides. */
const EMBEDDING: { range: Range; offset: number; name: string }[] = [
  { range: range('::ffff:0:0/96', 'IPv4-mapped'), offset: 12, name: 'IPv4-mapped' },
  { range: range('64:ff9b::/96', 'NAT64'), offset: 12, name: 'NAT64' },
  { range: range('2002::/16', '6to4'), offset: 2, name: '6to4' },
];

function contains(r: Range, bytes: Uint8Array): boolean {
  if (r.bytes.length !== bytes.length) return false;
  const whole = r.prefix >> 3;
  for (let i = 0; i < whole; i++) if (r.bytes[i] !== bytes[i]) return false;
  const bits = r.prefix & 7;
  if (bits === 0) return true;
  const mask = (0xff << (8 - bits)) & 0xff;
  return ((r.bytes[whole] ?? 0) & mask) === ((bytes[whole] ?? 0) & mask);
}

function match(table: Range[], bytes: Uint8Array): AddressClass {
  const hit = table.find((r) => contains(r, bytes));
  if (hit === undefined) return { kind: 'public' };
  return hit.metadata ? { kind: 'metadata', range: hit.label } : { kind: 'internal', range: hit.label };
}

function classifyIPv6(bytes: Uint8Array): AddressClass {
  for (const e of EMBEDDING) {
    if (!contains(e.range, bytes)) continue;
    const v4 = bytes.slice(e.offset, e.offset + 4);
    const inner = match(IPV4, v4);
    if (inner.kind === 'internal' || inner.kind === 'metadata') {
      return { kind: inner.kind, range: `${inner.range} inside the ${e.name} address of ${formatIPv4(v4)}` };
    }
    return inner;
  }
  const hit = match(IPV6, bytes);
  if (hit.kind !== 'public') return hit;
  // Everything outside 2000::/3 is unallocated or special; only global unicast is the internet.
  return contains(GLOBAL_UNICAST, bytes) ? hit : { kind: 'internal', range: 'reserved (outside 2000::/3)' };
}

/** Classifies an address as a resolver or a WHATWG URL writes it (IPv6 with or without brackets). */
export function classifyAddress(address: string): AddressClass {
  const v4 = parseIPv4(address);
  if (v4 !== null) return match(IPV4, v4);
  const v6 = parseIPv6(address);
  if (v6 !== null) return classifyIPv6(v6);
  return { kind: 'invalid' };
}

/** True for text that names an IP address rather than a DNS name (a URL host or a resolver answer). */
export function isIpLiteral(host: string): boolean {
  return parseIPv4(host) !== null || parseIPv6(host) !== null;
}
