// The classify step's port: a model chooses, among the bot's interactions, the one a message the recognizer did not
// place is about; within the bot's daily token limit, its tokens added to the bot's usage as they are spent.
import type { Kysely } from 'kysely';
import type { ClassifyRequest, ClassifyResult } from '../../engine/ports.js';
import { CLASSIFY_MAX_TOKENS, chosenCandidate, classifyPromptFor, estimateTokens, type ModelClient, ModelError } from '../../knowledge/index.js';
import type { Database } from '../../store/index.js';
import type { Clock } from '../../time.js';
import type { RunIds } from './answers.js';
import { addDailyUsage } from './daily-usage.js';
import type { ModelEndpointService } from './endpoints.js';
import type { KnowledgeMetrics } from './metrics.js';

type Outcome = 'chosen' | 'none' | 'failed' | 'budget';

export class IntentClassifier {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly endpoints: ModelEndpointService,
    private readonly client: ModelClient,
    private readonly clock: Clock,
    private readonly metrics: KnowledgeMetrics,
    /** Tokens the bot's answers and classifications spent on a day (AnswerService.spentOn). */
    private readonly spentOn: (ids: RunIds, day: string) => Promise<number>,
  ) {}

  private async record(ids: RunIds, outcome: Outcome, promptTokens: number, completionTokens: number): Promise<void> {
    if (promptTokens + completionTokens > 0) {
      await addDailyUsage(this.db, ids.accountId, ids.botId, this.clock().toISOString().slice(0, 10), { answers: 0, fallbacks: 0, promptTokens, completionTokens });
    }
    this.metrics.classified(outcome, promptTokens, completionTokens);
  }

  async classify(ids: RunIds, request: ClassifyRequest): Promise<ClassifyResult> {
    const failed = async (detail: string): Promise<ClassifyResult> => {
      await this.record(ids, 'failed', 0, 0);
      return { kind: 'fallback', reason: 'failed', detail };
    };
    if (request.candidates.length === 0) return failed('the bot has no interaction to choose from');
    const endpoint = await this.endpoints.forAnswer(ids.accountId, request.model);
    if (endpoint === null) return failed(request.model === null ? 'the account has no model endpoint with a chat model' : `no model endpoint named "${request.model}"`);
    const messages = classifyPromptFor(request.text, request.candidates, request.instructions);
    const needed = messages.reduce((n, m) => n + estimateTokens(m.content), 0) + CLASSIFY_MAX_TOKENS;
    if (request.dailyTokenLimit !== null) {
      const spent = await this.spentOn(ids, this.clock().toISOString().slice(0, 10));
      if (spent + needed > request.dailyTokenLimit) {
        await this.record(ids, 'budget', 0, 0);
        return { kind: 'fallback', reason: 'budget', detail: `the bot's answers and classifications used ${spent} of ${request.dailyTokenLimit} tokens today; this one could take ${needed} more` };
      }
    }
    let reply;
    try {
      reply = await this.client.chat(endpoint, messages, CLASSIFY_MAX_TOKENS);
    } catch (error) {
      return failed(error instanceof ModelError ? error.message : String(error));
    }
    const { promptTokens, completionTokens } = reply.usage;
    const name = chosenCandidate(reply.text, request.candidates);
    if (name === null) {
      await this.record(ids, 'none', promptTokens, completionTokens);
      return { kind: 'fallback', reason: 'none', detail: `the model chose no interaction (it replied "${reply.text.trim().slice(0, 80)}")` };
    }
    await this.record(ids, 'chosen', promptTokens, completionTokens);
    return { kind: 'chosen', name, promptTokens, completionTokens };
  }
}
