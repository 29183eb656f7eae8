// Trained recognizers kept in the store per (bot, revision), keyed by a hash of what they were trained on, so a restart or another process restores instead of training.
import { createHash } from 'node:crypto';
import {
  decodeRecognizer, encodeRecognizer, type NluDefinition, type Recognizer, RECOGNIZER_FORMAT, RecognizerDataError,
  restoreRecognizer, serializeRecognizer, TRAINING_SETTINGS, type TunableRecognizer,
} from '../../engine/index.js';
import type { NluModelRepository } from '../../store/index.js';
import type { Clock } from '../../time.js';
import { plainNluDefinition } from './training-worker-pool.js';

/**
 * SHA-256 of what a recognizer is trained from: the bot's and its included bots' intents, keywords
 * and expressions, and the training settings (format version, defaults).
 */
export function nluViewHash(definition: NluDefinition): string {
  return createHash('sha256').update(TRAINING_SETTINGS).update('\u0000').update(JSON.stringify(plainNluDefinition(definition))).digest('hex');
}

export class StoredModels {
  constructor(
    private readonly repo: NluModelRepository,
    private readonly clock: Clock,
  ) {}

  /** The stored recognizer of a revision trained on this definition in this format; null when there is none (or it cannot be read). */
  async load(botId: number, revision: number, definition: NluDefinition): Promise<{ recognizer: TunableRecognizer; restoreMs: number } | null> {
    const bytes = await this.repo.find(botId, revision, nluViewHash(definition), RECOGNIZER_FORMAT);
    if (bytes === undefined) return null;
    const start = performance.now();
    try {
      const recognizer = restoreRecognizer(decodeRecognizer(bytes), definition);
      return { recognizer, restoreMs: performance.now() - start };
    } catch (err) {
      // Unreadable bytes are trained again (and overwritten); anything else is a bug to hear about.
      if (err instanceof RecognizerDataError) return null;
      throw err;
    }
  }

  /**
   * Stores a recognizer trained on `definition` (or its bytes, when a worker encoded it already); keeps
   * the bot's models of this revision and of `currentRevision` only.
   */
  async save(botId: number, revision: number, currentRevision: number, definition: NluDefinition, model: Recognizer | Uint8Array): Promise<void> {
    const bytes = model instanceof Uint8Array ? model : encodeRecognizer(serializeRecognizer(model));
    await this.repo.save(botId, revision, currentRevision, nluViewHash(definition), RECOGNIZER_FORMAT, bytes, this.clock().toISOString());
  }
}
