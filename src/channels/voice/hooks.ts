// The custom-skill endpoint at /hooks/alx/{channelId}: each verified request stored as an event, and the bot's answer spoken in the HTTP response.
import { BadRequestError } from '../../errors.js';
import type { IngestPort, ProgramSource } from '../ports.js';
import { readableState } from '../../engine/index.js';
import type { ProviderRecords } from '../records.js';
import type { HookContext, HookReply, HookRequest, ProviderHooks } from '../hooks.js';
import type { ChannelRecord } from '../types.js';
import type { RequestVerifier } from './request-verifier.js';
import { turnOf, type Turn } from './request-turn.js';
import { checkSkillId } from './skill-id.js';
import { readSkillRequest, type SkillRequest } from './skill-request.js';
import { EMPTY_RESPONSE, type SkillResponse } from './skill-response.js';
import type { SpokenAnswers } from './spoken-answer.js';
import { welcomeTarget } from './welcome-target.js';

export interface VoiceHooksParts {
  verifier: RequestVerifier;
  answers: SpokenAnswers;
  records: Pick<ProviderRecords, 'bots' | 'conversations' | 'identities' | 'inbox'>;
  ingest: Pick<IngestPort, 'enqueue'>;
  programs: ProgramSource;
  answerTimeoutMs: number;
}

function reply(body: SkillResponse): HookReply {
  // The platform reads UTF-8 JSON; the string form keeps this content type.
  return { status: 200, headers: { 'content-type': 'application/json;charset=UTF-8' }, body: JSON.stringify(body) };
}

/** Devices with a screen tell so in their supported interfaces. */
function deviceOf(body: SkillRequest): { type: string; platform: string } {
  const interfaces = Object.keys(body.context.System.device?.supportedInterfaces ?? {});
  return { type: interfaces.some((i) => i === 'Display' || i.startsWith('Alexa.Presentation')) ? 'screen' : 'speaker', platform: 'alx' };
}

export class VoiceHooks implements ProviderHooks {
  readonly type = 'alx';

  constructor(private readonly parts: VoiceHooksParts) {}

  async receive(req: HookRequest, ctx: HookContext): Promise<HookReply> {
    const deadline = Date.now() + this.parts.answerTimeoutMs;
    const { verifier } = this.parts;
    // Nothing is read from the body before its signature checks out.
    await verifier.verifySignature(req.headers, req.rawBody);
    const body = readSkillRequest(req.rawBody);
    if (body === null) throw new BadRequestError('The body is not a custom-skill request (version, context.System, request with type, requestId and timestamp).');
    verifier.verifyTimestamp(body.request.timestamp);
    checkSkillId(ctx.channel, body);

    const turn = turnOf(body.request);
    const { channel } = ctx;
    const userId = body.context.System.user.userId;
    const key = `msg:${body.request.requestId}`;
    if (turn.kind === 'other') {
      ctx.log.debug({ channelId: channel.id, type: turn.type }, 'voice request of a kind conversations do not use; answered empty');
      return reply(EMPTY_RESPONSE);
    }
    if (turn.kind === 'ended') {
      if (turn.error !== null) ctx.log.warn({ channelId: channel.id, reason: turn.reason, error: turn.error }, 'the voice platform ended a session on an error');
      const conversationId = await this.conversationOf(channel, userId);
      if (conversationId !== undefined) {
        await this.parts.answers.abandon(channel, conversationId, 'the voice session ended before it was spoken', ctx.report);
        // The bot's open wait ends with the session: its timeout would otherwise make it say something nobody can hear.
        await this.parts.ingest.enqueue(conversationId, { kind: 'sessionEnded' }, key);
      }
      return reply(EMPTY_RESPONSE);
    }

    // A new session does not speak what an earlier one left unsaid (unless this is that session's own request again).
    if (body.session?.new === true && (await this.parts.records.inbox.idByKey(channel.id, key)) === undefined) {
      const conversationId = await this.conversationOf(channel, userId);
      if (conversationId !== undefined) await this.parts.answers.abandon(channel, conversationId, 'a new voice session began before it was spoken', ctx.report);
    }
    const stored = await this.store(turn, body, ctx);
    if (stored === null) return reply(EMPTY_RESPONSE);
    return reply(await this.parts.answers.answer({
      channel, ...stored, deadline, endsSession: turn.kind === 'message' && turn.endsSession, report: ctx.report,
    }));
  }

  private async conversationOf(channel: ChannelRecord, userId: string): Promise<number | undefined> {
    const { records } = this.parts;
    const humanId = await records.identities.humanOf(channel.id, userId);
    return humanId === undefined ? undefined : (await records.conversations.findFor(channel.id, humanId))?.id;
  }

  /** The request as an event in the conversation's inbox (the request id is its dedup key): which event to await, in which conversation. */
  private async store(turn: Extract<Turn, { kind: 'launch' | 'message' }>, body: SkillRequest, ctx: HookContext): Promise<{ eventId: number; conversationId: number } | null> {
    const { channel } = ctx;
    const { records, ingest, programs } = this.parts;
    const requestId = body.request.requestId;
    const userId = body.context.System.user.userId;
    const key = `msg:${requestId}`;

    if (turn.kind === 'launch') {
      const conversationId = await this.conversationOf(channel, userId);
      const conversation = conversationId === undefined ? undefined : await records.conversations.find(conversationId);
      if (conversation !== undefined && (readableState(conversation.state)?.started ?? true)) {
        const target = await welcomeTarget(records, programs, conversation.botId);
        if (target !== null) {
          const eventId = (await ingest.enqueue(conversation.id, { kind: 'script', target }, key)) ?? (await records.inbox.idByKey(channel.id, key));
          return eventId === undefined ? null : { eventId, conversationId: conversation.id };
        }
      }
    }
    const ingested = await ctx.ingest({
      channel, address: userId, providerMessageId: requestId, event: turn.kind === 'launch' ? { kind: 'welcome' } : turn.event, device: deviceOf(body),
    });
    // The same request again (the platform's retry) is the same event: its answer is given again.
    const eventId = ingested.eventId ?? (await records.inbox.idByKey(channel.id, key));
    return eventId === undefined ? null : { eventId, conversationId: ingested.conversationId };
  }
}
