// A fake SMSC speaking SMPP 3.4 over TCP: takes bind_transceiver, answers submit_sm with ids, sends deliver_sm (texts, receipts) on demand, can go down or throttle.
import net, { type AddressInfo, type Server, type Socket } from 'node:net';
import { CMD, cstr, Fields, frame, gsmDecode, gsmEncode, shortMessageBody, tlv, ucs2Decode, ucs2Encode, type Frame } from './smsc-wire.js';
import { WAIT_BOUND_MS } from '../helpers/wait-bound.js';

const ESME_ROK = 0;
const ESME_RINVMSGLEN = 0x01;
const ESME_RINVCMDID = 0x03;
const ESME_RINVBNDSTS = 0x04;
const ESME_RALYBND = 0x05;
const ESME_RINVDSTADR = 0x0b;
const ESME_RINVPASWD = 0x0e;
const ESME_RINVSYSID = 0x0f;
export const ESME_RTHROTTLED = 0x58;

export interface SubmittedSm {
  systemId: string;
  sourceAddr: string;
  sourceTon: number;
  sourceNpi: number;
  destinationAddr: string;
  destTon: number;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  /** The concatenation header, when the message has one. */
  concat: { reference: number; total: number; sequence: number } | null;
  /** The text of this part as a handset shows it. */
  text: string;
  messageId: string;
  /** When the SMSC took it (Date.now()). */
  at: number;
}

/** What data_coding 0 means on this SMSC: GSM-7 (one septet per octet), or Latin-1 / IA5 octets it converts for the air. */
export type SmscDefaultAlphabet = 'gsm7' | 'latin1' | 'ascii';

interface Session {
  socket: Socket;
  systemId: string | null;
  seq: number;
  pending: Map<number, (f: Frame) => void>;
  buffer: Buffer;
}

export class FakeSmsc {
  readonly submitted: SubmittedSm[] = [];
  /** What happened, in order: bind, bind-refused, unbind, enquire_link (from the client), submit, throttled. */
  readonly log: string[] = [];
  private readonly sessions = new Set<Session>();
  private throttled = 0;
  private nextId = 0x1a2b00;
  private down = false;

  /** When each ESME_RTHROTTLED was sent (Date.now()). */
  readonly throttledAt: number[] = [];
  /** Responses the client sent to requests that take none (alert_notification), by command_id. */
  readonly forbiddenResponses: number[] = [];

  private constructor(private server: Server, readonly port: number, private readonly accounts: Map<string, string>, readonly defaultAlphabet: SmscDefaultAlphabet) {}

  static async start(accounts: Record<string, string> = { parley: 'secret' }, options: { defaultAlphabet?: SmscDefaultAlphabet } = {}): Promise<FakeSmsc> {
    let fake: FakeSmsc | undefined;
    const server = net.createServer((socket) => fake?.accept(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeSmsc(server, (server.address() as AddressInfo).port, new Map(Object.entries(accounts)), options.defaultAlphabet ?? 'gsm7');
    return fake;
  }

  /**
   * The SMSC says a handset is reachable again: alert_notification takes no response (SMPP 3.4 §4.12). Followed by an
   * enquire_link, whose answer comes after any (forbidden) answer to the alert on the same connection.
   */
  async alert(from: string): Promise<void> {
    const session = this.boundSession();
    session.seq += 1;
    const seq = session.seq;
    session.pending.set(seq, (f) => this.forbiddenResponses.push(f.id));
    const body = Buffer.concat([Buffer.from([1, 1]), cstr(from.replace(/^\+/, '')), Buffer.from([1, 1]), cstr('1234'), tlv(0x0422, Buffer.from([0]))]);
    session.socket.write(frame(0x00000102, 0, seq, body));
    await this.enquireLink();
  }

  /** A text from a handset as data_sm, its text in message_payload; resolves with the data_sm_resp status. */
  async deliverDataSm(from: string, to: string, text: string): Promise<{ id: number; status: number }> {
    const gsm = gsmEncode(text);
    const body = Buffer.concat([
      cstr(''), Buffer.from([1, 1]), cstr(from.replace(/^\+/, '')), Buffer.from([1, 1]), cstr(to.replace(/^\+/, '')),
      Buffer.from([0, 0, gsm === null ? 8 : 0]), tlv(0x0424, gsm ?? ucs2Encode(text)),
    ]);
    return this.rawRequest(0x00000103, body);
  }

  get host(): string {
    return '127.0.0.1';
  }

  /** Sessions currently bound. */
  bound(): number {
    return [...this.sessions].filter((s) => s.systemId !== null).length;
  }

  /** The next `n` submit_sm are answered ESME_RTHROTTLED. */
  throttle(n: number): void {
    this.throttled = n;
  }

  /** An outage: every connection dropped, new ones refused, until restore(). */
  async outage(): Promise<void> {
    this.down = true;
    for (const s of this.sessions) s.socket.destroy();
    this.sessions.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  async restore(): Promise<void> {
    const server = net.createServer((socket) => this.accept(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.server = server;
    this.down = false;
  }

  /** Texts handed over for a number, concatenated parts joined, in order. */
  textsTo(number: string): string[] {
    const out: string[] = [];
    const groups = new Map<string, string[]>();
    for (const sm of this.submitted.filter((s) => s.destinationAddr === number)) {
      if (sm.concat === null) {
        out.push(sm.text);
        continue;
      }
      const key = `${sm.sourceAddr}|${sm.concat.reference}`;
      let parts = groups.get(key);
      if (parts === undefined) {
        parts = new Array<string>(sm.concat.total).fill('');
        groups.set(key, parts);
        out.push('');
      }
      parts[sm.concat.sequence - 1] = sm.text;
      // The whole message sits where its first part was seen.
      out[out.length - 1] = parts.join('');
    }
    return out;
  }

  /** A text from a handset, as deliver_sm (several with a UDH when long); resolves with each part's deliver_sm_resp status. */
  async deliverMo(from: string, to: string, text: string, options: { reference?: number } = {}): Promise<number[]> {
    const gsm = gsmEncode(text);
    // On an SMSC whose default alphabet is Latin-1 or IA5, data_coding 0 carries the text in that alphabet.
    const payload = gsm === null ? ucs2Encode(text) : this.defaultAlphabet === 'gsm7' ? gsm : Buffer.from(text, this.defaultAlphabet === 'latin1' ? 'latin1' : 'ascii');
    const unit = gsm === null ? 2 : 1;
    const single = gsm === null ? 140 : 160;
    const per = gsm === null ? 134 : 153;
    let parts: Buffer[];
    if (payload.length <= single) parts = [payload];
    else {
      parts = [];
      for (let at = 0; at < payload.length;) {
        let end = Math.min(at + per, payload.length);
        // Never split a GSM escape from the character it introduces.
        if (unit === 1 && payload[end - 1] === 0x1b && end < payload.length) end -= 1;
        parts.push(payload.subarray(at, end));
        at = end;
      }
    }
    const reference = options.reference ?? Math.floor(Math.random() * 256);
    const session = this.boundSession();
    return Promise.all(parts.map((part, i) => {
      const concat = parts.length > 1;
      const sm = concat ? Buffer.concat([Buffer.from([5, 0, 3, reference, parts.length, i + 1]), part]) : part;
      return this.request(session, CMD.deliver_sm, shortMessageBody({
        sourceTon: 1, sourceNpi: 1, source: from.replace(/^\+/, ''), destTon: 1, destNpi: 1, dest: to.replace(/^\+/, ''),
        esmClass: concat ? 0x40 : 0, dataCoding: gsm === null ? 8 : 0, sm,
      }));
    }));
  }

  /** A delivery receipt for a submitted message, in the Appendix B text form and (unless `tlvs` is false) with the SMPP 3.4 TLVs. */
  async sendReceipt(messageId: string, stat: 'DELIVRD' | 'UNDELIV' | 'EXPIRED' | 'REJECTD' | 'ACCEPTD', options: { err?: string; tlvs?: boolean } = {}): Promise<number> {
    const sm = this.submitted.find((s) => s.messageId === messageId);
    if (sm === undefined) throw new Error(`no message ${messageId} was submitted`);
    const stamp = '2401011200';
    const text = `id:${messageId} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:${stamp} done date:${stamp} stat:${stat} err:${options.err ?? '000'} text:${sm.text.slice(0, 20)}`;
    const states: Record<string, number> = { DELIVRD: 2, EXPIRED: 3, UNDELIV: 5, ACCEPTD: 6, REJECTD: 8 };
    const tlvs = options.tlvs === false ? Buffer.alloc(0) : Buffer.concat([tlv(0x001e, cstr(messageId)), tlv(0x0427, Buffer.from([states[stat]!]))]);
    const [status] = await Promise.all([this.request(this.boundSession(), CMD.deliver_sm, shortMessageBody({
      sourceTon: 1, sourceNpi: 1, source: sm.destinationAddr, destTon: sm.sourceTon, destNpi: sm.sourceNpi, dest: sm.sourceAddr,
      esmClass: 0x04, dataCoding: 0, sm: Buffer.from(text, 'latin1'), tlvs,
    }))]);
    return status!;
  }

  /** The SMSC asks the client whether it is alive; resolves with the answer's command_status. */
  async enquireLink(): Promise<number> {
    return this.request(this.boundSession(), CMD.enquire_link, Buffer.alloc(0));
  }

  /** Any command the SMSC might send (one the client does not know, say); resolves with the answer's command_id and status. */
  async rawRequest(commandId: number, body: Buffer = Buffer.alloc(0)): Promise<{ id: number; status: number }> {
    const session = this.boundSession();
    session.seq += 1;
    const seq = session.seq;
    return new Promise((resolve) => {
      session.pending.set(seq, (f) => resolve({ id: f.id, status: f.status }));
      session.socket.write(frame(commandId, 0, seq, body));
    });
  }

  /** While silent, requests from clients get no answer at all (a hung SMSC). */
  silent = false;

  async waitFor(check: () => boolean, timeoutMs = WAIT_BOUND_MS): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > until) throw new Error('the fake SMSC waited in vain');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async close(): Promise<void> {
    for (const s of this.sessions) s.socket.destroy();
    if (!this.down) await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private boundSession(): Session {
    const s = [...this.sessions].find((x) => x.systemId !== null);
    if (s === undefined) throw new Error('no client is bound to the fake SMSC');
    return s;
  }

  private request(s: Session, id: number, body: Buffer): Promise<number> {
    s.seq += 1;
    const seq = s.seq;
    return new Promise<number>((resolve) => {
      s.pending.set(seq, (f) => resolve(f.status));
      s.socket.write(frame(id, 0, seq, body));
    });
  }

  private accept(socket: Socket): void {
    if (this.down) {
      socket.destroy();
      return;
    }
    const s: Session = { socket, systemId: null, seq: 0x40000000, pending: new Map(), buffer: Buffer.alloc(0) };
    this.sessions.add(s);
    socket.on('data', (chunk: Buffer) => {
      s.buffer = Buffer.concat([s.buffer, chunk]);
      while (s.buffer.length >= 16 && s.buffer.length >= s.buffer.readUInt32BE(0)) {
        const len = s.buffer.readUInt32BE(0);
        const f: Frame = { id: s.buffer.readUInt32BE(4), status: s.buffer.readUInt32BE(8), seq: s.buffer.readUInt32BE(12), body: Buffer.from(s.buffer.subarray(16, len)) };
        s.buffer = s.buffer.subarray(len);
        this.handle(s, f);
      }
    });
    socket.on('close', () => this.sessions.delete(s));
    socket.on('error', () => undefined);
  }

  private handle(s: Session, f: Frame): void {
    if (this.silent && (f.id & 0x80000000) === 0) return;
    const reply = (id: number, status: number, body: Buffer = Buffer.alloc(0)): void => { s.socket.write(frame(id, status, f.seq, body)); };
    if ((f.id & 0x80000000) !== 0) {
      const done = s.pending.get(f.seq);
      s.pending.delete(f.seq);
      done?.(f);
      return;
    }
    switch (f.id) {
      case CMD.bind_transceiver: {
        const r = new Fields(f.body);
        const systemId = r.c();
        const password = r.c();
        if (s.systemId !== null) return reply(CMD.bind_transceiver_resp, ESME_RALYBND);
        if (!this.accounts.has(systemId)) {
          this.log.push('bind-refused');
          return reply(CMD.bind_transceiver_resp, ESME_RINVSYSID);
        }
        if (this.accounts.get(systemId) !== password) {
          this.log.push('bind-refused');
          return reply(CMD.bind_transceiver_resp, ESME_RINVPASWD);
        }
        s.systemId = systemId;
        this.log.push('bind');
        return reply(CMD.bind_transceiver_resp, ESME_ROK, cstr('FakeSMSC'));
      }
      case CMD.submit_sm: {
        if (s.systemId === null) return reply(CMD.submit_sm_resp, ESME_RINVBNDSTS);
        if (this.throttled > 0) {
          this.throttled -= 1;
          this.log.push('throttled');
          this.throttledAt.push(Date.now());
          return reply(CMD.submit_sm_resp, ESME_RTHROTTLED);
        }
        const r = new Fields(f.body);
        r.c();
        const sourceTon = r.b();
        const sourceNpi = r.b();
        const sourceAddr = r.c();
        const destTon = r.b();
        r.b();
        const destinationAddr = r.c();
        const esmClass = r.b();
        r.b(); r.b(); r.c(); r.c();
        const registeredDelivery = r.b();
        r.b();
        const dataCoding = r.b();
        r.b();
        let sm = r.take(r.b());
        const smWithHeader = sm;
        if (!/^\d{4,15}$/.test(destinationAddr)) return reply(CMD.submit_sm_resp, ESME_RINVDSTADR);
        let concat: SubmittedSm['concat'] = null;
        if ((esmClass & 0x40) !== 0) {
          const udhl = sm[0]!;
          const udh = sm.subarray(1, 1 + udhl);
          if (udh[0] === 0 && udh[1] === 3) concat = { reference: udh[2]!, total: udh[3]!, sequence: udh[4]! };
          sm = sm.subarray(1 + udhl);
        }
        // The SMSC's limits by coding (SMPP 3.4 §5.2.19, GSM 03.38): 140 octets on the air, which is 160 septets for the
        // default alphabet; a user data header counts in them.
        const header = concatHeaderOctets(esmClass, smWithHeader);
        if (dataCoding === 0) {
          const septets = Math.ceil((header * 8) / 7) + defaultAlphabetSeptets(sm, this.defaultAlphabet);
          if (septets > 160) return reply(CMD.submit_sm_resp, ESME_RINVMSGLEN);
        } else if (header + sm.length > 140) {
          return reply(CMD.submit_sm_resp, ESME_RINVMSGLEN);
        }
        const text = dataCoding === 8 ? ucs2Decode(sm) : dataCoding === 0 && this.defaultAlphabet !== 'gsm7' ? sm.toString(this.defaultAlphabet === 'latin1' ? 'latin1' : 'ascii') : gsmDecode(sm);
        this.nextId += 1;
        const messageId = this.nextId.toString(16);
        this.submitted.push({ systemId: s.systemId, sourceAddr, sourceTon, sourceNpi, destinationAddr, destTon, esmClass, dataCoding, registeredDelivery, concat, text, messageId, at: Date.now() });
        this.log.push('submit');
        return reply(CMD.submit_sm_resp, ESME_ROK, cstr(messageId));
      }
      case CMD.enquire_link:
        this.log.push('enquire_link');
        return reply(CMD.enquire_link_resp, ESME_ROK);
      case CMD.unbind:
        this.log.push('unbind');
        s.systemId = null;
        reply(CMD.unbind_resp, ESME_ROK);
        s.socket.end();
        return;
      default:
        return reply(CMD.generic_nack, ESME_RINVCMDID);
    }
  }
}

/** Octets of the user data header (its length octet included) when esm_class says there is one. */
function concatHeaderOctets(esmClass: number, sm: Buffer): number {
  return (esmClass & 0x40) !== 0 && sm.length > 0 ? sm[0]! + 1 : 0;
}

/** Septets the text takes on the air once the SMSC converts its default alphabet to GSM-7 (escaped characters count two). */
function defaultAlphabetSeptets(sm: Buffer, alphabet: SmscDefaultAlphabet): number {
  if (alphabet === 'gsm7') return sm.length;
  const text = sm.toString(alphabet === 'latin1' ? 'latin1' : 'ascii');
  const gsm = gsmEncode(text);
  return gsm === null ? text.length : gsm.length;
}
