// URLs as written: every spelling of an IPv4 address the WHATWG parser accepts ends up refused or checked.
import { describe, expect, it } from 'vitest';
import { HttpFailure } from '../../src/engine/ports.js';
import { AllowList } from '../../src/net/allow-list.js';
import { guardUrl, writtenHost } from '../../src/net/url-guard.js';

const none = new AllowList([]);

function refusal(input: string, allow = none, base?: string): HttpFailure | null {
  try {
    guardUrl(input, allow, base === undefined ? undefined : new URL(base));
    return null;
  } catch (err) {
    if (err instanceof HttpFailure) return err;
    throw err;
  }
}

// Each of these parses to 127.0.0.1 (or another internal or metadata address).
const OBFUSCATED = [
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://0177.0000.0000.0001/',
  'http://0x7f000001/',
  'http://0X7F000001/',
  'http://0x7f.0x0.0x0.0x1/',
  'http://0x7f.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://017700000001/',
  'http://%31%32%37.0.0.1/',
  'http://１２７.０.０.１/',
  'http://127.0.0.1./',
  'http://user:pw@0x7f000001:8080/path',
  'http:\\\\0x7f000001\\x',
  'http:/0x7f000001/',
  'http:0x7f000001/',
  'HTTPS://2130706433',
  ' http://2130706433/ ',
  'ht\ttp://2130\n706433/',
  'http://2852039166/', // 169.254.169.254
  'http://0xa9fea9fe/',
  'http://0251.0376.0251.0376/',
  'http://167772161/', // 10.0.0.1
];

describe('guardUrl: IPv4 addresses written in a non-standard form', () => {
  it.each(OBFUSCATED)('refuses %s', (input) => {
    const failure = refusal(input);
    expect(failure?.reason).toBe('blocked');
    expect(failure?.message).toMatch(/non-standard form|refused/);
  });

  it.each(OBFUSCATED)('refuses %s even when its dotted form is allow-listed', (input) => {
    const allow = new AllowList(['127.0.0.1', '169.254.169.254', '10.0.0.1']);
    expect(refusal(input, allow)?.reason).toBe('blocked');
  });

  it('refuses public addresses written that way too (no honest URL needs them)', () => {
    expect(refusal('http://134744072/')?.message).toContain('non-standard form (8.8.8.8)');
    expect(refusal('http://0x08080808/')?.reason).toBe('blocked');
  });

  it('refuses them in a redirect Location, absolute or scheme-relative', () => {
    const base = 'http://example.com/start';
    expect(refusal('http://0x7f000001/', none, base)?.reason).toBe('blocked');
    expect(refusal('//2130706433/x', none, base)?.reason).toBe('blocked');
    expect(refusal('\\\\0177.0.0.1', none, base)?.reason).toBe('blocked');
    expect(refusal('/\\127.1/', none, base)?.reason).toBe('blocked');
    expect(refusal('https:0x7f000001', none, base)?.reason).toBe('blocked');
  });

  it('lets relative Locations keep the base host', () => {
    expect(refusal('/2130706433', none, 'http://example.com/')).toBeNull();
    expect(refusal('http:2130706433', none, 'http://example.com/')).toBeNull(); // a path on the same host
    expect(refusal('?to=0x7f000001', none, 'http://example.com/')).toBeNull();
  });
});

describe('guardUrl: literal addresses', () => {
  it.each([
    'http://127.0.0.1/', 'http://127.0.0.1:4010/', 'https://10.1.2.3/', 'http://192.168.0.1:8080/', 'http://100.64.1.1/',
    'http://0.0.0.0/', 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://[::]/', 'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/', 'http://[fd00:ec2::254]/', 'http://[fe80::1]/', 'http://[fc00::1]/', 'http://[64:ff9b::7f00:1]/',
    'http://255.255.255.255/', 'http://224.0.0.1/', 'http://100.100.100.200/',
  ])('refuses %s', (input) => {
    expect(refusal(input)?.reason).toBe('blocked');
  });

  it('opens an allow-listed host and port only', () => {
    const allow = new AllowList(['127.0.0.1:4010', '[::1]']);
    expect(refusal('http://127.0.0.1:4010/', allow)).toBeNull();
    expect(refusal('http://127.0.0.1:4011/', allow)?.reason).toBe('blocked');
    expect(refusal('http://127.0.0.1/', allow)?.reason).toBe('blocked');
    expect(refusal('http://[::1]:9999/', allow)).toBeNull();
  });

  it('keeps metadata addresses closed even when listed', () => {
    const allow = new AllowList(['169.254.169.254', '[fd00:ec2::254]', '100.100.100.200:80']);
    expect(refusal('http://169.254.169.254/', allow)?.message).toContain('never reachable');
    expect(refusal('http://[fd00:ec2::254]/', allow)?.message).toContain('never reachable');
    expect(refusal('http://[::ffff:169.254.169.254]/', allow)?.message).toContain('never reachable');
    expect(refusal('http://100.100.100.200/', allow)?.message).toContain('never reachable');
  });

  it('lets public addresses and names through (names are checked when the socket connects)', () => {
    expect(refusal('https://8.8.8.8/')).toBeNull();
    expect(refusal('https://example.com/')).toBeNull();
    expect(refusal('http://localhost/')).toBeNull();
  });

  it('fails unparseable URLs as network failures', () => {
    expect(refusal('not a url')?.reason).toBe('network');
    expect(refusal('http://[::1/')?.reason).toBe('network');
  });
});

describe('writtenHost', () => {
  it.each([
    ['http://Example.COM:80/x', undefined, 'example.com'],
    ['http://u:p@h@0x7f000001:1/', undefined, '0x7f000001'],
    ['http://[::1]:80/', undefined, '[::1]'],
    ['http:\\\\a.b\\c', undefined, 'a.b'],
    ['//h/x', 'http://base/', 'h'],
    ['/x', 'http://base/', null],
    ['x', 'http://base/', null],
  ] as const)('%s → %s', (input, base, host) => {
    expect(writtenHost(input, base === undefined ? undefined : new URL(base))).toBe(host);
  });
});
