// What Telegram demands of an agent's reply: 4,096 characters of text, media Telegram can fetch; a person who blocked the bot is opted out.
import { UnprocessableError } from '../../errors.js';
import type { AgentReplyCheck, OutboundRules } from '../outbound-rules.js';
import { LIMITS } from './bot-message.js';
import { renderBotCalls } from './render.js';

export const TELEGRAM_RULES: OutboundRules = {
  replyTextLimit: LIMITS.text,
  optOut: true,
  async checkReply({ message }: AgentReplyCheck): Promise<void> {
    const rendered = renderBotCalls(message);
    if (!rendered.ok) throw new UnprocessableError(`Telegram cannot send this reply: ${rendered.reason}.`);
  },
};
