// E-mail from bot definitions, sent over SMTP with nodemailer; connection problems are retried, refusals are not.
import nodemailer, { type Transporter } from 'nodemailer';
import type { SmtpConfig } from '../../config.js';
import type { OutboundEmail } from '../../engine/index.js';
import type { Mailer } from '../ports.js';
import type { DeliveryOutcome } from '../types.js';

/** SMTP reply codes 4xx are temporary by the protocol's own definition; 5xx are final. */
function outcomeOf(error: unknown): DeliveryOutcome {
  const e = error as { responseCode?: number; code?: string; message?: string };
  const reason = e.message ?? String(error);
  if (typeof e.responseCode === 'number' && e.responseCode >= 500) return { kind: 'failed', reason: `the mail server refused it: ${reason}` };
  return { kind: 'retry', reason };
}

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter | null;

  constructor(private readonly config: SmtpConfig) {
    this.transport = config.url === null ? null : nodemailer.createTransport(config.url);
  }

  async send(email: OutboundEmail): Promise<DeliveryOutcome> {
    if (this.transport === null) return { kind: 'failed', reason: 'e-mail is not configured on this server (set SMTP_URL)' };
    try {
      const info = await this.transport.sendMail({
        from: this.config.from, to: email.to, cc: email.cc, bcc: email.bcc, subject: email.subject,
        ...(email.isHtml ? { html: email.text } : { text: email.text }),
      });
      return { kind: 'sent', providerMessageId: typeof info.messageId === 'string' ? info.messageId : null };
    } catch (error) {
      return outcomeOf(error);
    }
  }

  close(): void {
    this.transport?.close();
  }
}
