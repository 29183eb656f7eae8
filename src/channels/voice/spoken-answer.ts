// The answer to one request: the run awaited, what the bot said (and anything left unsaid from before) turned into the response, then marked delivered.
import type { ConversationState, OutboundMessage } from '../../engine/index.js';
import type { ProviderRecords, StoredMessage } from '../records.js';
import type { ChannelRecord, StatusReport } from '../types.js';
import {
  clipSpeech, MAX_SPEECH_CHARS, outputSpeech, simpleCard, skillResponse, speechLength, type OutputSpeech, type SkillResponse,
} from './skill-response.js';
import { utteranceOf, type Piece, type Utterance } from './utterance.js';

/** The provider id the adapter gives a message it accepted for speaking; the answer that speaks it reports it delivered. */
export const voiceMessageId = (messageId: number): string => `alx:${messageId}`;

/** How far back unspoken messages are looked for: far more than one run says. */
const UNSPOKEN_WINDOW = 100;
/** Time allowed past the deadline for deliveries of a run that just finished to be recorded. */
const SETTLE_GRACE_MS = 500;
const POLL_MS = 10;

export interface AnswerParts {
  records: Pick<ProviderRecords, 'messages'>;
  awaitRun(eventId: number, conversationId: number, timeoutMs: number): Promise<{ messages: StoredMessage[]; state: ConversationState } | null>;
  holdingPhrase: string;
}

export interface AnswerRequest {
  channel: ChannelRecord;
  eventId: number;
  conversationId: number;
  /** Date.now() by which the bot's answer is needed. */
  deadline: number;
  /** Stop and NavigateHome: the session ends whatever the bot does. */
  endsSession: boolean;
  report(status: StatusReport): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether the bot is waiting for the user's answer (a waitFor, a form asked field by field). */
function waitingForAnswer(state: ConversationState): boolean {
  return state.suspended?.kind === 'wait' || state.suspended?.kind === 'form';
}

export class SpokenAnswers {
  constructor(private readonly parts: AnswerParts) {}

  /** Messages the adapter accepted for speaking that no answer has spoken yet, oldest first. */
  async unspoken(conversationId: number): Promise<StoredMessage[]> {
    const recent = await this.parts.records.messages.recent(conversationId, UNSPOKEN_WINDOW);
    return recent.filter((m) => m.direction === 'out' && m.kind === 'message' && m.status === 'sent' && m.providerMessageId?.startsWith('alx:'));
  }

  /** Messages that can no longer be spoken (their session ended) are marked failed with the reason. */
  async abandon(channel: ChannelRecord, conversationId: number, reason: string, report: (s: StatusReport) => Promise<void>): Promise<void> {
    for (const m of await this.unspoken(conversationId)) await report({ channel, providerMessageId: m.providerMessageId!, status: 'failed', reason });
  }

  async answer(req: AnswerRequest): Promise<SkillResponse> {
    const run = await this.parts.awaitRun(req.eventId, req.conversationId, Math.max(0, req.deadline - Date.now()));
    if (run === null) return this.holding();
    await this.settle(run.messages.filter((m) => m.kind === 'message' && m.status === 'queued'), req.deadline + SETTLE_GRACE_MS);

    const said: { row: StoredMessage; utterance: Utterance }[] = [];
    const pieces: Piece[] = [];
    let speech: OutputSpeech | null = null;
    // A repeated request (the platform's retry) says again what its first answer said.
    const again = run.messages.filter((m) => m.kind === 'message' && m.status === 'delivered');
    const rows = [...again, ...(await this.unspoken(req.conversationId))].sort((a, b) => a.id - b.id);
    for (const row of rows) {
      const utterance = utteranceOf(JSON.parse(row.content) as OutboundMessage);
      const next = outputSpeech([...pieces, ...utterance.pieces]);
      if (next !== null && speechLength(next) > MAX_SPEECH_CHARS) {
        // What does not fit is said in the next answer; a first message too long alone is cut (plain text) or refused (SSML).
        if (said.length > 0) break;
        const clipped = clipSpeech(next);
        if (clipped === null) {
          await req.report({ channel: req.channel, providerMessageId: row.providerMessageId!, status: 'failed', reason: `its SSML is longer than the ${MAX_SPEECH_CHARS} characters the voice platform speaks` });
          continue;
        }
        said.push({ row, utterance });
        speech = clipped;
        break;
      }
      said.push({ row, utterance });
      pieces.push(...utterance.pieces);
      speech = next;
    }

    const last = said.at(-1)?.utterance;
    const endSession = req.endsSession || !(waitingForAnswer(run.state) || last?.offersChoices === true);
    const reprompt = last === undefined ? null : clipSpeech(outputSpeech(last.pieces) ?? { type: 'PlainText', text: '' });
    const response = skillResponse({
      speech, reprompt: reprompt !== null && speechLength(reprompt) > 0 ? reprompt : null, card: simpleCard(said.map((s) => s.utterance.card)), endSession,
    });
    for (const { row } of said) await req.report({ channel: req.channel, providerMessageId: row.providerMessageId!, status: 'delivered' });
    return response;
  }

  /** The bot is still running: a short phrase, and the session kept open so its answer is spoken with the next one. */
  private holding(): SkillResponse {
    const phrase: OutputSpeech = { type: 'PlainText', text: this.parts.holdingPhrase };
    return skillResponse({ speech: phrase, reprompt: phrase, card: null, endSession: false });
  }

  /** Waits until the adapter has decided on each of the run's messages (sent for speaking, or failed). */
  private async settle(rows: StoredMessage[], until: number): Promise<void> {
    let waiting = rows.map((r) => r.id);
    while (waiting.length > 0 && Date.now() < until) {
      const still: number[] = [];
      for (const id of waiting) if ((await this.parts.records.messages.find(id))?.status === 'queued') still.push(id);
      waiting = still;
      if (waiting.length > 0) await sleep(POLL_MS);
    }
  }
}
