// Bulk imports of humans over real HTTP on SQLite and PostgreSQL: CSV and JSON lines streamed in, humans found again
// by phone, e-mail or channel identity, tags and subscriptions set, consent written to the ledger with source import,
// problems listed by row and column, imports cancelled; a file refused as a whole leaves nothing; another account's
// import is 403; two writers at once never write a chunk twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

interface Import { id: number; status: string; rows: number; processed: number; created: number; updated: number; failed: number; errors: number; problem: string | null }
interface Human { id: number; firstName: string | null; phone: string | null; email: string | null; tags: string[] }

describe.each(DATABASES)('bulk imports of humans on %s', (kind) => {
  let server: TestServer;
  let api: Call;
  let token: string;
  let sms: number;
  let web: number;

  const upload = async (body: string, type = 'text/csv', query = ''): Promise<{ status: number; body: Import & { description?: string } }> => {
    const res = await fetch(`${server.url}/v1/humans/imports${query}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
    return { status: res.status, body: await res.json() as Import };
  };
  const finished = async (id: number): Promise<Import> => {
    for (let i = 0; i < 400; i++) {
      const { body } = await api('GET', `/v1/humans/imports/${id}`);
      if (body.status !== 'importing' && body.status !== 'receiving') return body as Import;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} did not finish`);
  };
  const byPhone = async (phone: string): Promise<Human[]> => (await api('GET', `/v1/humans?phone=${encodeURIComponent(phone)}`)).body.humans;

  beforeAll(async () => {
    server = await startTestServer(kind);
    token = (await server.account(`imports-${kind}@example.com`)).token;
    api = client(server.url, token);
    const botId = (await api('POST', '/v1/bots', { name: 'b', interactions: [{ name: 'hi', intents: ['sys:text'], actions: [{ send: { message: { text: 'hi' } } }] }] })).body.id;
    sms = (await api('POST', '/v1/channels', { channelType: 'dlc', botId, name: 'SMS', description: '', phoneNumber: '+14155550100', phoneType: 1, countryCode: 'US', user: 'u', token: 't' })).body.id;
    web = (await api('POST', '/v1/channels', { channelType: 'web', botId, name: 'Web', description: '' })).body.id;
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  it('imports a CSV: finds humans again, sets tags and subscriptions, writes consent, and lists the rows it could not take', async () => {
    const existing = (await api('POST', '/v1/humans', { firstName: 'Old', phone: '+14155550111', tags: ['vip'] })).body.id as number;
    const csv = [
      'firstName,lastName,phone,email,tags,consent.sms,consent.sms.date,consent.sms.proof',
      'Ada,Lovelace,+1 415 555 0111,ada@example.com,customer;newsletter,in,2026-01-15,web form #12',
      'Grace,Hopper,+14155550112,GRACE@example.com,customer,out,,',
      '"Alan, Jr.",Turing,,alan@example.com,,,,',
      'Bad,Phone,12345,,,,,',
      'Too,Few,cells',
      'Nobody,Atall,,,,,,',
      'Ada,Again,,ada@example.com,returning,,,',
    ].join('\r\n');
    const created = await upload(csv, 'text/csv; charset=utf-8', '?fileName=crm.csv');
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ format: 'csv', fileName: 'crm.csv', rows: 7 });
    const done = await finished(created.body.id);
    expect(done).toMatchObject({ status: 'done', rows: 7, processed: 7, created: 2, updated: 2, failed: 3, errors: 3 });

    // Ada matched the human already there by phone, kept their tag and gained the file's; the last row found her by e-mail.
    const [ada] = await byPhone('+14155550111');
    expect(ada).toMatchObject({ id: existing, firstName: 'Ada', email: 'ada@example.com' });
    expect(ada!.tags.sort()).toEqual(['customer', 'newsletter', 'returning', 'vip']);
    const [grace] = await byPhone('+14155550112');
    expect(grace).toMatchObject({ email: 'grace@example.com', tags: ['customer'] });
    const alan = (await api('GET', '/v1/humans?email=alan@example.com')).body.humans;
    expect(alan).toEqual([expect.objectContaining({ firstName: 'Alan, Jr.' })]);

    // consent.sms in subscribed Ada to the account's SMS channel, dated and proven as the file says; Grace's out is kept.
    const adaConsent = (await api('GET', `/v1/humans/${existing}/consent`)).body;
    expect(adaConsent.events).toEqual([expect.objectContaining({ family: 'sms', state: 'in', source: 'import', channelId: sms, proof: 'web form #12', date: '2026-01-15T00:00:00' })]);
    expect((await api('GET', `/v1/humans/${existing}/subscriptions`)).body).toEqual([expect.objectContaining({ channelId: sms, subscribed: true })]);
    expect((await api('GET', `/v1/humans/${grace!.id}/consent`)).body.current).toEqual([expect.objectContaining({ family: 'sms', state: 'out', source: 'import', channelId: null })]);

    const errors = (await api('GET', `/v1/humans/imports/${created.body.id}/errors?limit=2`)).body;
    expect(errors.errors).toEqual([
      { row: 5, field: 'phone', reason: expect.stringContaining('"12345" is not a phone number') },
      { row: 6, field: null, reason: '3 cells where the header names 8 columns' },
    ]);
    const rest = (await api('GET', `/v1/humans/imports/${created.body.id}/errors?limit=2&cursor=${errors.nextCursor}`)).body;
    expect(rest).toEqual({ errors: [{ row: 7, field: null, reason: expect.stringContaining('no phone, email or identity') }], nextCursor: null });
  });

  it('imports JSON lines with nested columns, and importing the same file again creates no one', async () => {
    const lines = [
      JSON.stringify({ firstName: 'Wei', phone: '+14155550120', tags: ['lead'], identities: { [web]: 'visitor-1' }, subscriptions: { [web]: true } }),
      '',
      '{not json',
      JSON.stringify({ firstName: 'Wei', identity: { [web]: 'visitor-1' }, consent: { sms: { state: 'in', proof: 'paper form' } } }),
      JSON.stringify({ email: 'x@example.com', subscribed: { 999999: true } }),
      JSON.stringify(['not', 'an', 'object']),
    ].join('\n');
    const first = await finished((await upload(lines, 'application/x-ndjson')).body.id);
    // The blank line is no row, but the rows keep their line numbers.
    expect(first).toMatchObject({ status: 'done', rows: 5, created: 1, updated: 1, failed: 3 });
    const [wei] = await byPhone('+14155550120');
    const ledger = (await api('GET', `/v1/humans/${wei!.id}/consent`)).body.events.map((e: { family: string; state: string; source: string; proof: string | null }) => [e.family, e.state, e.source, e.proof]);
    expect(ledger).toEqual([['web', 'in', 'import', null], ['sms', 'in', 'import', 'paper form']]);
    const errors = (await api('GET', `/v1/humans/imports/${first.id}/errors`)).body.errors;
    expect(errors.map((e: { row: number; field: string | null }) => [e.row, e.field])).toEqual([[3, null], [5, 'subscribed.999999'], [6, null]]);

    const again = await finished((await upload(lines, 'application/jsonl')).body.id);
    expect(again).toMatchObject({ status: 'done', created: 0, updated: 2 });
    expect(await byPhone('+14155550120')).toHaveLength(1);
    // Nothing changed, so the ledger has nothing new but the consent given again with its proof.
    expect((await api('GET', `/v1/humans/${wei!.id}/consent`)).body.events).toHaveLength(3);
  });

  it('refuses a file it cannot read as a whole, and a body that is no file', async () => {
    const before = (await api('GET', '/v1/humans/imports')).body.imports.length;
    const unknown = await upload('firstName,phone,favouriteColour\nAda,+14155550130,blue');
    expect(unknown.status).toBe(422);
    expect(unknown.body.description).toContain('"favouriteColour"');
    expect((await upload('')).status).toBe(422);
    expect((await upload('phone,phone\n+1,+1')).status).toBe(422);
    expect((await upload('phone\n"+14155550131', 'text/csv')).status).toBe(422);
    expect((await api('POST', '/v1/humans/imports', { phone: '+14155550131' })).status).toBe(415);
    expect((await api('GET', '/v1/humans/imports')).body.imports.length).toBe(before);
    expect(await byPhone('+14155550131')).toEqual([]);
  });

  it('cancels, and keeps another account out', async () => {
    const rows = ['phone', ...Array.from({ length: 3000 }, (_, i) => `+1415666${String(i).padStart(4, '0')}`)].join('\n');
    const started = (await upload(rows)).body;
    const cancelled = (await api('POST', `/v1/humans/imports/${started.id}/cancel`)).body as Import;
    expect(['cancelled', 'done']).toContain(cancelled.status);
    const settled = await finished(started.id);
    expect(settled.status).toBe(cancelled.status);
    expect(settled.processed).toBeLessThanOrEqual(3000);
    expect(settled.created).toBe(settled.processed);

    const other = client(server.url, (await server.account(`imports-other-${kind}@example.com`)).token);
    expect((await other('GET', `/v1/humans/imports/${started.id}`)).status).toBe(403);
    expect((await other('GET', `/v1/humans/imports/${started.id}/errors`)).status).toBe(403);
    expect((await other('POST', `/v1/humans/imports/${started.id}/cancel`)).status).toBe(403);
    expect((await api('GET', '/v1/humans/imports/99999')).status).toBe(404);
  });

  it('writes each row once when two writers take the same import at once', async () => {
    const rows = ['email,tags', ...Array.from({ length: 2600 }, (_, i) => `twice${i}@example.com,once`)].join('\n');
    const { id } = (await upload(rows)).body;
    // The job runs as it would, and two more writers (a re-run after a lost lease, the command line) race it.
    const writer = async (): Promise<void> => {
      for (let step = await server.services.humanImports.writeNext(id); step !== 'over'; step = await server.services.humanImports.writeNext(id)) {
        if (step === 'busy') await new Promise((r) => setTimeout(r, 5));
      }
    };
    await Promise.all([writer(), writer()]);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'done', rows: 2600, processed: 2600, created: 2600, updated: 0, failed: 0 });
    const tagged = (await api('GET', '/v1/humans?tag=once&limit=500')).body;
    expect(tagged.humans).toHaveLength(500);
  });
});
