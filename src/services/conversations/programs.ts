// Bot programs per (bot, revision), built once per process: the definition validated, its includes loaded, the recognizer trained off the event loop.
import { LRUCache } from 'lru-cache';
import {
  type BotModel, type BotProgram, buildProgram, hasClassifierSamples, type NluDefinition, programNluDefinition, type Recognizer, trainRecognizer,
  type TunableRecognizer, validateDefinition,
} from '../../engine/index.js';
import type { BotRow, Repositories } from '../../store/index.js';
import type { StoredModels } from './trained-models.js';
import type { Trained, TrainingWorkerPool } from './training-worker-pool.js';

interface Entry {
  program: BotProgram;
  /** Current revisions of the included bots when the program was built; a change means building again. */
  includes: Map<number, number>;
}

export interface ProgramCacheOptions {
  /** Trains recognizers on worker threads: a big bot takes seconds of CPU, which on the event loop would stall every request. Without it, training runs inline. */
  training?: TrainingWorkerPool;
  /** Restores recognizers stored by an earlier build (this process before a restart, or another one) and stores those it trains. */
  models?: StoredModels;
  /** Hears where each recognizer came from and what it cost, for the logs. */
  onRecognizer?: (botId: number, revision: number, cost: RecognizerCost) => void;
  /** Hears a failure to store a trained recognizer (the program is built all the same). */
  onStoreError?: (botId: number, revision: number, error: unknown) => void;
}

export interface RecognizerCost {
  where: Trained['where'] | 'stored';
  trainMs: number;
  restoreMs: number;
}

/** How many built programs a process keeps; a big bot's recognizer weighs tens of megabytes. */
const MAX_PROGRAMS = 64;
/** Bots followed through `include`, as the linter bounds them. */
const MAX_INCLUDED = 100;

function trainHere(definition: NluDefinition): Trained {
  const start = performance.now();
  const recognizer = trainRecognizer(definition);
  return { recognizer, where: 'inline', trainMs: performance.now() - start, restoreMs: 0, bytes: null };
}

/** The same recognizer, telling how long each message took it. */
function timed(recognizer: Recognizer, heard: (seconds: number) => void): Recognizer {
  return {
    recognize: (text, ctx) => {
      const start = performance.now();
      try {
        return recognizer.recognize(text, ctx);
      } finally {
        heard((performance.now() - start) / 1000);
      }
    },
  };
}

export class ProgramCache {
  private readonly cache = new LRUCache<string, Entry>({ max: MAX_PROGRAMS });
  private readonly building = new Map<string, Promise<Entry | null>>();
  private classified: ((seconds: number) => void) | null = null;

  constructor(
    private readonly repos: Repositories,
    /** A bot's row as cached by the services: every message asks whether an included bot has moved on. */
    private readonly botRow: (id: number) => Promise<BotRow | undefined>,
    private readonly options: ProgramCacheOptions = {},
  ) {}

  /** Hears the time each recognition takes (metrics), on programs built from now on. */
  onClassify(listener: (seconds: number) => void): void {
    this.classified = listener;
  }

  /** The program of a bot at a revision; null when the revision is missing or no longer valid. */
  async get(botId: number, revision: number): Promise<BotProgram | null> {
    const key = `${botId}:${revision}`;
    const hit = this.cache.get(key);
    if (hit !== undefined && (await this.includesCurrent(hit))) return hit.program;
    let pending = this.building.get(key);
    if (pending === undefined) {
      pending = this.build(botId, revision).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    const entry = await pending;
    if (entry === null) return null;
    this.cache.set(key, entry);
    return entry.program;
  }

  private async build(botId: number, revision: number): Promise<Entry | null> {
    const entry = await this.buildUntimed(botId, revision);
    const heard = this.classified;
    if (entry === null || heard === null) return entry;
    return { ...entry, program: { ...entry.program, recognizer: timed(entry.program.recognizer, heard) } };
  }

  private async includesCurrent(entry: Entry): Promise<boolean> {
    for (const [botId, revision] of entry.includes) {
      const bot = await this.botRow(botId);
      if (bot === undefined || bot.currentRevision !== revision) return false;
    }
    return true;
  }

  private async model(definition: string): Promise<BotModel | null> {
    // Stored definitions passed validation when saved; includes are resolved separately, at their current revisions.
    const result = validateDefinition(JSON.parse(definition));
    return result.ok ? result.model : null;
  }

  private async buildUntimed(botId: number, revision: number): Promise<Entry | null> {
    const bot = await this.repos.bots.find(botId);
    const stored = bot && (await this.repos.bots.revision(botId, revision));
    if (bot === undefined || stored === undefined) return null;
    const model = await this.model(stored);
    if (model === null) return null;
    const included = new Map<string, BotModel>();
    const includes = new Map<number, number>();
    const queue = [...model.includes];
    while (queue.length > 0 && includes.size < MAX_INCLUDED) {
      const name = queue.shift()!;
      if (included.has(name) || name === model.name) continue;
      const other = await this.repos.bots.findByName(bot.accountId, name);
      const text = other && (await this.repos.bots.revision(other.id, other.currentRevision));
      const otherModel = text === undefined ? null : await this.model(text);
      if (other === undefined || otherModel === null) continue;
      included.set(name, otherModel);
      includes.set(other.id, other.currentRevision);
      queue.push(...otherModel.includes);
    }
    const { training, models } = this.options;
    if (training === undefined && models === undefined) return { program: buildProgram(model, included), includes };
    const recognizer = await this.recognizer(bot.id, revision, bot.currentRevision, programNluDefinition(model, included));
    return { program: buildProgram(model, included, {}, recognizer), includes };
  }

  /**
   * The revision's recognizer: restored from the store if it holds one trained on this definition, else trained (on a
   * worker) and stored. One with nothing for the classifier to learn (`sys:text`, keywords, exact triggers) is built
   * here, in a few milliseconds (no classifier is trained): its first message need not wait for a worker thread to
   * start, nor a model be stored.
   */
  private async recognizer(botId: number, revision: number, currentRevision: number, definition: NluDefinition): Promise<TunableRecognizer> {
    const { training, models, onRecognizer, onStoreError } = this.options;
    if (!hasClassifierSamples(definition)) {
      const { recognizer, bytes: _bytes, ...cost } = trainHere(definition);
      onRecognizer?.(botId, revision, cost);
      return recognizer;
    }
    const stored = await models?.load(botId, revision, definition);
    if (stored) {
      onRecognizer?.(botId, revision, { where: 'stored', trainMs: 0, restoreMs: stored.restoreMs });
      return stored.recognizer;
    }
    const { recognizer, bytes, ...cost } = training !== undefined ? await training.train(definition, {}, models !== undefined) : trainHere(definition);
    onRecognizer?.(botId, revision, cost);
    if (models !== undefined) {
      try {
        await models.save(botId, revision, currentRevision, definition, bytes ?? recognizer);
      } catch (err) {
        onStoreError?.(botId, revision, err);
      }
    }
    return recognizer;
  }

  /** Ends the training workers; builds in progress fail. */
  async close(): Promise<void> {
    await this.options.training?.close();
  }

  /** Builds a revision ahead of its first message (on publish), so the first human does not wait for training. */
  warm(botId: number, revision: number): void {
    setImmediate(() => { void this.get(botId, revision).catch(() => undefined); });
  }
}
