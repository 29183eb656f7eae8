// The adapter against the fake network directly: a message of several DMs resumes after the last DM sent when a retry follows an outage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MicroblogAdapter } from '../../../src/channels/microblog/adapter.js';
import { DirectMessages } from '../../../src/channels/microblog/direct-messages.js';
import { MediaFetcher } from '../../../src/channels/microblog/media-fetch.js';
import { MediaUploads } from '../../../src/channels/microblog/media-upload.js';
import { PartialSends } from '../../../src/channels/shared/partial-sends.js';
import type { ChannelRecord, Delivery } from '../../../src/channels/types.js';
import { emptyMessage } from '../../../src/engine/outbound.js';
import { FakeMicroblog, type FakeAccount } from '../../fakes/microblog.js';
import { tokenJson } from './microblog-world.js';

describe('the twr adapter', () => {
  let fake: FakeMicroblog;
  let account: FakeAccount;
  let adapter: MicroblogAdapter;
  let fetcher: MediaFetcher;
  const person = '1800000000000000001';

  beforeAll(async () => {
    fake = await FakeMicroblog.start();
    account = fake.account(fake.app());
    fake.person(person);
    fetcher = new MediaFetcher({ allowHosts: [], timeoutMs: 1000 });
    adapter = new MicroblogAdapter({
      directMessages: new DirectMessages({ apiUrl: fake.url, timeoutMs: 1000 }),
      uploads: new MediaUploads({ uploadUrl: fake.url, timeoutMs: 1000, maxBytes: 1024 * 1024, fetcher, processingBudgetMs: 1000 }),
      defaults: { consumerKey: null, consumerSecret: null },
      sentParts: new PartialSends(),
      log: () => null,
    });
  });
  afterAll(async () => {
    await fetcher.close();
    await fake.close();
  });

  function delivery(messageId: number, text: string, attempt: number): Delivery {
    const channel: ChannelRecord = { id: 1, accountId: 1, botId: 1, type: 'twr', name: 'dms', user: account.userId, token: tokenJson(account), data: null, phoneType: 0, countryCode: null };
    return { messageId, conversationId: 1, channel, address: person, message: { ...emptyMessage(), text }, attempt };
  }

  it('sends a long message as several DMs and, after an outage on the second, resumes with it on the retry', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `word${i}`).join(' ');
    fake.outage = { after: 1, remaining: 1, status: 500 };
    const first = await adapter.deliver(delivery(41, text, 1));
    expect(first).toMatchObject({ kind: 'retry', reason: 'the network answered 500: Internal error (code 131)' });
    expect(fake.sentTo(person)).toHaveLength(1);
    const second = await adapter.deliver(delivery(41, text, 2));
    const sent = fake.sentTo(person);
    expect(sent).toHaveLength(3);
    expect(sent.map((s) => s.messageData.text).join(' ')).toBe(text);
    // Read markers name the last DM, which covers the others.
    expect(second).toEqual({ kind: 'sent', providerMessageId: sent[2]!.eventId });
  });

  it('fails without calling the network for an address that is not a user id, or the account itself', async () => {
    const before = fake.calls.length;
    expect(await adapter.deliver({ ...delivery(42, 'hi', 1), address: '+12025550123' })).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/not a user id/) });
    expect(await adapter.deliver({ ...delivery(43, 'hi', 1), address: account.userId })).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/itself/) });
    expect(fake.calls.length).toBe(before);
  });

  it('refuses media on internal addresses through the SSRF guard, before anything is uploaded', async () => {
    const before = fake.calls.length;
    const outcome = await adapter.deliver({ ...delivery(44, 'see', 1), message: { ...emptyMessage(), text: 'see', media: 'http://169.254.169.254/latest/meta-data/x.png', mediaType: 'image' } });
    expect(outcome).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/169\.254\.169\.254.*refused/) });
    expect(fake.calls.length).toBe(before);
  });
});
