// POST /v1/bots/test over real HTTP on SQLite and PostgreSQL: conversation tests run against a definition as
// `parley test` runs them, failures located in the tests file, coverage with what no test entered or ran; bad input refused.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, isErrorObject, type Call } from '../helpers/http.js';
import { DATABASES, startTestServer, type TestServer } from '../helpers/server.js';

const faq = JSON.parse(fs.readFileSync('examples/faq/bot.json', 'utf8')) as { name: string; interactions: Record<string, unknown>[] };
const faqTests = fs.readFileSync('examples/faq/tests.yaml', 'utf8');

describe.each(DATABASES)('POST /v1/bots/test on %s', (kind) => {
  let server: TestServer;
  let api: Call;

  beforeAll(async () => {
    server = await startTestServer(kind);
    api = client(server.url, (await server.account(`bot-tests-${kind}@example.com`)).token);
  }, 60_000);
  afterAll(async () => { await server?.close(); });

  it('runs the FAQ example\'s tests: all pass, and nothing is stored', async () => {
    const reply = await api('POST', '/v1/bots/test', { definition: faq, tests: faqTests });
    expect(reply.status).toBe(200);
    expect(reply.body.failed).toBe(0);
    expect(reply.body.passed).toBe(reply.body.results.length);
    expect(reply.body.results[0]).toEqual({ label: 'greets, and answers each question it knows, however it is put', passed: true, failure: null });
    expect(reply.body.coverage.interactions.entered).toBe(reply.body.coverage.interactions.total);
    expect((await api('GET', '/v1/bots')).body).toEqual([]);
  });

  it('locates a failure in the tests file, and says which interactions and steps no test reached', async () => {
    const definition = { ...faq, interactions: [...faq.interactions, { name: 'orphan', actions: [{ send: { message: { text: 'Nobody comes here.' } } }] }] };
    const tests = '- name: a wrong greeting\n  steps:\n    - user: hello\n    - bot: Good evening.\n';
    const reply = await api('POST', '/v1/bots/test', { definition, tests });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ passed: 0, failed: 1 });
    expect(reply.body.results[0].failure).toMatchObject({ step: 2, line: 4 });
    expect(reply.body.results[0].failure.lines.join('\n')).toContain('Good evening.');
    const { coverage } = reply.body;
    const orphan = coverage.notEntered.find((n: { label: string }) => n.label === '"orphan"');
    expect(orphan).toEqual({ label: '"orphan"', pointer: `/interactions/${faq.interactions.length}`, reachable: false });
    expect(coverage.notEntered.some((n: { reachable: boolean }) => n.reachable)).toBe(true);
  });

  it('refuses a definition with problems, a malformed tests file, and too many runs', async () => {
    const broken = await api('POST', '/v1/bots/test', { definition: { name: 'b', interactions: [{ actions: [{ goto: 'nowhere' }] }] }, tests: faqTests });
    expect(broken.status).toBe(422);
    expect(isErrorObject(broken.body, 422)).toBe(true);
    expect(broken.body.problems[0].pointer).toBe('/interactions/0/actions/0/goto');
    const malformed = await api('POST', '/v1/bots/test', { definition: faq, tests: '- name: x\n  steps: 3\n' });
    expect(malformed.status).toBe(422);
    expect(malformed.body.description).toMatch(/tests\.yaml/);
    const many = Array.from({ length: 101 }, (_, n) => `- name: t${n}\n  steps:\n    - user: hi\n`).join('');
    const tooMany = await api('POST', '/v1/bots/test', { definition: faq, tests: many });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.description).toContain('at most 100');
  });
});
