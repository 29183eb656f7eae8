// The voice platform's side of a custom skill: its own test CA and signing certificate served at a fake cert URL, and signed Launch/Intent/SessionEnded requests posted to the endpoint.
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';

export const SIGNING_NAME = 'echo-api.amazon.com';
const DAY = 86_400_000;

interface KeyPair { node: KeyObject; forgePrivate: forge.pki.rsa.PrivateKey; forgePublic: forge.pki.rsa.PublicKey }

function keyPair(): KeyPair {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    node: privateKey,
    forgePrivate: forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()),
    forgePublic: forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString()) as forge.pki.rsa.PublicKey,
  };
}

let serial = 0;
interface CertSpec {
  commonName: string;
  keys: KeyPair;
  issuer: { cert: forge.pki.Certificate; keys: KeyPair } | null;
  ca: boolean;
  sans?: string[];
  notBefore?: Date;
  notAfter?: Date;
}

function certificate(spec: CertSpec): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = spec.keys.forgePublic;
  serial += 1;
  cert.serialNumber = `01${crypto.randomBytes(7).toString('hex')}${serial.toString(16).padStart(4, '0')}`;
  cert.validity.notBefore = spec.notBefore ?? new Date(Date.now() - DAY);
  cert.validity.notAfter = spec.notAfter ?? new Date(Date.now() + 365 * DAY);
  const subject = [{ name: 'commonName', value: spec.commonName }, { name: 'organizationName', value: 'Parley test PKI' }];
  cert.setSubject(subject);
  cert.setIssuer(spec.issuer === null ? subject : spec.issuer.cert.subject.attributes);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: spec.ca, critical: true },
    spec.ca ? { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true } : { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
  ];
  if (spec.sans !== undefined) extensions.push({ name: 'subjectAltName', altNames: spec.sans.map((value) => ({ type: 2, value })) });
  cert.setExtensions(extensions);
  cert.sign((spec.issuer?.keys ?? spec.keys).forgePrivate, forge.md.sha256.create());
  return cert;
}

const pem = (cert: forge.pki.Certificate) => forge.pki.certificateToPem(cert);

/** A signing certificate and what signs requests with it. */
export interface SigningChain {
  /** The PEM file as served: the signing certificate, then the intermediate. */
  pem: string;
  key: KeyObject;
}

export interface ChainOptions {
  /** Subject Alternative Names of the signing certificate; default echo-api.amazon.com and another. */
  sans?: string[];
  notBefore?: Date;
  notAfter?: Date;
  /** Issued under a CA the server does not trust (a forger's own PKI). */
  untrusted?: boolean;
}

/** A root (the one the server is told to trust), an intermediate under it, and signing certificates under that, as the platform's chain is built. */
export class TestPki {
  private readonly rootKeys = keyPair();
  readonly root = certificate({ commonName: 'Parley Test Root CA', keys: this.rootKeys, issuer: null, ca: true });
  private readonly intermediateKeys = keyPair();
  private readonly intermediate = certificate({ commonName: 'Parley Test Signing CA', keys: this.intermediateKeys, issuer: { cert: this.root, keys: this.rootKeys }, ca: true });
  private readonly leafKeys = keyPair();
  private forgerRoot: { cert: forge.pki.Certificate; keys: KeyPair } | null = null;

  get rootPem(): string {
    return pem(this.root);
  }

  get intermediatePem(): string {
    return pem(this.intermediate);
  }

  chain(options: ChainOptions = {}): SigningChain {
    let issuer = { cert: this.intermediate, keys: this.intermediateKeys };
    if (options.untrusted) {
      if (this.forgerRoot === null) {
        const keys = keyPair();
        // The same names as the trusted root: only the key tells them apart.
        this.forgerRoot = { cert: certificate({ commonName: 'Parley Test Signing CA', keys, issuer: null, ca: true }), keys };
      }
      issuer = this.forgerRoot;
    }
    const leaf = certificate({
      commonName: SIGNING_NAME, keys: this.leafKeys, issuer, ca: false, sans: options.sans ?? [SIGNING_NAME, 'echo-api-signing.example'],
      ...(options.notBefore ? { notBefore: options.notBefore } : {}), ...(options.notAfter ? { notAfter: options.notAfter } : {}),
    });
    return { pem: pem(leaf) + pem(issuer.cert), key: this.leafKeys.node };
  }
}

/** The platform's certificate URL for a chain file name. */
export const certUrl = (file: string) => `https://s3.amazonaws.com/echo.api/${file}`;

export interface SendOptions {
  /** The SignatureCertChainUrl header; null sends none. Default: the default chain's URL. */
  certUrl?: string | null;
  /** Sign with this chain's key (default: the default chain's). */
  chain?: SigningChain;
  /** The Signature-256 header as is; null sends none. */
  signature?: string | null;
  /** request.timestamp; default now. */
  timestamp?: Date;
  /** The skill the request names (default: the skill's own). */
  applicationId?: string;
  /** Bytes changed after signing (a request altered on the way). */
  tamper?: (body: string) => string;
}

export interface SkillAnswer {
  status: number;
  body: any;
}

const platformId = (kind: string) => `amzn1.${kind}.${crypto.randomUUID()}`;
/** The platform writes timestamps to the second, with a Z. */
const stamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** One user's device talking to a skill: it keeps the session the skill holds open, as the platform does. */
export class FakeDevice {
  private sessionId: string | null = null;
  private readonly deviceId = platformId('ask.device');
  /** Every request sent and its answer, in order. */
  readonly exchanges: { request: any; answer: SkillAnswer }[] = [];

  constructor(private readonly skill: FakeSkill, readonly userId: string) {}

  get inSession(): boolean {
    return this.sessionId !== null;
  }

  launch(options?: SendOptions): Promise<SkillAnswer> {
    return this.send({ type: 'LaunchRequest' }, options);
  }

  /** Words caught by the catch-all intent's slot, as the shipped interaction model has it. */
  say(text: string, options?: SendOptions): Promise<SkillAnswer> {
    return this.intent('CatchAllIntent', { query: text }, options);
  }

  intent(name: string, slots: Record<string, string | undefined> = {}, options?: SendOptions): Promise<SkillAnswer> {
    const filled = Object.fromEntries(Object.entries(slots).map(([slot, value]) => [slot, {
      name: slot, confirmationStatus: 'NONE', source: 'USER',
      ...(value === undefined ? {} : { value, slotValue: { type: 'Simple', value } }),
    }]));
    return this.send({ type: 'IntentRequest', dialogState: 'COMPLETED', intent: { name, confirmationStatus: 'NONE', slots: filled } }, options);
  }

  /** The session closed by the platform: the user said nothing after the reprompt, left, or an error. */
  endSession(reason: 'USER_INITIATED' | 'EXCEEDED_MAX_REPROMPTS' | 'ERROR' = 'EXCEEDED_MAX_REPROMPTS', options?: SendOptions): Promise<SkillAnswer> {
    const error = reason === 'ERROR' ? { error: { type: 'INVALID_RESPONSE', message: 'The skill response was invalid' } } : {};
    return this.send({ type: 'SessionEndedRequest', reason, ...error }, options);
  }

  /** The same bytes posted again, as a retried request is. */
  async resend(index = this.exchanges.length - 1): Promise<SkillAnswer> {
    return this.skill.post(JSON.stringify(this.exchanges[index]!.request), {});
  }

  private async send(request: Record<string, unknown>, options: SendOptions = {}): Promise<SkillAnswer> {
    const isNew = this.sessionId === null;
    this.sessionId ??= platformId('echo-api.session');
    const applicationId = options.applicationId ?? this.skill.skillId;
    const user = { userId: this.userId };
    const body = {
      version: '1.0',
      session: { new: isNew, sessionId: this.sessionId, application: { applicationId }, attributes: {}, user },
      context: {
        System: {
          application: { applicationId }, user,
          device: { deviceId: this.deviceId, supportedInterfaces: {} },
          apiEndpoint: 'https://api.amazonalexa.com', apiAccessToken: crypto.randomBytes(24).toString('base64url'),
        },
      },
      request: { requestId: platformId('echo-api.request'), timestamp: stamp(options.timestamp ?? new Date()), locale: 'en-US', ...request },
    };
    const answer = await this.skill.post(JSON.stringify(body), options);
    this.exchanges.push({ request: body, answer });
    // The platform closes the session when the skill says so, when it ended it, and on a refused answer.
    if (request.type === 'SessionEndedRequest' || answer.status !== 200 || answer.body?.response?.shouldEndSession !== false) this.sessionId = null;
    return answer;
  }
}

export class FakeSkill {
  constructor(private readonly platform: FakeVoiceAssistant, readonly endpoint: string, readonly skillId: string) {}

  device(userId = platformId('ask.account')): FakeDevice {
    return new FakeDevice(this, userId);
  }

  /** POSTs a body as the platform does: Signature-256 (RSA-SHA256, base64) and its legacy SHA-1 Signature, both over the bytes sent. */
  async post(json: string, options: SendOptions): Promise<SkillAnswer> {
    const chain = options.chain ?? this.platform.defaultChain;
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' };
    const url = options.certUrl === undefined ? this.platform.defaultCertUrl : options.certUrl;
    if (url !== null) headers.signaturecertchainurl = url;
    const signature = options.signature === undefined ? crypto.sign('sha256', Buffer.from(json), chain.key).toString('base64') : options.signature;
    if (signature !== null) headers['signature-256'] = signature;
    headers.signature = crypto.sign('sha1', Buffer.from(json), chain.key).toString('base64');
    const res = await fetch(this.endpoint, { method: 'POST', headers, body: options.tamper ? options.tamper(json) : json });
    const text = await res.text();
    let body: unknown = text;
    try { body = JSON.parse(text); } catch { /* not JSON */ }
    return { status: res.status, body };
  }
}

/** Serves certificate chains at /echo.api/{file}, standing in for the platform's certificate host. */
export class FakeVoiceAssistant {
  readonly pki = new TestPki();
  readonly defaultChain = this.pki.chain();
  readonly defaultCertUrl = certUrl('echo-api-cert-test.pem');
  /** Paths of chain files fetched, in order (the server caches chains: one fetch per URL). */
  readonly fetched: string[] = [];
  private readonly files = new Map<string, string>();
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-voice-'));

  private constructor(private readonly server: http.Server, readonly baseUrl: string) {
    this.publish('echo-api-cert-test.pem', this.defaultChain);
  }

  static async start(): Promise<FakeVoiceAssistant> {
    let fake: FakeVoiceAssistant | null = null;
    const server = http.createServer((req, res) => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      fake?.fetched.push(pathname);
      const file = fake?.files.get(pathname);
      if (file === undefined) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/x-pem-file' }).end(file);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake = new FakeVoiceAssistant(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return fake;
  }

  /** Serves a chain as /echo.api/{file}; returns its certificate URL. */
  publish(file: string, chain: SigningChain | string): string {
    this.files.set(`/echo.api/${file}`, typeof chain === 'string' ? chain : chain.pem);
    return certUrl(file);
  }

  /** A PEM file with the test root, for VOICE_TRUSTED_CA_FILE. */
  get trustedCaFile(): string {
    const file = path.join(this.dir, 'trusted-roots.pem');
    if (!fs.existsSync(file)) fs.writeFileSync(file, this.pki.rootPem);
    return file;
  }

  /** The server's settings that point it at this fake. */
  get env(): Record<string, string> {
    return { VOICE_CERT_BASE_URL: this.baseUrl, VOICE_TRUSTED_CA_FILE: this.trustedCaFile };
  }

  skill(endpoint: string, skillId = platformId('ask.skill')): FakeSkill {
    return new FakeSkill(this, endpoint, skillId);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
