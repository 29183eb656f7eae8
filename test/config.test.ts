// Config: defaults for the embedded mode, PostgreSQL switch, and clear errors for bad values.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  it('defaults to SQLite in ./data on port 8080 with a 1 MiB body limit', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ kind: 'sqlite', file: path.resolve('data/parley.db') });
    expect(c.bodyLimitBytes).toBe(1024 * 1024);
    expect(c.jwtSecret).toBeNull();
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database).toMatchObject({ kind: 'postgres', url: 'postgres://u@h:5432/db' });
  });

  it('flushes every SQLite commit when SQLITE_SYNCHRONOUS=full, and refuses other words', () => {
    expect(loadConfig({ SQLITE_SYNCHRONOUS: 'full' }).database).toMatchObject({ kind: 'sqlite', synchronous: 'full' });
    expect(() => loadConfig({ SQLITE_SYNCHRONOUS: 'off' })).toThrow('SQLITE_SYNCHRONOUS');
  });

  it('refuses bad values with the variable name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL');
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow('ENCRYPTION_KEY');
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET');
    expect(loadConfig({ ENCRYPTION_KEY: 'ab'.repeat(32) }).encryptionKey?.length).toBe(32);
  });

  it('lets the heap grow 50 % past what a full collection left by default; 0 leaves it to V8', () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: 'half' })).toThrow('HEAP_GROWING_PERCENT');
    expect(() => loadConfig({ HEAP_GROWING_PERCENT: '1001' })).toThrow('HEAP_GROWING_PERCENT');
  });

  it('trains recognizers on one worker thread and stores them by default', () => {
    expect(loadConfig({}).conversations).toMatchObject({ trainingWorkers: 1, storeModels: true });
    expect(loadConfig({ NLU_TRAINING_WORKERS: '0', NLU_STORE_MODELS: 'false' }).conversations).toMatchObject({ trainingWorkers: 0, storeModels: false });
    expect(() => loadConfig({ NLU_TRAINING_WORKERS: '-1' })).toThrow('NLU_TRAINING_WORKERS');
    expect(() => loadConfig({ NLU_TRAINING_WORKERS: '65' })).toThrow('NLU_TRAINING_WORKERS');
    expect(() => loadConfig({ NLU_STORE_MODELS: 'sometimes' })).toThrow('NLU_STORE_MODELS');
  });

  it('sets delivery rates per channel type or toll-free (tfn), 0 for unlimited, leaving the rest to the providers\' rates', () => {
    expect(loadConfig({}).conversations.deliveryRates).toEqual({});
    expect(loadConfig({ DELIVERY_RATES: 'dlc=2, tfn=0,fb=12.5' }).conversations.deliveryRates).toEqual({ dlc: 2, tfn: 0, fb: 12.5 });
    expect(() => loadConfig({ DELIVERY_RATES: 'dcl=1' })).toThrow(/"dcl" is no channel type nor tfn/);
    expect(() => loadConfig({ DELIVERY_RATES: 'dlc:1' })).toThrow('DELIVERY_RATES');
  });
});
