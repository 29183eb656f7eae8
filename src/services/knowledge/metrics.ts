// Prometheus counters of answers and classifications: how each ended, and the tokens they spent (registered in the
// server's registry).
import { Counter, type Registry } from 'prom-client';

export class KnowledgeMetrics {
  private readonly answers: Counter<'outcome'>;
  private readonly tokens: Counter<'kind'>;
  private readonly classifications: Counter<'outcome'>;

  constructor(registry: Registry | null) {
    const registers = registry === null ? [] : [registry];
    this.answers = new Counter({
      name: 'parley_answers_total', help: 'Answer steps by outcome (answered, extractive, ungrounded, failed, budget).',
      labelNames: ['outcome'], registers,
    });
    this.tokens = new Counter({ name: 'parley_answer_tokens_total', help: 'Model tokens spent by answer and classify steps, by kind (prompt, completion).', labelNames: ['kind'], registers });
    this.classifications = new Counter({
      name: 'parley_classifications_total', help: 'Classify steps by outcome (chosen, none, failed, budget).', labelNames: ['outcome'], registers,
    });
  }

  classified(outcome: string, promptTokens: number, completionTokens: number): void {
    this.classifications.inc({ outcome });
    this.spent(promptTokens, completionTokens);
  }

  answered(outcome: string, promptTokens: number, completionTokens: number): void {
    this.answers.inc({ outcome });
    this.spent(promptTokens, completionTokens);
  }

  private spent(promptTokens: number, completionTokens: number): void {
    if (promptTokens > 0) this.tokens.inc({ kind: 'prompt' }, promptTokens);
    if (completionTokens > 0) this.tokens.inc({ kind: 'completion' }, completionTokens);
  }
}
