// The outbound section of the configuration: defaults, the allow-list syntax, and file:// needing a root.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

describe('config.outbound', () => {
  it('defaults to http(s) only, 10 s, 1 MiB each way and an empty allow-list', () => {
    expect(loadConfig({}).outbound).toEqual({
      allowHosts: [],
      timeoutMs: 10_000,
      maxResponseBytes: 1024 * 1024,
      maxRequestBytes: 1024 * 1024,
      allowFile: false,
      fileRoot: null,
      allowFtp: false,
    });
  });

  it('reads every variable', () => {
    const o = loadConfig({
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1:4010, api.internal ,[::1]:8080',
      OUTBOUND_TIMEOUT_MS: '2500',
      OUTBOUND_MAX_RESPONSE_BYTES: '4096',
      OUTBOUND_MAX_REQUEST_BYTES: '2048',
      OUTBOUND_ALLOW_FILE: 'true',
      OUTBOUND_FILE_ROOT: './feeds',
      OUTBOUND_ALLOW_FTP: '1',
    }).outbound;
    expect(o).toEqual({
      allowHosts: ['127.0.0.1:4010', 'api.internal', '[::1]:8080'],
      timeoutMs: 2500,
      maxResponseBytes: 4096,
      maxRequestBytes: 2048,
      allowFile: true,
      fileRoot: path.resolve('feeds'),
      allowFtp: true,
    });
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'http://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTBOUND_ALLOW_HOSTS: 'host:99999' })).toThrow('OUTBOUND_ALLOW_HOSTS');
    expect(() => loadConfig({ OUTBOUND_TIMEOUT_MS: '999999' })).toThrow('OUTBOUND_TIMEOUT_MS');
    expect(() => loadConfig({ OUTBOUND_ALLOW_FTP: 'maybe' })).toThrow('OUTBOUND_ALLOW_FTP');
    expect(() => loadConfig({ OUTBOUND_ALLOW_FILE: 'true' })).toThrow('OUTBOUND_FILE_ROOT');
  });
});
