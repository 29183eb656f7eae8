// Capability lookups (spec endpoints 10–12) over real HTTP on SQLite and PostgreSQL, with RBM and a carrier source faked on loopback.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeRbm, type FakeServiceAccount } from '../fakes/rbm.js';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const ENABLED_FEATURES = ['RICHCARD_STANDALONE', 'RICHCARD_CAROUSEL', 'ACTION_CREATE_CALENDAR_EVENT', 'ACTION_DIAL', 'ACTION_OPEN_URL', 'ACTION_SHARE_LOCATION', 'ACTION_VIEW_LOCATION'];

/** A live carrier source for the provider contract: records what it is asked, answers from `answers`. */
async function startCarrierSource() {
  const asked: string[] = [];
  const answers = new Map<string, { status: number; body: unknown }>();
  const server = http.createServer((req, res) => {
    const phone = new URL(req.url ?? '/', 'http://x').searchParams.get('phoneNumber') ?? '';
    asked.push(phone);
    const a = answers.get(phone) ?? { status: 404, body: {} };
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(JSON.stringify(a.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/numbers`, asked, answers,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/**
 * A bot for channels to belong to, written through the store: these tests are about lookups, and so
 * need not depend on the bots API.
 */
async function storedBot(target: TestServer, accountId: number): Promise<number> {
  const createdAt = new Date().toISOString();
  const bot = await target.store.db.insertInto('bots')
    .values({ account_id: accountId, name: 'Bot', current_revision: 1, latest_revision: 1, created_at: createdAt })
    .returning('id').executeTakeFirstOrThrow();
  await target.store.db.insertInto('bot_revisions')
    .values({ bot_id: bot.id, revision: 1, definition: JSON.stringify({ name: 'Bot', interactions: [] }), created_at: createdAt })
    .execute();
  return bot.id;
}

describe.each(DATABASES)('capability lookups on %s', (kind) => {
  let fake: FakeRbm;
  let carriers: Awaited<ReturnType<typeof startCarrierSource>>;
  let server: TestServer;
  let api: Call;
  let botId: number;
  let owner: FakeServiceAccount;
  let defaultOwner: FakeServiceAccount;
  let keyDir: string;
  const log = new PassThrough();
  let logText = '';
  log.on('data', (chunk: Buffer) => { logText += chunk.toString(); });

  const rcsChannel = async (call: Call, bot: number, agentId: string, token: string | null, name = 'RCS') => {
    const res = await call('POST', '/v1/channels', { channelType: 'rcs', botId: bot, name, description: 'RBM agent', user: agentId, token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as number;
  };
  const newAccount = async (target: TestServer = server) => {
    const { accountId, token } = await target.account();
    return { call: client(target.url, token), bot: await storedBot(target, accountId) };
  };

  beforeAll(async () => {
    fake = await FakeRbm.start();
    carriers = await startCarrierSource();
    owner = fake.serviceAccount('acme');
    fake.agent('acme_agent', owner);
    defaultOwner = fake.serviceAccount('house');
    fake.agent('house_agent', defaultOwner);
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-rbm-'));
    fs.writeFileSync(path.join(keyDir, 'house.json'), defaultOwner.keyJson());
  });
  afterAll(async () => {
    await fake?.close();
    await carriers?.close();
    fs.rmSync(keyDir, { recursive: true, force: true });
  });
  const rbmEnv = () => ({ RBM_API_URL: fake.url, RBM_TOKEN_HOSTS: fake.host, RBM_TIMEOUT_MS: '400' });

  describe('with the built-in carrier data and no default agent', () => {
    beforeAll(async () => {
      server = await startTestServer(kind, { ...rbmEnv(), LOG_LEVEL: 'info' }, log);
      ({ call: api, bot: botId } = await newAccount());
    });
    afterAll(async () => server?.close());

    describe('GET /v1/manage/messaging/capability/{phone_number}', () => {
      it('answers every field for a mobile number, with or without "+"', async () => {
        const expected = {
          callingCountryCode: '44', countryCode: 'GB', carrierName: 'Three', mobileCountryCode: '234', lineType: 'mobile',
          format: '07400 123456', phoneNumber: '+447400123456', valid: true, validationErrors: [],
        };
        for (const written of ['+447400123456', '447400123456', '%2B447400123456', '+44%207400%20123456']) {
          const res = await api('GET', `/v1/manage/messaging/capability/${written}`);
          expect(res.status, written).toBe(200);
          expect(res.body, written).toEqual(expected);
        }
      });

      it('reads a national number in the region countryCode names', async () => {
        const res = await api('GET', '/v1/manage/messaging/capability/09876543210?countryCode=in');
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ phoneNumber: '+919876543210', countryCode: 'IN', lineType: 'mobile', carrierName: 'Airtel', mobileCountryCode: '404', format: '098765 43210' });
      });

      it('gives the spec\'s line types, with carrier and MCC null where the spec says', async () => {
        const cases: [string, string, string | null, string | null][] = [
          ['+441212345678', 'landline', null, '234'],
          ['+448001234567', 'tollFree', null, null],
          ['+449012345678', 'premium', null, null],
          ['+33810123456', 'sharedCost', null, null],
          ['+445612345678', 'nonFixedVoip', null, '234'],
          ['+447012345678', 'personal', null, null],
          ['+447640123456', 'pager', null, null],
          ['+445512345678', 'uan', null, null],
          ['+41860123456789', 'voicemail', null, null],
          ['+12015550123', 'unknown', null, null],
        ];
        for (const [number, lineType, carrierName, mobileCountryCode] of cases) {
          const res = await api('GET', `/v1/manage/messaging/capability/${number}`);
          expect(res.body, number).toMatchObject({ valid: true, lineType, carrierName, mobileCountryCode });
        }
      });

      it('answers an invalid number with 200 and valid false, giving libphonenumber\'s reason', async () => {
        const cases: [string, string][] = [
          ['+10005550100', 'INVALID_BUT_POSSIBLE'], ['+4474001234', 'INVALID_LENGTH'], ['+441234', 'TOO_SHORT'],
          ['+4474001234567', 'TOO_LONG'], ['+999123456', 'INVALID_COUNTRY_CODE'],
        ];
        for (const [number, reason] of cases) {
          const res = await api('GET', `/v1/manage/messaging/capability/${number}`);
          expect(res.status, number).toBe(200);
          expect(res.body, number).toMatchObject({ valid: false, validationErrors: [reason], lineType: 'unknown', carrierName: null, mobileCountryCode: null });
        }
      });

      it('answers something that is not a number with 200, NOT_A_NUMBER and empty derived fields', async () => {
        const res = await api('GET', '/v1/manage/messaging/capability/call-me-maybe');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({
          callingCountryCode: '', countryCode: '', carrierName: null, mobileCountryCode: null, lineType: 'unknown',
          format: '', phoneNumber: '', valid: false, validationErrors: ['NOT_A_NUMBER'],
        });
      });

      it('answers long junk with 200 and valid false, not a routing error', async () => {
        for (const junk of ['x'.repeat(300), '1'.repeat(300), `%2B${'4'.repeat(400)}`]) {
          const res = await api('GET', `/v1/manage/messaging/capability/${junk}`);
          expect(res.status, junk.slice(0, 5)).toBe(200);
          expect(res.body).toMatchObject({ valid: false, validationErrors: [expect.stringMatching(/^(NOT_A_NUMBER|TOO_LONG)$/)] });
        }
      });

      it('refuses a countryCode that is not a known region with 422', async () => {
        for (const q of ['ZZ', 'GBR', '1']) {
          const res = await api('GET', `/v1/manage/messaging/capability/07400123456?countryCode=${q}`);
          expect(res.status, q).toBe(422);
          expect(isErrorObject(res.body, 422)).toBe(true);
          expect(res.body.description).toContain('countryCode');
        }
      });

      it('needs a token', async () => {
        const res = await client(server.url)('GET', '/v1/manage/messaging/capability/+447400123456');
        expect(res.status).toBe(401);
      });

    });

    describe('GET /v1/manage/rcs/capability/{channel_id}/{phone_number}', () => {
      it('answers rbmEnabled true with the features for an RCS-reachable number, false with none otherwise', async () => {
        fake.setNumber('+14155550100', { kind: 'enabled', features: ENABLED_FEATURES });
        const channel = await rcsChannel(api, botId, 'acme_agent', owner.keyJson());
        const enabled = await api('GET', `/v1/manage/rcs/capability/${channel}/+14155550100`);
        expect(enabled.status).toBe(200);
        expect(enabled.body).toEqual({ rbmEnabled: true, features: ENABLED_FEATURES, name: null });
        const plain = await api('GET', `/v1/manage/rcs/capability/${channel}/4155550177`);
        expect(plain.status).toBe(200);
        expect(plain.body).toEqual({ rbmEnabled: false, features: [], name: null });
        expect(fake.capabilityCalls.filter((c) => c.phoneNumber === '+14155550177').map((c) => c.agentId)).toEqual(['acme_agent']);
      });

      it('answers 404 for an unknown channel, 403 for another account\'s, 422 for one that is not RCS', async () => {
        const unknown = await api('GET', '/v1/manage/rcs/capability/999999/+14155550100');
        expect(unknown.status).toBe(404);
        expect(isErrorObject(unknown.body, 404)).toBe(true);
        const theirs = await newAccount();
        const theirChannel = await rcsChannel(theirs.call, theirs.bot, 'acme_agent', owner.keyJson());
        expect((await api('GET', `/v1/manage/rcs/capability/${theirChannel}/+14155550100`)).status).toBe(403);
        const web = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'Site', description: '', user: 'site' })).body.id;
        const notRcs = await api('GET', `/v1/manage/rcs/capability/${web}/+14155550100`);
        expect(notRcs.status).toBe(422);
        expect(notRcs.body.description).toContain('RCS');
      });

      it('answers 422 for an RCS channel without an agent id or a usable key, never echoing the key', async () => {
        const noKey = await rcsChannel(api, botId, 'acme_agent', null);
        expect((await api('GET', `/v1/manage/rcs/capability/${noKey}/+14155550100`)).body.description).toContain('no service-account key');
        const noAgent = await rcsChannel(api, botId, '', owner.keyJson());
        expect((await api('GET', `/v1/manage/rcs/capability/${noAgent}/+14155550100`)).body.description).toContain('no RBM agent id');
        const garbled = await rcsChannel(api, botId, 'acme_agent', `${owner.keyJson().slice(0, 200)}`);
        const res = await api('GET', `/v1/manage/rcs/capability/${garbled}/+14155550100`);
        expect(res.status).toBe(422);
        expect(res.body.description).toContain('not JSON');
        expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY');
      });

      it('refuses a key whose token_uri host is not allow-listed, without contacting it', async () => {
        const before = fake.tokenCalls.length;
        const internal = await rcsChannel(api, botId, 'acme_agent', owner.keyJson({ token_uri: 'http://169.254.169.254/computeMetadata/v1/token' }));
        const res = await api('GET', `/v1/manage/rcs/capability/${internal}/+14155550100`);
        expect(res.status).toBe(422);
        expect(res.body.description).toContain('RBM_TOKEN_HOSTS');
        const sameHostOtherPort = await rcsChannel(api, botId, 'acme_agent', owner.keyJson({ token_uri: `http://127.0.0.1:1/token` }));
        expect((await api('GET', `/v1/manage/rcs/capability/${sameHostOtherPort}/+14155550100`)).status).toBe(422);
        expect(fake.tokenCalls.length).toBe(before);
      });

      it('accepts only a 10-digit NANP long code, with or without +1', async () => {
        const channel = await rcsChannel(api, botId, 'acme_agent', owner.keyJson());
        for (const bad of ['14155550100', '+447400123456', '+1415555010', '8005550100', 'abc', '%2B1415555010']) {
          const res = await api('GET', `/v1/manage/rcs/capability/${channel}/${bad}`);
          expect(res.status, bad).toBe(422);
          expect(isErrorObject(res.body, 422)).toBe(true);
        }
        expect((await api('GET', `/v1/manage/rcs/capability/${channel}/%2B14155550100`)).status).toBe(200);
      });

      it('answers 502 when RBM or its token endpoint fails, 504 when RBM does not answer in time', async () => {
        const channel = await rcsChannel(api, botId, 'acme_agent', owner.keyJson());
        fake.setNumber('+14155550110', { kind: 'error', status: 500 });
        const broken = await api('GET', `/v1/manage/rcs/capability/${channel}/+14155550110`);
        expect(broken.status).toBe(502);
        expect(isErrorObject(broken.body, 502)).toBe(true);
        expect(broken.body.description).toContain('Google RBM answered 500');

        fake.setNumber('+14155550111', { kind: 'hang' });
        const slow = await api('GET', `/v1/manage/rcs/capability/${channel}/+14155550111`);
        expect(slow.status).toBe(504);
        expect(isErrorObject(slow.body, 504)).toBe(true);

        // An agent this key may not act for: RBM says 403, which is RBM failing us, not the caller's 403.
        const wrongAgent = await rcsChannel(api, botId, 'house_agent', owner.keyJson());
        const denied = await api('GET', `/v1/manage/rcs/capability/${wrongAgent}/+14155550112`);
        expect(denied.status).toBe(502);
        expect(denied.body.description).toContain('PERMISSION_DENIED');

        const unknownAccount = fake.serviceAccount('unregistered');
        const forgedKey = JSON.parse(unknownAccount.keyJson()) as Record<string, unknown>;
        const badKey = await rcsChannel(api, botId, 'acme_agent', owner.keyJson({ private_key: forgedKey.private_key, private_key_id: 'stale' }));
        const refused = await api('GET', `/v1/manage/rcs/capability/${badKey}/+14155550113`);
        expect(refused.status).toBe(502);
        expect(refused.body.description).toContain('invalid_grant');
      });

      it('caches answers per agent, key and number, and reuses the access token', async () => {
        const { call, bot } = await newAccount();
        const channel = await rcsChannel(call, bot, 'acme_agent', owner.keyJson());
        fake.setNumber('+14155550120', { kind: 'enabled', features: ['ACTION_DIAL'] });
        const tokensBefore = fake.tokenCalls.length;
        const askedFor = (n: string) => fake.capabilityCalls.filter((c) => c.phoneNumber === n).length;

        expect((await call('GET', `/v1/manage/rcs/capability/${channel}/+14155550120`)).body.rbmEnabled).toBe(true);
        // RBM's answer changes, but the cached one is kept for the TTL.
        fake.setNumber('+14155550120', { kind: 'error', status: 500 });
        const again = await call('GET', `/v1/manage/rcs/capability/${channel}/4155550120`);
        expect(again.body).toEqual({ rbmEnabled: true, features: ['ACTION_DIAL'], name: null });
        expect(askedFor('+14155550120')).toBe(1);

        // A not-enabled answer is an answer too.
        await call('GET', `/v1/manage/rcs/capability/${channel}/+14155550121`);
        await call('GET', `/v1/manage/rcs/capability/${channel}/+14155550121`);
        expect(askedFor('+14155550121')).toBe(1);

        // Another channel with the same agent but a key of its own gets its own answer.
        const otherOwner = fake.serviceAccount('acme-second-key');
        const sameAgentOtherKey = await rcsChannel(call, bot, 'acme_agent', otherOwner.keyJson());
        expect((await call('GET', `/v1/manage/rcs/capability/${sameAgentOtherKey}/+14155550120`)).status).toBe(502);
        expect(askedFor('+14155550120')).toBe(2);

        // At most one token per key across all those requests (the first key may already hold one).
        expect(fake.tokenCalls.length - tokensBefore).toBeLessThanOrEqual(2);
        expect(fake.tokenCalls.slice(tokensBefore).filter((t) => t.clientEmail === otherOwner.clientEmail)).toHaveLength(1);
      });
    });

    describe('GET /v1/manage/rcs/capability/{phone_number}', () => {
      it('without a default agent, uses the account\'s oldest configured RCS channel', async () => {
        const { call, bot } = await newAccount();
        const second = fake.serviceAccount('second');
        fake.agent('second_agent', second);
        await call('POST', '/v1/channels', { channelType: 'web', botId: bot, name: 'Site', description: '', user: 'site' });
        await rcsChannel(call, bot, '', null, 'unconfigured');
        await rcsChannel(call, bot, 'acme_agent', owner.keyJson(), 'first');
        await rcsChannel(call, bot, 'second_agent', second.keyJson(), 'second');
        fake.setNumber('+14155550130', { kind: 'enabled', features: ['ACTION_VIEW_LOCATION'] });
        const res = await call('GET', '/v1/manage/rcs/capability/+14155550130');
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ rbmEnabled: true, features: ['ACTION_VIEW_LOCATION'], name: null });
        expect(fake.capabilityCalls.filter((c) => c.phoneNumber === '+14155550130').map((c) => c.agentId)).toEqual(['acme_agent']);
      });

      it('answers 422 saying how to configure an agent when there is none', async () => {
        const { call, bot } = await newAccount();
        await call('POST', '/v1/channels', { channelType: 'web', botId: bot, name: 'Site', description: '', user: 'site' });
        const res = await call('GET', '/v1/manage/rcs/capability/+14155550100');
        expect(res.status).toBe(422);
        expect(isErrorObject(res.body, 422)).toBe(true);
        expect(res.body.description).toContain('RBM_AGENT_ID');
        expect(res.body.description).toContain('RCS channel');
        await rcsChannel(call, bot, '', null);
        expect((await call('GET', '/v1/manage/rcs/capability/+14155550100')).body.description).toContain('no RBM agent id');
      });

      it('answers any path with a spec status, never a 500', async () => {
        const { call, bot } = await newAccount();
        const channel = await rcsChannel(call, bot, 'acme_agent', owner.keyJson());
        const segment = fc.oneof(
          fc.string({ maxLength: 30 }).map(encodeURIComponent),
          fc.stringMatching(/^\+?1?[0-9]{9,11}$/),
          fc.constantFrom('%', '%zz', '..', '+', '%2B', '+1%20415%20555%200100'),
        );
        const region = fc.oneof(fc.constant(''), fc.string({ maxLength: 4 }).map((r) => `?countryCode=${encodeURIComponent(r)}`), fc.constantFrom('?countryCode=US', '?countryCode=gb'));
        await fc.assert(fc.asyncProperty(segment, region, async (number, query) => {
          const phone = await call('GET', `/v1/manage/messaging/capability/${number}${query}`);
          expect([200, 400, 404, 422], `${number}${query}`).toContain(phone.status);
          if (phone.status !== 200) expect(isErrorObject(phone.body, phone.status)).toBe(true);
          for (const path of [`/v1/manage/rcs/capability/${number}`, `/v1/manage/rcs/capability/${channel}/${number}`]) {
            const rcs = await call('GET', path);
            expect([200, 400, 404, 422], path).toContain(rcs.status);
            if (rcs.status !== 200) expect(isErrorObject(rcs.body, rcs.status)).toBe(true);
          }
        }), { numRuns: 150 });
      });

      it('never writes a key or an access token to the log', async () => {
        const keyBody = JSON.parse(owner.keyJson()).private_key.split('\n')[5] as string;
        expect(keyBody.length).toBeGreaterThan(20);
        expect(logText).toContain('/v1/manage/rcs/capability');
        expect(logText).not.toContain(keyBody);
        expect(logText).not.toContain('ya29.');
      });
    });
  });

  describe('with a default agent and a live carrier source', () => {
    beforeAll(async () => {
      server = await startTestServer(kind, {
        ...rbmEnv(), RBM_AGENT_ID: 'house_agent', RBM_SERVICE_ACCOUNT_KEY_FILE: path.join(keyDir, 'house.json'), CARRIER_LOOKUP_URL: carriers.url,
      });
    });
    afterAll(async () => server?.close());

    it('takes carrier and line type from a configured live source, once per number, and 502s when it fails', async () => {
      const call = (await newAccount()).call;
      carriers.answers.set('+445612345678', { status: 200, body: { lineType: 'fixedVoip', carrierName: 'Line Telecom' } });
      carriers.answers.set('+447400123499', { status: 500, body: {} });
      const first = await call('GET', '/v1/manage/messaging/capability/+445612345678');
      expect(first.body).toMatchObject({ lineType: 'fixedVoip', carrierName: 'Line Telecom', mobileCountryCode: '234' });
      expect((await call('GET', '/v1/manage/messaging/capability/445612345678')).body).toEqual(first.body);
      expect(carriers.asked.filter((n) => n === '+445612345678')).toHaveLength(1);
      // What the source does not know (404), the offline data answers.
      expect((await call('GET', '/v1/manage/messaging/capability/+447400123456')).body).toMatchObject({ carrierName: 'Three', lineType: 'mobile' });
      const failed = await call('GET', '/v1/manage/messaging/capability/+447400123499');
      expect(failed.status).toBe(502);
      expect(isErrorObject(failed.body, 502)).toBe(true);
      // Invalid numbers never reach the source.
      await call('GET', '/v1/manage/messaging/capability/+10005550100');
      expect(carriers.asked).not.toContain('+10005550100');
    });

    it('uses the server\'s default agent when one is configured, even if the account has RCS channels', async () => {
      const { call, bot } = await newAccount();
      await rcsChannel(call, bot, 'acme_agent', owner.keyJson());
      fake.setNumber('+14155550140', { kind: 'enabled', features: ['RICHCARD_CAROUSEL'] });
      const res = await call('GET', '/v1/manage/rcs/capability/4155550140');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ rbmEnabled: true, features: ['RICHCARD_CAROUSEL'], name: null });
      expect(fake.capabilityCalls.filter((c) => c.phoneNumber === '+14155550140').map((c) => c.agentId)).toEqual(['house_agent']);
      expect((await call('GET', '/v1/manage/rcs/capability/+4415555014')).status).toBe(422);
    });
  });
});
