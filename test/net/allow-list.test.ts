// The allow-list: entry syntax, host normalization and port matching.
import { describe, expect, it } from 'vitest';
import { AllowList, effectivePort, parseAllowEntry } from '../../src/net/allow-list.js';

describe('parseAllowEntry', () => {
  it.each([
    ['api.internal', { hostname: 'api.internal', port: null }],
    ['API.Internal.', { hostname: 'api.internal', port: null }],
    ['127.0.0.1:4010', { hostname: '127.0.0.1', port: 4010 }],
    ['[::1]', { hostname: '::1', port: null }],
    ['[0:0::1]:8080', { hostname: '::1', port: 8080 }],
    ['host:80', { hostname: 'host', port: 80 }],
  ] as const)('%s', (entry, parsed) => {
    expect(parseAllowEntry(entry)).toEqual(parsed);
  });

  it.each(['http://host', 'host/path', 'user@host', 'host:0', 'host:70000', 'host:x', '::1', '', 'a b'])('refuses %j', (entry) => {
    expect(() => parseAllowEntry(entry)).toThrow();
  });
});

describe('AllowList', () => {
  const list = new AllowList(['127.0.0.1:4010', 'api.internal', '[fd00::1]:443']);

  it('matches host and port as connected to', () => {
    expect(list.allows('127.0.0.1', 4010)).toBe(true);
    expect(list.allows('127.0.0.1', 4011)).toBe(false);
    expect(list.allows('api.internal', 1)).toBe(true);
    expect(list.allows('API.INTERNAL.', 8080)).toBe(true);
    expect(list.allows('other.internal', 80)).toBe(false);
    expect(list.allows('fd00::1', 443)).toBe(true);
    expect(list.allows('[fd00:0::1]', 443)).toBe(true);
    expect(list.allows('fd00::1', 80)).toBe(false);
  });

  it('fills in default ports', () => {
    expect(effectivePort('http:', '')).toBe(80);
    expect(effectivePort('https:', '')).toBe(443);
    expect(effectivePort('ftp:', '')).toBe(21);
    expect(effectivePort('http:', '4010')).toBe(4010);
  });
});
