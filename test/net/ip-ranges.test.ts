// Address classification: every refused range, its edges, the IPv6 forms that embed IPv4, and what is not an address.
import { describe, expect, it } from 'vitest';
import { addressRefusal } from '../../src/net/address-policy.js';
import { classifyAddress } from '../../src/net/ip-ranges.js';

const INTERNAL: [string, string][] = [
  ['0.0.0.0', 'this network'],
  ['0.255.255.255', 'this network'],
  ['10.0.0.1', 'private network'],
  ['10.255.255.255', 'private network'],
  ['100.64.0.0', 'CGNAT'],
  ['100.127.255.255', 'CGNAT'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['169.254.0.1', 'link-local'],
  ['172.16.0.1', 'private network'],
  ['172.31.255.255', 'private network'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['192.88.99.1', '6to4 relay'],
  ['192.168.1.1', 'private network'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'unspecified'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::7f00:1', 'reserved'], // IPv4-compatible ::127.0.0.1
  ['::8.8.8.8', 'reserved'], // IPv4-compatible forms are deprecated, refused whatever they embed
  ['64:ff9b:1::1', 'local-use NAT64'],
  ['100::1', 'discard-only'],
  ['2001::1', 'Teredo'],
  ['2001:db8::1', 'documentation'],
  ['3fff::1', 'documentation'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['4000::1', 'outside 2000::/3'],
  // IPv4 inside IPv6: the IPv4 address decides.
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['[::ffff:7f00:1]', 'loopback'],
  ['::ffff:10.1.2.3', 'private network'],
  ['::ffff:192.168.0.1', 'private network'],
  ['::ffff:100.64.0.1', 'CGNAT'],
  ['::ffff:0.0.0.0', 'this network'],
  ['::ffff:169.254.1.1', 'link-local'],
  ['::ffff:224.0.0.1', 'multicast'],
  ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
  ['64:ff9b::127.0.0.1', 'loopback'], // NAT64
  ['64:ff9b::a00:1', 'private network'],
  ['2002:7f00:1::1', 'loopback'], // 6to4
  ['2002:c0a8:101::', 'private network'],
];

const METADATA = [
  '169.254.169.254', '169.254.170.2', '169.254.170.23', '100.100.100.200', '192.0.0.192',
  'fd00:ec2::254', '[fd00:ec2::254]', 'fd00:ec2::23',
  '::ffff:169.254.169.254', '::ffff:a9fe:a9fe', '64:ff9b::169.254.169.254', '2002:a9fe:a9fe::1', '::ffff:100.100.100.200',
];

const PUBLIC = [
  '1.1.1.1', '8.8.8.8', '9.255.255.255', '11.0.0.0', '100.63.255.255', '100.128.0.0', '126.255.255.255', '128.0.0.0',
  '169.253.255.255', '169.255.0.0', '172.15.255.255', '172.32.0.0', '192.0.1.1', '192.167.255.255', '192.169.0.0',
  '198.17.255.255', '198.20.0.0', '223.255.255.255',
  '2001:4860:4860::8888', '2606:4700:4700::1111', '2a00:1450::1', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1',
];

const NOT_ADDRESSES = [
  '2130706433', '0177.0.0.1', '0x7f000001', '0x7f.0.0.1', '127.1', '127.0.1', '127.0.0.01', '127.0.0.1.', '256.0.0.1',
  'localhost', 'example.com', '', '::ffff:127.0.0.1:80', '1::2::3', '[::1', 'fe80::1%',
];

describe('classifyAddress', () => {
  it.each(INTERNAL)('%s is internal (%s)', (address, label) => {
    const c = classifyAddress(address);
    expect(c.kind).toBe('internal');
    expect(c.kind === 'internal' && c.range).toContain(label);
  });

  it.each(METADATA)('%s is a cloud metadata address', (address) => {
    expect(classifyAddress(address).kind).toBe('metadata');
  });

  it.each(PUBLIC)('%s is public', (address) => {
    expect(classifyAddress(address)).toEqual({ kind: 'public' });
  });

  // Decimal, octal, hex and shorthand spellings are not canonical: never read as a (public) address.
  it.each(NOT_ADDRESSES)('%s is not an address in canonical form', (text) => {
    expect(classifyAddress(text)).toEqual({ kind: 'invalid' });
  });
});

describe('addressRefusal', () => {
  it('refuses internal addresses unless the host is allow-listed', () => {
    expect(addressRefusal('127.0.0.1', false)).toContain('loopback');
    expect(addressRefusal('127.0.0.1', true)).toBeNull();
    expect(addressRefusal('fd12::1', true)).toBeNull();
  });

  it('refuses metadata addresses even for an allow-listed host', () => {
    for (const address of METADATA) expect(addressRefusal(address, true)).toContain('never reachable');
  });

  it('lets public addresses through and refuses what is not an address', () => {
    expect(addressRefusal('8.8.8.8', false)).toBeNull();
    expect(addressRefusal('0x7f000001', true)).toContain('not a valid IP address');
  });
});
