// The body of a recognizer-training worker thread: trains on a definition's NLU view and sends the model back as transferred typed arrays.
import { parentPort } from 'node:worker_threads';
import {
  encodeRecognizer, type NluDefinition, type RecognizerOptions, recognizerTransferList, type SerializedRecognizer,
  serializeRecognizer, trainRecognizer,
} from '../../engine/index.js';

/** Main thread → worker: train on this definition. */
export interface TrainRequest {
  id: number;
  definition: NluDefinition;
  options: Partial<RecognizerOptions>;
  /** Also send the model as bytes for storage (encodeRecognizer), so the main thread need not encode it. */
  encode: boolean;
}

/** Worker → main thread: `ready` once the modules are loaded, then one answer per request. */
export type TrainingWorkerMessage =
  | { type: 'ready' }
  | { type: 'trained'; id: number; data: SerializedRecognizer; bytes: Uint8Array | null; trainMs: number }
  | { type: 'failed'; id: number; message: string };

const port = parentPort;
if (port === null) throw new Error('training-worker.ts runs as a worker thread (training-worker-pool.ts starts it)');

port.on('message', (request: TrainRequest) => {
  let answer: TrainingWorkerMessage;
  let transfer: ArrayBuffer[] = [];
  try {
    const start = performance.now();
    const data = serializeRecognizer(trainRecognizer(request.definition, request.options));
    const trainMs = performance.now() - start;
    const bytes = request.encode ? encodeRecognizer(data) : null;
    answer = { type: 'trained', id: request.id, data, bytes, trainMs };
    // The weights (and the bytes) move to the main thread rather than being copied; this thread has no further use for them.
    transfer = recognizerTransferList(data);
    if (bytes !== null) transfer.push(bytes.buffer as ArrayBuffer);
  } catch (err) {
    answer = { type: 'failed', id: request.id, message: err instanceof Error ? err.message : String(err) };
  }
  port.postMessage(answer, transfer);
});
port.postMessage({ type: 'ready' } satisfies TrainingWorkerMessage);
