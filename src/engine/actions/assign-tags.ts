// assignTags: tags the human (tags are rendered, so `{plan}-customer` works); the host stores them with the run.
import { renderTemplate } from '../language/render.js';
import type { StepContext, StepOutcome } from './step.js';

export function assignTags(tags: readonly string[], { run }: StepContext): StepOutcome {
  for (const tag of tags) {
    const rendered = renderTemplate(tag, run.language).trim();
    if (rendered !== '' && !run.human.addTags.includes(rendered)) run.human.addTags.push(rendered);
  }
  return 'next';
}
