// Journeys over real HTTP on SQLite and PostgreSQL, through the SMS channel and the fake carrier, on a virtual clock:
// each human started at the opening of their own sending window (New York and Los Angeles), the API trigger
// idempotent per key, a STOP texted to another long code skipping the next start, cancelling, the report, and the
// consent export agreeing with what was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeCarrier } from '../fakes/carrier.js';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, type TestServer } from '../helpers/server.js';
import { createSmsChannel, startSmsServer, until } from '../channels/sms/harness.js';

const LONG_CODE = '+12025550100';
const OTHER_CODE = '+12025550101';
const NEW_YORK = ['+12125550111', '+12125550112', '+12125550113', '+12125550114'];
const LOS_ANGELES = '+12135550121';

const bot = {
  name: 'renewals',
  interactions: [
    { name: 'renewal', actions: [{ send: { message: { text: 'Your plan renews soon. Reply YES to keep it.' } } }] },
    { name: 'kept', intents: [{ name: 'yes', expressions: ['yes', 'yes please', 'keep it'] }], actions: [{ send: { message: { text: 'Kept!' } } }] },
    { name: 'other', intents: ['sys:text'], actions: [{ send: { message: { text: 'Reply YES to keep your plan.' } } }] },
  ],
};

const HOUR = 3_600_000;

/** The next whole hour (UTC) at which it is 10:00 in New York: 07:00 in Los Angeles, outside a 09:00–20:00 window. */
function tenInNewYork(after: number): number {
  let at = Math.ceil(after / HOUR) * HOUR;
  while (new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: '2-digit', hourCycle: 'h23' }).format(at) !== '10') at += HOUR;
  return at;
}

describe.each(DATABASES)('journeys on %s', (kind) => {
  let carrier: FakeCarrier;
  let server: TestServer;
  let api: Call;
  let token: string;
  let channelId: number;
  let otherId: number;
  let journeyId: number;
  let offset = 0;
  const humans = new Map<string, number>();

  beforeAll(async () => {
    carrier = await FakeCarrier.start();
    // The virtual clock runs with the machine's, moved by `offset`: from 10:00 in New York on.
    offset = tenInNewYork(Date.now()) - Date.now();
    server = await startSmsServer(kind, {}, () => new Date(Date.now() + offset));
    token = (await server.account()).token;
    api = client(server.url, token);
    const botId = (await api('POST', '/v1/bots', bot)).body.id as number;
    const account = carrier.account([LONG_CODE, OTHER_CODE]);
    const carrierUrl = `http://${account.sid}:${account.authToken}@${carrier.url.slice('http://'.length)}`;
    channelId = await createSmsChannel(api, botId, { channelType: 'dlc', user: LONG_CODE, token: carrierUrl });
    const other = await createSmsChannel(api, botId, { channelType: 'dlc', user: OTHER_CODE, token: carrierUrl, name: 'Other line' });
    otherId = other;
    carrier.setWebhook(LONG_CODE, `${server.url}/hooks/dlc/${channelId}`);
    carrier.setWebhook(OTHER_CODE, `${server.url}/hooks/dlc/${other}`);
    for (const phone of [...NEW_YORK, LOS_ANGELES]) {
      const id = (await api('POST', '/v1/humans', { phone, tags: ['renewal'] })).body.id as number;
      humans.set(phone, id);
    }
    expect((await api('POST', `/v1/channels/${channelId}/subscribe`, { humanIds: [...humans.values()] })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${other}/subscribe`, { humanIds: [humans.get(NEW_YORK[3]!)] })).status).toBe(200);
    const created = await api('POST', '/v1/journeys', {
      name: 'Renewal', channelId, script: 'renewal', goal: 'kept',
      schedule: { timeZone: 'America/Chicago', window: { from: '09:00', to: '20:00' }, quietHours: { US: { from: '21:00', to: '08:00' } } },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ version: 1, channelId, script: 'renewal', goal: 'kept', schedule: { timeZone: 'America/Chicago', days: null } });
    journeyId = created.body.id;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await carrier?.close();
  });

  const run = async (id: number) => (await api('GET', `/v1/journeys/${journeyId}/runs/${id}`)).body;

  it('starts each human inside their own sending window: New York now, Los Angeles at 09:00 there', async () => {
    const started = await api('POST', `/v1/journeys/${journeyId}/runs`, { audience: { ids: [humans.get(NEW_YORK[0]!), humans.get(LOS_ANGELES)] } });
    expect(started.status).toBe(201);
    const id = started.body.id as number;
    await carrier.waitFor(() => carrier.textsTo(NEW_YORK[0]!).length === 1);
    const report = await until(() => run(id), (r) => r.status === 'running' && r.started === 1);
    expect(report).toMatchObject({ trigger: 'segment', targeted: 2, waiting: 1, started: 1 });
    // 07:00 in Los Angeles: due at 09:00 there, two hours on.
    expect(Date.parse(`${report.nextDue}Z`) - (Date.now() + offset)).toBeGreaterThan(2 * HOUR - 2 * 60_000);

    offset += 2 * HOUR - 2 * 60_000;
    await server.services.journeyRuns.startDue(id);
    expect((await run(id)).waiting).toBe(1);
    expect(carrier.textsTo(LOS_ANGELES)).toEqual([]);

    offset += 2 * 60_000;
    // Two workers at once (a job run again after a lost lease): the entry is taken once, the human texted once.
    await Promise.all([server.services.journeyRuns.startDue(id), server.services.journeyRuns.startDue(id)]);
    await carrier.waitFor(() => carrier.textsTo(LOS_ANGELES).length === 1);
    expect(carrier.textsTo(LOS_ANGELES)[0]).toBe('Your plan renews soon. Reply YES to keep it.');
    const done = await until(() => run(id), (r) => r.status === 'done' && r.messages.sent === 2);
    expect(done).toMatchObject({ waiting: 0, started: 2, nextDue: null });
    expect(carrier.textsTo(LOS_ANGELES)).toHaveLength(1);
  });

  it('starts one human once per trigger key, however often the CRM sends the event', async () => {
    const human = humans.get(NEW_YORK[1]!);
    const first = await api('POST', `/v1/journeys/${journeyId}/runs`, { humanId: human, key: 'deal-42' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ trigger: 'human', key: 'deal-42', targeted: 1 });
    const again = await Promise.all([1, 2].map(() => api('POST', `/v1/journeys/${journeyId}/runs`, { humanId: human, key: 'deal-42' })));
    for (const reply of again) {
      expect(reply.status).toBe(200);
      expect(reply.body.id).toBe(first.body.id);
    }
    await carrier.waitFor(() => carrier.textsTo(NEW_YORK[1]!).length === 1);
    // Another key is another start.
    expect((await api('POST', `/v1/journeys/${journeyId}/runs`, { humanId: human, key: 'deal-43' })).status).toBe(201);
    await carrier.waitFor(() => carrier.textsTo(NEW_YORK[1]!).length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(carrier.textsTo(NEW_YORK[1]!)).toHaveLength(2);

    // The reply and the goal: YES enters "kept".
    await carrier.receive(NEW_YORK[1]!, LONG_CODE, 'yes');
    await carrier.waitFor(() => carrier.textsTo(NEW_YORK[1]!).includes('Kept!'));
    const report = await until(() => run(first.body.id), (r) => r.replied === 1 && r.converted === 1);
    expect(report).toMatchObject({ started: 1, messages: { failed: 0 } });
  });

  it('schedules a run for later, for the humans holding an attribute value who were active lately', async () => {
    for (const phone of [NEW_YORK[0]!, NEW_YORK[1]!]) expect((await api('PATCH', `/v1/humans/${humans.get(phone)}/attributes`, { plan: 'gold' })).status).toBe(200);
    const now = Date.now() + offset;
    const startAt = new Date(Math.ceil((now + 3 * HOUR) / 1000) * 1000).toISOString();
    // New York 0 was texted hours ago (virtually) and is quiet since; New York 1 answered a minute ago.
    const started = await api('POST', `/v1/journeys/${journeyId}/runs`, {
      audience: { tags: 'renewal', attributes: { plan: 'gold' }, activeSince: new Date(now - 30 * 60_000).toISOString() }, startAt,
    });
    expect(started.status).toBe(201);
    const report = await until(() => run(started.body.id), (r) => r.status === 'running');
    expect(report).toMatchObject({ targeted: 1, waiting: 1, started: 0, startsAt: startAt.slice(0, 19), nextDue: startAt.slice(0, 19) });
    expect((await api('POST', `/v1/journeys/${journeyId}/runs`, { audience: { tags: 'renewal' }, startAt, expiresAt: startAt })).status).toBe(422);
    expect((await api('POST', `/v1/journeys/${journeyId}/runs/${started.body.id}/cancel`)).body).toMatchObject({ status: 'cancelled', cancelled: 1 });
  });

  it('skips a human who texted STOP to another long code (consent per family), and counts an opt-out after a start', async () => {
    const stopper = NEW_YORK[3]!;
    await carrier.receive(stopper, OTHER_CODE, 'STOP');
    await until(async () => (await api('GET', `/v1/humans/${humans.get(stopper)}/consent`)).body.current, (c) => c.some((e: { state: string }) => e.state === 'out'));
    const started = await api('POST', `/v1/journeys/${journeyId}/runs`, { humanId: humans.get(stopper), key: 'after-stop' });
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ started: 0, skipped: { noConsent: 1 } });
    await new Promise((r) => setTimeout(r, 300));
    expect(carrier.textsTo(stopper).filter((t) => t.includes('renews'))).toEqual([]);
    // The opt-out holds for the family: the journey's long code is unsubscribed too, so a broadcast from it skips them.
    const broadcast = await api('POST', '/v1/messages', { channelId, text: 'Sale!', targets: [{ targetType: 'humans', ids: [humans.get(stopper)] }] });
    expect(broadcast.body).toMatchObject({ queued: 0 });

    const reader = NEW_YORK[2]!;
    const run1 = (await api('POST', `/v1/journeys/${journeyId}/runs`, { humanId: humans.get(reader), key: 'x' })).body;
    await carrier.waitFor(() => carrier.textsTo(reader).length === 1);
    await carrier.receive(reader, LONG_CODE, 'STOP');
    await until(() => run(run1.id), (r) => r.optedOut === 1);
  });

  it('cancels what has not left, and the consent export agrees with every start', async () => {
    // 10:00 in New York has passed by four hours: Los Angeles is at 11:00; a window closed for both waits until tomorrow.
    await api('PUT', `/v1/journeys/${journeyId}`, {
      name: 'Renewal (evenings)', channelId, script: 'renewal', schedule: { timeZone: 'UTC', window: { from: '23:00', to: '23:30' } },
    });
    const v2 = (await api('GET', `/v1/journeys/${journeyId}`)).body;
    expect(v2).toMatchObject({ version: 2, name: 'Renewal (evenings)', goal: null });
    const started = (await api('POST', `/v1/journeys/${journeyId}/runs`, { audience: { tags: 'renewal' } })).body;
    const waiting = await until(() => run(started.id), (r) => r.status === 'running');
    expect(waiting).toMatchObject({ version: 2, targeted: 5, skipped: { noConsent: 2 } });
    expect(waiting.waiting).toBe(3);
    const cancelled = (await api('POST', `/v1/journeys/${journeyId}/runs/${started.id}/cancel`)).body;
    expect(cancelled).toMatchObject({ status: 'cancelled', waiting: 0, cancelled: 3, started: 0 });

    // The export agrees with what was sent: everyone a journey texted had opted in to SMS, and the one who had opted out
    // before any start was never texted.
    const day = new Date(Date.now() + offset).toISOString().slice(0, 10);
    const reply = await server.app.inject({ method: 'GET', url: `/v1/consent/export?from=${day}&to=${day}`, headers: { authorization: `Bearer ${token}` } });
    const rows = reply.body.trimEnd().split('\r\n').slice(1).map((line) => line.split(','));
    const ledger = (phone: string) => rows.filter((r) => Number(r[1]) === humans.get(phone) && r[2] === 'sms').map((r) => `${r[3]} ${r[4]}`);
    const texted = [...humans.keys()].filter((phone) => carrier.textsTo(phone).some((t) => t.includes('renews')));
    expect(texted.sort()).toEqual([NEW_YORK[0], NEW_YORK[1], NEW_YORK[2], LOS_ANGELES].sort());
    for (const phone of texted) expect(ledger(phone)[0]).toBe('in api');
    expect(ledger(NEW_YORK[2]!)).toEqual(['in api', 'out keyword']);
    expect(ledger(NEW_YORK[3]!)).toEqual(['in api', 'in api', 'out keyword']);
  });

  it('refuses an agent\'s message to a human who opted out of SMS on another number (the ledger\'s family)', async () => {
    const human = humans.get(NEW_YORK[1]!)!;
    const [conversation] = (await api('GET', `/v1/conversations?channel_id=${channelId}&human_id=${human}`)).body.conversations;
    expect((await api('POST', `/v1/conversations/${conversation.id}/messages`, { text: 'Still there?' })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${otherId}/subscribe`, { humanIds: [human] })).status).toBe(200);
    expect((await api('POST', `/v1/channels/${otherId}/unsubscribe`, { humanIds: [human] })).status).toBe(200);
    const refused = await api('POST', `/v1/conversations/${conversation.id}/messages`, { text: 'Still there?' });
    expect(refused.status).toBe(409);
    expect(refused.body.description).toMatch(/opted out of sms messages/);
  });

  it('refuses what it cannot run, and another account\'s journey', async () => {
    expect((await api('POST', '/v1/journeys', { name: 'x', channelId, script: 'nowhere' })).status).toBe(422);
    expect((await api('POST', '/v1/journeys', { name: 'x', channelId, script: 'renewal', schedule: { timeZone: 'Mars/Olympus' } })).status).toBe(422);
    expect((await api('POST', '/v1/journeys', { name: 'x', channelId, script: 'renewal', schedule: { window: { from: '25:00', to: '08:00' } } })).status).toBe(422);
    expect((await api('POST', `/v1/journeys/${journeyId}/runs`, {})).status).toBe(422);
    const other = client(server.url, (await server.account()).token);
    expect((await other('GET', `/v1/journeys/${journeyId}`)).status).toBe(403);
    expect((await other('POST', `/v1/journeys/${journeyId}/runs`, { humanId: 1 })).status).toBe(403);
    expect((await api('GET', '/v1/journeys/999999')).status).toBe(404);
  });
});
