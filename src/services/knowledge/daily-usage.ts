// The per bot and day usage rollup both answers and classifications add to (what GET /v1/usage and the daily token limit read).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../store/index.js';

export interface UsageAdded {
  answers: number;
  fallbacks: number;
  promptTokens: number;
  completionTokens: number;
}

export async function addDailyUsage(db: Kysely<Database>, accountId: number, botId: number, day: string, added: UsageAdded): Promise<void> {
  await db.insertInto('knowledge_usage_daily').values({
    account_id: accountId, bot_id: botId, day, answers: added.answers, fallbacks: added.fallbacks,
    prompt_tokens: added.promptTokens, completion_tokens: added.completionTokens,
  }).onConflict((oc) => oc.columns(['account_id', 'bot_id', 'day']).doUpdateSet({
    answers: sql`knowledge_usage_daily.answers + ${added.answers}`, fallbacks: sql`knowledge_usage_daily.fallbacks + ${added.fallbacks}`,
    prompt_tokens: sql`knowledge_usage_daily.prompt_tokens + ${added.promptTokens}`,
    completion_tokens: sql`knowledge_usage_daily.completion_tokens + ${added.completionTokens}`,
  })).execute();
}
