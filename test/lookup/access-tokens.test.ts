// Service-account access tokens against the fake token endpoint: a signed JWT-bearer grant, reuse until shortly before expiry, failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AccessTokenSource } from '../../src/lookup/rcs/access-tokens.js';
import { RBM_SCOPE } from '../../src/lookup/rcs/rbm-client.js';
import { parseServiceAccountKey } from '../../src/lookup/rcs/service-account-key.js';
import { FakeRbm, type FakeServiceAccount } from '../fakes/rbm.js';

let fake: FakeRbm;
let account: FakeServiceAccount;
let now: number;
const clock = () => new Date(now);
const source = () => new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: 1000, clock });
const keyOf = (a: FakeServiceAccount, overrides: Record<string, unknown> = {}) => parseServiceAccountKey(a.keyJson(overrides), [fake.host]);

beforeAll(async () => {
  fake = await FakeRbm.start();
  account = fake.serviceAccount('tokens');
});
afterAll(async () => fake?.close());
beforeEach(() => {
  now = Date.now();
  fake.tokenCalls.length = 0;
  fake.tokenLifetimeSeconds = 3599;
  fake.tokenFailure = null;
});

describe('AccessTokenSource', () => {
  it('gets a token with an assertion the token endpoint verifies against the account\'s public key', async () => {
    const token = await source().token(keyOf(account));
    expect(token).toMatch(/^ya29\.fake-/);
    expect(fake.tokenCalls).toEqual([{ clientEmail: account.clientEmail, status: 200 }]);
  });

  it('reuses a token until a minute before it expires, sharing one request between concurrent callers', async () => {
    const tokens = source();
    const key = keyOf(account);
    const [a, b] = await Promise.all([tokens.token(key), tokens.token(key)]);
    expect(a).toBe(b);
    now += 3599_000 - 61_000;
    expect(await tokens.token(key)).toBe(a);
    now += 2_000;
    const renewed = await tokens.token(key);
    expect(renewed).not.toBe(a);
    expect(fake.tokenCalls).toHaveLength(2);
  });

  it('does not reuse a token that would expire within the refresh margin', async () => {
    fake.tokenLifetimeSeconds = 30;
    const tokens = source();
    const key = keyOf(account);
    await tokens.token(key);
    await tokens.token(key);
    expect(fake.tokenCalls).toHaveLength(2);
  });

  it('keeps a token per key: another account gets its own, the first keeps its', async () => {
    const tokens = source();
    await tokens.token(keyOf(account));
    await tokens.token(keyOf(fake.serviceAccount('other')));
    await tokens.token(keyOf(account));
    expect(fake.tokenCalls.map((c) => c.clientEmail)).toEqual([account.clientEmail, expect.stringContaining('other@')]);
  });

  it('forgets a token the API refused, so the next call fetches a new one', async () => {
    const tokens = source();
    const key = keyOf(account);
    const first = await tokens.token(key);
    await tokens.forget(key, 'some-other-token');
    expect(await tokens.token(key)).toBe(first);
    await tokens.forget(key, first);
    expect(await tokens.token(key)).not.toBe(first);
  });

  it('answers 502 when the token endpoint refuses the key, naming its reason but not the key', async () => {
    const stranger = fake.serviceAccount('stranger');
    // A key whose private half does not match what the endpoint knows for that account.
    const forged = JSON.parse(stranger.keyJson()) as Record<string, unknown>;
    const err = await source().token(keyOf(account, { private_key: forged.private_key, private_key_id: undefined })).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: expect.stringContaining('invalid_grant (Invalid JWT Signature.)') });
    expect((err as Error).message).not.toContain('PRIVATE KEY');
  });

  it('does not remember a failure', async () => {
    const tokens = source();
    fake.tokenFailure = { status: 503, body: { error: 'temporarily_unavailable' } };
    await expect(tokens.token(keyOf(account))).rejects.toMatchObject({ status: 502, message: expect.stringContaining('503: temporarily_unavailable') });
    fake.tokenFailure = null;
    await expect(tokens.token(keyOf(account))).resolves.toMatch(/^ya29/);
  });

  it('answers 502 for a 200 without a token, and 504 when the endpoint does not answer', async () => {
    fake.tokenFailure = { status: 200, body: { token_type: 'Bearer' } };
    await expect(source().token(keyOf(account))).rejects.toMatchObject({ status: 502 });
    fake.tokenFailure = 'hang';
    await expect(new AccessTokenSource({ scope: RBM_SCOPE, timeoutMs: 200 }).token(keyOf(account))).rejects.toMatchObject({ status: 504, cause: expect.any(Error) });
  });
});
