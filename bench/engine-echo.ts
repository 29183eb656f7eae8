// Inbound messages per second through the engine alone (runner + in-memory host, no HTTP, no SQL), beside a bare async echo in the same run.
// Run: npm run bench -- engine-echo
import { validateDefinition } from '../src/engine/definition/index.js';
import { messageEvent } from '../src/engine/events.js';
import { MemoryConversation } from '../src/engine/memory-host.js';
import { buildProgram } from '../src/engine/program.js';

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000);

const echo = {
  name: 'echo',
  interactions: [
    { name: 'hello', intents: [{ name: 'greet', expressions: ['hello', 'hi there', 'good morning'] }], actions: [{ send: { message: { text: 'Hello {sys:firstName}!' } } }] },
    { name: 'echo', intents: ['sys:text'], actions: [{ send: { message: { text: 'You said: {sys:text}' } } }] },
  ],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

async function measure(name: string, handle: (i: number) => Promise<void>): Promise<{ name: string; perSecond: number; p50: number; p99: number }> {
  for (let i = 0; i < 500; i++) await handle(i);
  const latencies: number[] = [];
  const start = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const t = performance.now();
    await handle(i);
    latencies.push((performance.now() - t) * 1000);
  }
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { name, perSecond: MESSAGES / seconds, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

const result = validateDefinition(echo);
if (!result.ok) throw new Error('bench definition is invalid');
const program = buildProgram(result.model);
const conversation = new MemoryConversation({ program, channelType: 'web', human: { firstName: 'Ada' } });
const texts = ['hello', 'what is the weather like', 'tell me a joke', 'good morning', 'order status 1234'];

const baseline = await measure('bare async echo', async (i) => {
  const text = texts[i % texts.length]!;
  const reply = `You said: ${text}`;
  if (reply.length === 0) throw new Error('unreachable');
});
const recognizer = await measure('recognizer alone', async (i) => {
  program.recognizer.recognize(texts[i % texts.length]!, { context: null });
});
const engine = await measure('engine (recognize, run, render)', async (i) => {
  await conversation.handle(messageEvent({ text: texts[i % texts.length]! }));
  conversation.sent.length = 0;
});

console.log(`${MESSAGES} messages each, one conversation, in process`);
console.log('path                               msg/s     p50 µs   p99 µs   ratio to bare echo');
for (const r of [baseline, recognizer, engine]) {
  console.log(`${r.name.padEnd(32)} ${r.perSecond.toFixed(0).padStart(9)} ${r.p50.toFixed(1).padStart(9)} ${r.p99.toFixed(1).padStart(8)}   ${(r.perSecond / baseline.perSecond).toFixed(5)}`);
}
