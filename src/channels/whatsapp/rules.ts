// What WhatsApp demands of a reply or a broadcast: templates outside the 24-hour window, and templates the channel has.
import { ConflictError, UnprocessableError } from '../../errors.js';
import type { AgentReplyCheck, BroadcastCheck, OutboundRules } from '../outbound-rules.js';
import type { TemplateCatalog } from '../templates.js';
import { LIMITS } from './cloud-message.js';
import { isWindowOpen, windowClosedReason } from './window.js';

export class WhatsAppRules implements OutboundRules {
  readonly replyTextLimit = LIMITS.text;
  readonly optOut = true;
  readonly takesTemplates = true;

  constructor(private readonly templates: TemplateCatalog) {}

  async checkReply({ channel, message, lastInboundAt, now }: AgentReplyCheck): Promise<void> {
    if (message.template !== undefined) {
      await this.requireKnown(channel, message.template.name, message.template.language);
      return;
    }
    const last = await lastInboundAt();
    if (!isWindowOpen(last, now)) {
      throw new ConflictError(`${capitalized(windowClosedReason(last))}. Send an approved template instead ("template": {"name", "language"}); GET /v1/channels/${channel.id}/templates lists them.`);
    }
  }

  async checkBroadcast({ channel, text, media, template }: BroadcastCheck): Promise<void> {
    if (template === null) {
      throw new UnprocessableError(`A WhatsApp broadcast reaches most people outside their 24-hour customer-service window, where only approved templates may go: give "template" ({"name", "language", "variables"}); GET /v1/channels/${channel.id}/templates lists the channel's.`);
    }
    if (text !== null || media !== null) throw new UnprocessableError('A WhatsApp broadcast sends its template: put the words and media in the template\'s variables and components, not in "text" or "media".');
    await this.requireKnown(channel, template.name, template.language);
  }

  /** A template the channel's catalogue does not hold is refused; with no catalogue at all, WhatsApp judges it at sending. */
  private async requireKnown(channel: AgentReplyCheck['channel'], name: string, language: string): Promise<void> {
    let known = await this.templates.list(channel);
    // One approved since the list was kept is looked for again before the send is refused.
    if (!known.some((t) => t.name === name && t.language === language)) known = await this.templates.list(channel, true);
    if (known.length === 0) return;
    const found = known.find((t) => t.name === name && t.language === language);
    if (found === undefined) {
      throw new UnprocessableError(`Channel ${channel.id} has no template "${name}" in "${language}"; it has ${known.map((t) => `${t.name} (${t.language})`).slice(0, 20).join(', ')}.`);
    }
    if (found.status !== 'APPROVED' && found.status !== 'DECLARED') {
      throw new UnprocessableError(`Template "${name}" (${language}) is ${found.status}, not APPROVED: WhatsApp sends approved templates only.`);
    }
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
