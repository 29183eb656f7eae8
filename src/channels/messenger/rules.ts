// What the messenger platform demands of an agent's reply: at most three template buttons, and the 24-hour window.
import { ConflictError, UnprocessableError } from '../../errors.js';
import type { AgentReplyCheck, OutboundRules } from '../outbound-rules.js';
import { WINDOW_MS } from './messaging-type.js';
import { messageTagOf } from './settings.js';

/** Buttons the button template takes. */
const MAX_BUTTONS = 3;

export const MESSENGER_RULES: OutboundRules = {
  replyTextLimit: 2000,
  async checkReply({ channel, message, lastInboundAt, now }: AgentReplyCheck): Promise<void> {
    if (message.buttons.length > MAX_BUTTONS) throw new UnprocessableError(`A messenger message takes ${MAX_BUTTONS} buttons at most.`);
    if (messageTagOf(channel) !== null) return;
    const last = await lastInboundAt();
    if (last === null || now.getTime() - Date.parse(last) >= WINDOW_MS) {
      throw new ConflictError('The human last wrote more than 24 hours ago: the messenger platform takes a message now only with a message tag. Set "messageTag" (e.g. HUMAN_AGENT) in the channel\'s token, or wait for the human to write.');
    }
  },
};
