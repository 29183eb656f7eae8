// Trains recognizers on worker threads, so that a big bot's training (seconds of CPU) never stalls the server's event loop.
import { Worker } from 'node:worker_threads';
import {
  restoreRecognizer, trainRecognizer, type NluDefinition, type RecognizerOptions, type TunableRecognizer,
} from '../../engine/index.js';
import type { TrainingWorkerMessage, TrainRequest } from './training-worker.js';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODE_ROOT, COMPILED } from '../../code-root.js';

/**
 * Compiled (dist/, as `npm start` runs it), the worker's module is JavaScript and is the entry itself; run from the
 * TypeScript (tests, the CLI), the entry registers tsx's loader first.
 */
const ENTRY = pathToFileURL(path.join(CODE_ROOT, COMPILED
  ? 'services/conversations/training-worker.js'
  : 'services/conversations/training-worker-entry.mjs'));

export interface TrainingPoolOptions {
  /** Worker threads at most; 0 trains on the calling thread (blocking it). */
  size: number;
  /** A worker idle this long is ended, which frees its memory; the next training starts one again. */
  idleMs?: number;
  /** Told once if a worker cannot start (its modules do not load): training then falls back to the calling thread. */
  onFallback?: (reason: Error) => void;
  /** The worker's entry module; the default above unless another is given (tests give one that cannot load). */
  entry?: URL;
}

/** A trained recognizer and what it cost. */
export interface Trained {
  recognizer: TunableRecognizer;
  /** Where it was trained: a worker thread, or the calling thread (pool size 0, or workers unavailable). */
  where: 'worker' | 'inline';
  /** Wall-clock time of training (in the worker: building the training set, training, serializing). */
  trainMs: number;
  /** Wall-clock time the calling thread spent restoring the recognizer from the worker's data; 0 inline. */
  restoreMs: number;
  /** The model encoded for storage (encodeRecognizer), when asked for and trained on a worker; null otherwise. */
  bytes: Uint8Array | null;
}

interface Job {
  request: TrainRequest;
  /** The caller's definition, which the restored recognizer keeps (the request holds a plain copy). */
  definition: NluDefinition;
  resolve(trained: Trained): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  /** Set once the worker's modules are loaded; a worker that exits before is taken as unable to start. */
  ready: boolean;
  job: Job | null;
  /** Ended on purpose (idle, or the pool closing): its exit is no failure. */
  retiring: boolean;
  error: Error | null;
  idle: NodeJS.Timeout | null;
}

export class TrainingPoolClosedError extends Error {
  override name = 'TrainingPoolClosedError';
  constructor() {
    super('the recognizer training pool is closed');
  }
}

/** Only the fields the recognizer reads: the definition's models may carry more, and each one would be cloned to the worker. */
export function plainNluDefinition(def: NluDefinition): NluDefinition {
  const expressions = (list: NluDefinition['intents'][number]['expressions']) =>
    list.map((e) => ({ text: e.text, generate: e.generate, excludeContext: e.excludeContext, slots: e.slots.map((s) => ({ name: s.name, type: s.type, value: s.value })) }));
  return {
    // The language decides stemming: a worker must train with it, and a model stored under another language is not restored.
    language: def.language ?? null,
    interactions: def.interactions.map((i) => ({
      name: i.name,
      keywords: i.keywords.map((k) => ({ name: k.name, values: k.values.map((v) => ({ value: v.value, expressions: [...v.expressions] })) })),
      expressions: expressions(i.expressions),
    })),
    intents: def.intents.map((i) => ({ name: i.name, interaction: i.interaction, excludeContext: i.excludeContext, expressions: expressions(i.expressions) })),
  };
}

function trainInline(definition: NluDefinition, options: Partial<RecognizerOptions>): Trained {
  const start = performance.now();
  const recognizer = trainRecognizer(definition, options);
  return { recognizer, where: 'inline', trainMs: performance.now() - start, restoreMs: 0, bytes: null };
}

/**
 * A small pool of training threads. Jobs beyond the pool's size wait their turn, in order. Workers
 * start on first use and end after a while idle; an idle worker does not keep the process alive.
 */
export class TrainingWorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private inline: boolean;
  private closed = false;

  constructor(private readonly options: TrainingPoolOptions) {
    this.inline = options.size <= 0;
  }

  /** Workers running now (busy or idle). */
  get workers(): number {
    return this.slots.size;
  }

  /**
   * Trains a recognizer on the definition; on a worker thread unless the pool has size 0 or workers
   * cannot start. `encode` asks the worker for the model's bytes too, for storage.
   */
  async train(definition: NluDefinition, options: Partial<RecognizerOptions> = {}, encode = false): Promise<Trained> {
    if (this.closed) throw new TrainingPoolClosedError();
    if (this.inline) return trainInline(definition, options);
    const request: TrainRequest = { id: this.nextId++, definition: plainNluDefinition(definition), options, encode };
    return new Promise<Trained>((resolve, reject) => {
      this.queue.push({ request, definition, resolve, reject });
      this.dispatch();
    });
  }

  /** Ends every worker; jobs waiting or in progress are rejected with TrainingPoolClosedError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new TrainingPoolClosedError());
    const ending = [...this.slots].map((slot) => this.retire(slot));
    await Promise.all(ending);
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      if (this.inline) {
        // Workers cannot start here: what was queued for them is trained on this thread, one job per turn of the loop.
        const job = this.queue.shift()!;
        setImmediate(() => {
          try {
            job.resolve(trainInline(job.definition, job.request.options));
          } catch (err) {
            job.reject(err instanceof Error ? err : new Error(String(err)));
          }
        });
        continue;
      }
      let slot = [...this.slots].find((s) => s.job === null && !s.retiring);
      if (slot === undefined) {
        if (this.slots.size >= this.options.size) return;
        slot = this.start();
      }
      this.assign(slot, this.queue.shift()!);
    }
  }

  private start(): Slot {
    const worker = new Worker(this.options.entry ?? ENTRY, { name: 'parley-nlu-training' });
    const slot: Slot = { worker, ready: false, job: null, retiring: false, error: null, idle: null };
    worker.on('message', (message: TrainingWorkerMessage) => this.received(slot, message));
    worker.on('error', (err) => {
      slot.error = err;
    });
    worker.once('exit', (code) => this.exited(slot, code));
    this.slots.add(slot);
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    if (slot.idle !== null) clearTimeout(slot.idle);
    slot.idle = null;
    slot.job = job;
    // A job in progress keeps the process alive (a script awaiting it); an idle worker does not.
    slot.worker.ref();
    slot.worker.postMessage(job.request);
  }

  private received(slot: Slot, message: TrainingWorkerMessage): void {
    if (message.type === 'ready') {
      slot.ready = true;
      return;
    }
    const job = slot.job;
    if (job === null || job.request.id !== message.id) return;
    slot.job = null;
    slot.worker.unref();
    if (message.type === 'failed') job.reject(new Error(`recognizer training failed: ${message.message}`));
    else {
      try {
        const start = performance.now();
        const recognizer = restoreRecognizer(message.data, job.definition);
        job.resolve({ recognizer, where: 'worker', trainMs: message.trainMs, restoreMs: performance.now() - start, bytes: message.bytes });
      } catch (err) {
        job.reject(err instanceof Error ? err : new Error(String(err)));
      }
    }
    if (this.queue.length > 0) this.dispatch();
    else slot.idle = setTimeout(() => void this.retire(slot), this.options.idleMs ?? 60_000).unref();
  }

  private async retire(slot: Slot): Promise<void> {
    slot.retiring = true;
    if (slot.idle !== null) clearTimeout(slot.idle);
    await slot.worker.terminate();
  }

  private exited(slot: Slot, code: number): void {
    this.slots.delete(slot);
    if (slot.idle !== null) clearTimeout(slot.idle);
    const job = slot.job;
    slot.job = null;
    if (this.closed) {
      job?.reject(new TrainingPoolClosedError());
      return;
    }
    if (!slot.ready && !slot.retiring) {
      // The worker never loaded: this installation cannot run one (e.g. no tsx). Train on this thread from now on.
      this.inline = true;
      this.options.onFallback?.(slot.error ?? new Error(`the training worker exited with code ${code} before it was ready`));
      if (job !== null) this.queue.unshift(job);
    } else if (job !== null) {
      job.reject(new Error(`the training worker stopped while training (exit code ${code})${slot.error ? `: ${slot.error.message}` : ''}`));
    }
    this.dispatch();
  }
}
