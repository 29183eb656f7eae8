// A human's RCS capability as bots see it (sys:rcsEnabled, sys:rcsFeatures): asked of RBM when unknown or older than the recheck interval.
import { AppError } from '../../errors.js';
import type { RbmAgent, RcsCapability, RcsCapabilityClient } from '../../lookup/index.js';
import type { ProviderRecords, StoredHuman } from '../records.js';
import { isoNow, type Clock } from '../../time.js';

export interface CapabilityOptions {
  client: RcsCapabilityClient;
  records: Pick<ProviderRecords, 'humans'>;
  /** How long an answer stored on the human is trusted; 0 asks before every delivery. */
  recheckMs: number;
  clock: Clock;
}

export class RcsCapabilities {
  constructor(private readonly options: CapabilityOptions) {}

  /** Whether the stored answer is recent enough to act on. */
  isFresh(human: Pick<StoredHuman, 'rcsCheckedAt' | 'rcsEnabled'>): boolean {
    if (human.rcsCheckedAt === null || human.rcsEnabled === null) return false;
    return this.options.clock().getTime() - new Date(human.rcsCheckedAt).getTime() < this.options.recheckMs;
  }

  /** RBM's answer now, or null when RBM could not be asked (outage, refusal): callers go on with what they knew. */
  async ask(agent: RbmAgent, e164: string): Promise<RcsCapability | null> {
    try {
      return await this.options.client.capabilities(agent, e164);
    } catch (err) {
      if (err instanceof AppError) return null;
      throw err;
    }
  }

  /**
   * Before a delivery: true/false as RBM says (asked when the stored answer is stale, and stored on
   * the human so the bot sees it), or the last known answer (null if none) when RBM cannot be asked.
   */
  async enabled(human: StoredHuman, agent: RbmAgent, e164: string): Promise<boolean | null> {
    if (this.isFresh(human)) return human.rcsEnabled;
    const answer = await this.ask(agent, e164);
    if (answer === null) return human.rcsEnabled;
    await this.store(human.id, answer.rbmEnabled, answer.features);
    return answer.rbmEnabled;
  }

  /** Stores what is now known of the human's RCS capability. */
  async remember(humanId: number, enabled: boolean, features: readonly string[]): Promise<void> {
    await this.store(humanId, enabled, features);
  }

  /**
   * RBM refused a message with 404. That is a number without RCS, or an agent not launched on the human's network
   * (RBM answers both alike): the stored answer is made stale, not turned into "no RCS", so the next delivery asks
   * again and a human who writes over RCS is not taken for one without it.
   */
  async markUnreachable(humanId: number): Promise<void> {
    await this.options.records.humans.staleRcs(humanId);
  }

  private async store(humanId: number, enabled: boolean, features: readonly string[]): Promise<void> {
    await this.options.records.humans.setRcs(humanId, enabled, features, isoNow(this.options.clock));
  }
}
