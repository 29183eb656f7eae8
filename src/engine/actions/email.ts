// The e-mail part of a send: addresses and texts rendered, checked, and queued for SMTP delivery with the run.
import type { EmailModel } from '../definition/model.js';
import { renderTemplate } from '../language/render.js';
import type { OutboundEmail } from '../outbound.js';
import type { RunContext } from '../run-context.js';

const EMAIL = /^[^\s@<>()[\],;:"]+@[^\s@<>()[\],;:"]+\.[^\s@<>()[\],;:"]+$/;

/** Renders each address; a rendered value may hold several, separated by commas or semicolons. */
function addresses(list: readonly string[], run: RunContext, pointer: string): string[] {
  const out: string[] = [];
  for (const item of list) {
    for (const part of renderTemplate(item, run.language).split(/[,;]/)) {
      const address = part.trim();
      if (address === '') continue;
      if (EMAIL.test(address)) out.push(address);
      else run.issue(pointer, `"${address}" is not an e-mail address; it was left out.`);
    }
  }
  return out;
}

export function renderEmail(model: EmailModel, run: RunContext, pointer: string): OutboundEmail | null {
  const to = addresses(model.to, run, pointer);
  if (to.length === 0) {
    run.issue(pointer, 'The e-mail has no valid recipient; it was not sent.');
    return null;
  }
  return {
    kind: 'email',
    to,
    cc: addresses(model.cc, run, pointer),
    bcc: addresses(model.bcc, run, pointer),
    subject: model.subject === null ? '' : renderTemplate(model.subject, run.language),
    text: model.text === null ? '' : renderTemplate(model.text, run.language),
    isHtml: model.isHtml,
  };
}
