// The Bot API's refusals described in words a person can act on, and sorted into worth-retrying or final.
import { isRetryableStatus } from '../shared/retry.js';
import type { BotAnswer } from './bot-api.js';

type Refusal = Extract<BotAnswer, { ok: false }>;

/** The status Telegram means: error_code when it gives one (it matches the HTTP status), else the HTTP status. */
function statusOf(answer: Refusal): number {
  return answer.errorCode ?? answer.status;
}

/** Whether another try may succeed: 429 (after retry_after), 5xx and timeouts; a 400, 401, 403 or 404 is final. */
export function isTransient(answer: Refusal): boolean {
  return isRetryableStatus(statusOf(answer));
}

/** How long Telegram asked to wait, in milliseconds; undefined when it did not say. */
export function retryAfterMsOf(answer: Refusal): number | undefined {
  return answer.retryAfterSeconds === null ? undefined : Math.ceil(answer.retryAfterSeconds * 1000);
}

function meaning(answer: Refusal): string | null {
  const status = statusOf(answer);
  const text = (answer.description ?? '').toLowerCase();
  if (status === 401) return 'Telegram refused the bot token (it was revoked or mistyped): put the current one from @BotFather in the channel\'s token';
  if (status === 404) return 'Telegram does not know this bot token (it is malformed): copy it again from @BotFather';
  if (status === 403 && text.includes('blocked')) return 'the person blocked the bot';
  if (status === 403 && text.includes('deactivated')) return 'the person deleted their Telegram account';
  if (text.includes('chat not found')) return 'Telegram knows no chat with this id for the bot (the person never started it)';
  if (status === 429) return 'Telegram limited how fast the bot sends';
  return null;
}

export function describeBotError(answer: Refusal): string {
  const said = answer.description ?? 'no description';
  const what = meaning(answer);
  return `Telegram answered ${statusOf(answer)}: ${what === null ? said : `${what} (${said})`}`;
}
