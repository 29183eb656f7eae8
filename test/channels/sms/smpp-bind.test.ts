import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../../../src/channels/ports.js';
import { BindUnavailableError, SmppBind, type BindOptions } from '../../../src/channels/sms/smpp/bind.js';
import { shortMessageFields } from '../../../src/channels/sms/smpp/pdu.js';
import { parseSmsToken, type SmppTarget } from '../../../src/channels/sms/token.js';
import { AllowList } from '../../../src/net/allow-list.js';
import { FakeSmsc } from '../../fakes/smsc.js';

const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const options: BindOptions = {
  responseTimeoutMs: 300, enquireLinkMs: 60_000, window: 2, reconnectMinMs: 20, reconnectMaxMs: 100, allowList: new AllowList(['127.0.0.1']),
};

function target(token: string): SmppTarget {
  const parsed = parseSmsToken(token, 'https://api.twilio.com');
  if (!parsed.ok || parsed.target.kind !== 'smpp') throw new Error('bad test token');
  return parsed.target;
}

describe('SMPP bind', () => {
  const open: { bind?: SmppBind; smsc?: FakeSmsc }[] = [];
  afterEach(async () => {
    for (const o of open.splice(0)) {
      await o.bind?.close();
      await o.smsc?.close();
    }
  });

  async function bound(opts: Partial<BindOptions> = {}) {
    const smsc = await FakeSmsc.start({ parley: 'secret' });
    const bind = new SmppBind(1, target(`smpp://parley:secret@127.0.0.1:${smsc.port}`), { ...options, ...opts }, async () => 0, quiet);
    open.push({ bind, smsc });
    bind.start();
    const session = await bind.ready(2000);
    return { smsc, bind, session };
  }

  it('binds as a transceiver, answers what the SMSC asks, nacks what it does not know, and unbinds on close', async () => {
    const { smsc, bind, session } = await bound();
    expect(smsc.log).toEqual(['bind']);
    expect(await smsc.enquireLink()).toBe(0);
    // submit_multi (0x21): an ESME never receives it, and this client does not read it.
    expect(await smsc.rawRequest(0x21)).toEqual({ id: 0x80000000, status: 0x03 });
    const answer = await session.submit(shortMessageFields({ sourceAddr: '15550001000', destinationAddr: '15557770001', shortMessage: Buffer.from('hi') }));
    expect(answer).toEqual({ status: 0, messageId: smsc.submitted[0]!.messageId });
    await bind.close();
    await smsc.waitFor(() => smsc.log.includes('unbind'));
    await expect(bind.ready(10)).rejects.toThrow(/closed/);
  });

  it('fails deliveries at once when the SMSC refuses the credentials', async () => {
    const smsc = await FakeSmsc.start({ parley: 'secret' });
    const bind = new SmppBind(1, target(`smpp://parley:wrong@127.0.0.1:${smsc.port}`), options, async () => 0, quiet);
    open.push({ bind, smsc });
    const refused = await bind.ready(2000).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BindUnavailableError);
    expect((refused as BindUnavailableError).permanent).toBe(true);
    expect((refused as Error).message).toMatch(/ESME_RINVPASWD/);
  });

  it('refuses an SMSC on an internal address that SMS_ALLOW_HOSTS does not list', async () => {
    const bind = new SmppBind(1, target('smpp://parley:secret@10.0.0.7:2775'), { ...options, allowList: new AllowList([]) }, async () => 0, quiet);
    open.push({ bind });
    const refused = await bind.ready(2000).catch((e: unknown) => e) as BindUnavailableError;
    expect(refused.permanent).toBe(true);
    expect(refused.message).toMatch(/internal range.*SMS_ALLOW_HOSTS/);
  });

  it('binds again after an outage, and drops a connection whose SMSC stops answering', async () => {
    const { smsc, bind } = await bound();
    await smsc.outage();
    await smsc.waitFor(() => !bind.bound);
    const down = await bind.ready(100).catch((e: unknown) => e) as BindUnavailableError;
    expect(down.permanent).toBe(false);
    expect(down.message).toMatch(/SMSC is not reachable/);
    await smsc.restore();
    const session = await bind.ready(2000);
    expect(smsc.bound()).toBe(1);

    smsc.silent = true;
    await expect(session.submit(shortMessageFields({ sourceAddr: '1', destinationAddr: '15557770001', shortMessage: Buffer.from('x') }))).rejects.toThrow(/no submit_sm_resp within 300 ms/);
    expect(session.open).toBe(false);
    smsc.silent = false;
    await bind.ready(2000);
    expect(smsc.log.filter((e) => e === 'bind')).toHaveLength(3);
  });
});
