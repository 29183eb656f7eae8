// The answer step's port: retrieval from the account's bases, a grounding check, the token budget, then the model (or
// the best passage itself when the account has no model), its citations, and the usage recorded as it is spent.
import { sql, type Kysely } from 'kysely';
import type { AnswerRequest, AnswerResult, KnowledgePort } from '../../engine/ports.js';
import {
  analyzerFor, cited, coverage, estimateTokens, excerpt, type ModelClient, ModelError, NO_ANSWER, promptFor, usedPassages,
} from '../../knowledge/index.js';
import type { Database } from '../../store/index.js';
import type { Clock } from '../../time.js';
import type { KnowledgeBaseService } from './bases.js';
import type { ModelEndpointService } from './endpoints.js';
import type { KnowledgeMetrics } from './metrics.js';
import type { KnowledgeSearch } from './search.js';
import { addDailyUsage } from './daily-usage.js';

export interface RunIds {
  accountId: number;
  botId: number;
  conversationId: number | null;
}

type Outcome = 'answered' | 'extractive' | 'ungrounded' | 'failed' | 'budget';

/** Holds back the start of a streamed reply until it cannot be the NO_ANSWER sentinel any more. */
function sentinelGuard(show: (text: string) => void): (piece: string) => void {
  let text = '';
  let open = false;
  return (piece) => {
    text += piece;
    if (!open) {
      const head = text.trimStart();
      if (NO_ANSWER.startsWith(head) || head.startsWith(NO_ANSWER)) return;
      open = true;
    }
    show(text);
  };
}

export class AnswerService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly bases: KnowledgeBaseService,
    private readonly endpoints: ModelEndpointService,
    private readonly search: KnowledgeSearch,
    private readonly client: ModelClient,
    private readonly clock: Clock,
    private readonly metrics: KnowledgeMetrics,
  ) {}

  /** The answer half of the port one run uses; `draft` receives the answer so far while a model writes it (web chat, sandbox). */
  port(ids: RunIds, draft?: (text: string) => void): Pick<KnowledgePort, 'answer'> {
    return { answer: (request) => this.answer(ids, request, draft) };
  }

  /** Tokens spent so far by the conversation's answers, and by the bot's today. */
  async spent(ids: RunIds, day: string): Promise<{ conversation: number; day: number }> {
    const conversation = ids.conversationId === null ? { n: 0 } : await this.db.selectFrom('knowledge_answers')
      .select(sql<number>`coalesce(sum(prompt_tokens + completion_tokens), 0)`.as('n')).where('conversation_id', '=', ids.conversationId).executeTakeFirstOrThrow();
    return { conversation: Number(conversation.n), day: await this.spentOn(ids, day) };
  }

  /** Tokens the bot's answers and classifications spent on a day (UTC). */
  async spentOn(ids: RunIds, day: string): Promise<number> {
    const daily = await this.db.selectFrom('knowledge_usage_daily').select(['prompt_tokens', 'completion_tokens'])
      .where('account_id', '=', ids.accountId).where('bot_id', '=', ids.botId).where('day', '=', day).executeTakeFirst();
    return daily === undefined ? 0 : Number(daily.prompt_tokens) + Number(daily.completion_tokens);
  }

  private async record(ids: RunIds, outcome: Outcome, promptTokens: number, completionTokens: number): Promise<void> {
    const at = this.clock().toISOString();
    const day = at.slice(0, 10);
    const fallback = outcome === 'answered' || outcome === 'extractive' ? 0 : 1;
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('knowledge_answers').values({
        account_id: ids.accountId, bot_id: ids.botId, conversation_id: ids.conversationId, outcome, prompt_tokens: promptTokens, completion_tokens: completionTokens, at, day,
      }).execute();
      await addDailyUsage(tx, ids.accountId, ids.botId, day, { answers: 1, fallbacks: fallback, promptTokens, completionTokens });
    });
    this.metrics.answered(outcome, promptTokens, completionTokens);
  }

  async answer(ids: RunIds, request: AnswerRequest, draft?: (text: string) => void): Promise<AnswerResult> {
    const bases = await this.bases.resolve(ids.accountId, request.knowledgeBases);
    if (bases.length === 0) {
      await this.record(ids, 'failed', 0, 0);
      return { kind: 'fallback', reason: 'failed', detail: `no knowledge base named ${request.knowledgeBases.map((b) => JSON.stringify(b)).join(', ')} in this account`, passages: [] };
    }
    const passages = await this.search.search(bases, request.question, request.passages);
    const used = usedPassages(passages);
    const best = passages[0];
    const base = best === undefined ? undefined : bases.find((b) => b.id === best.knowledgeBaseId);
    const relevance = best === undefined || base === undefined ? 0 : await coverage(this.db, base.id, analyzerFor(base.language), request.question, `${best.heading}\n${best.text}`);
    if (best === undefined || relevance < request.minRelevance) {
      await this.record(ids, 'ungrounded', 0, 0);
      return { kind: 'fallback', reason: 'ungrounded', detail: best === undefined ? 'no passage matches the question' : `the best passage covers ${Math.round(relevance * 100)} % of the question, under ${Math.round(request.minRelevance * 100)} %`, passages: used };
    }
    const endpoint = request.extractive ? null : await this.endpoints.forAnswer(ids.accountId, request.model);
    if (endpoint === null && request.model !== null && !request.extractive) {
      await this.record(ids, 'failed', 0, 0);
      return { kind: 'fallback', reason: 'failed', detail: `no model endpoint named "${request.model}"`, passages: used };
    }
    if (endpoint === null) {
      await this.record(ids, 'extractive', 0, 0);
      return {
        kind: 'answered', mode: 'extractive', text: excerpt(best.text), passages: used, promptTokens: 0, completionTokens: 0,
        sources: best.citable ? [{ number: 1, title: best.title, url: best.sourceUrl }] : [],
      };
    }
    const messages = promptFor(request.question, passages, request.instructions);
    const needed = messages.reduce((n, m) => n + estimateTokens(m.content), 0) + request.maxTokens;
    const spent = await this.spent(ids, this.clock().toISOString().slice(0, 10));
    const over = request.conversationTokenLimit !== null && spent.conversation + needed > request.conversationTokenLimit
      ? `the conversation's answers used ${spent.conversation} of ${request.conversationTokenLimit} tokens`
      : request.dailyTokenLimit !== null && spent.day + needed > request.dailyTokenLimit
        ? `the bot's answers used ${spent.day} of ${request.dailyTokenLimit} tokens today` : null;
    if (over !== null) {
      await this.record(ids, 'budget', 0, 0);
      return { kind: 'fallback', reason: 'budget', detail: `${over}; this answer could take ${needed} more`, passages: used };
    }
    let reply;
    try {
      reply = await this.client.chat(endpoint, messages, request.maxTokens, draft === undefined ? undefined : sentinelGuard((text) => draft(cited(text, passages).text)));
    } catch (error) {
      await this.record(ids, 'failed', 0, 0);
      return { kind: 'fallback', reason: 'failed', detail: error instanceof ModelError ? error.message : String(error), passages: used };
    }
    const { promptTokens, completionTokens } = reply.usage;
    if (reply.text.trim() === '' || reply.text.trim().startsWith(NO_ANSWER)) {
      await this.record(ids, 'ungrounded', promptTokens, completionTokens);
      return { kind: 'fallback', reason: 'ungrounded', detail: 'the model found no answer in the passages', passages: used };
    }
    await this.record(ids, 'answered', promptTokens, completionTokens);
    const answer = cited(reply.text, passages);
    return { kind: 'answered', mode: 'generative', text: answer.text, sources: answer.sources, passages: used, promptTokens, completionTokens };
  }
}
