// The voice assistant (alx) channel assembled: request verification with cached signing keys, the skill endpoint, and delivery into its answers.
import type { Provider, ProviderDeps } from '../registry.js';
import { VoiceAdapter } from './adapter.js';
import { VoiceHooks } from './hooks.js';
import { RequestVerifier } from './request-verifier.js';
import { SigningKeys } from './signing-keys.js';
import { SpokenAnswers } from './spoken-answer.js';
import { TrustStore } from './trust-store.js';

export function createVoiceProvider({ config, runtime, clock }: ProviderDeps): Provider {
  const { voice } = config;
  const trust = new TrustStore(voice.trustedCaFile);
  const keys = new SigningKeys({ baseUrl: voice.certBaseUrl, trust, clock });
  const answers = new SpokenAnswers({
    records: runtime.records,
    awaitRun: (eventId, conversationId, timeoutMs) => runtime.awaitRun(eventId, conversationId, timeoutMs),
    holdingPhrase: voice.holdingPhrase,
  });
  return {
    adapter: new VoiceAdapter(runtime.records),
    hooks: new VoiceHooks({
      verifier: new RequestVerifier(keys, clock), answers, records: runtime.records, ingest: runtime.ingest, programs: runtime.programs,
      answerTimeoutMs: voice.answerTimeoutMs,
    }),
    rules: { replyTextLimit: 8000, answerOnly: true },
    // A serving process reads the trusted roots at start, so a wrong VOICE_TRUSTED_CA_FILE stops it rather than the first request.
    start: async () => {
      trust.certificates();
    },
  };
}
