// Benchmark of the bot language: tag rendering throughput and definition validation time, each against a baseline.
// Run: node --import tsx bench/bot-language.ts
import { readFileSync } from 'node:fs';
import { validateDefinition } from '../src/engine/definition/validate.js';
import { createLanguageContext } from '../src/engine/language/context.js';
import { MemoryAttributes } from '../src/engine/language/memory-attributes.js';
import { renderTemplate } from '../src/engine/language/render.js';
import { parseTemplate } from '../src/engine/language/template-parser.js';

const CLINC150 = '/work/shared/datasets/clinc150/bot.json';

/** Runs fn repeatedly for about `ms` milliseconds after a warm-up; returns operations per second. */
function throughput(fn: () => unknown, ms = 1500): number {
  const warmUntil = performance.now() + 200;
  while (performance.now() < warmUntil) fn();
  let ops = 0;
  const start = performance.now();
  let now = start;
  while (now - start < ms) {
    for (let i = 0; i < 100; i++) fn();
    ops += 100;
    now = performance.now();
  }
  return (ops * 1000) / (now - start);
}

/** Times each of `runs` calls; returns the sorted durations in milliseconds. */
function timings(fn: () => unknown, runs: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

// --- Tag rendering -------------------------------------------------------------------------
const order = {
  id: 1042,
  total: '18.40',
  address: { city: 'Lyon' },
  items: [{ sku: 'PZ-MARG', qty: 2 }, { sku: 'DR-COLA', qty: 1 }],
};
const attributes = new MemoryAttributes({ human: { lastName: 'Lee', order: JSON.stringify(order) }, bot: { store: 'Parley Pizza' } });
const ctx = createLanguageContext({
  attributes,
  clock: () => new Date('2024-03-05T14:07:09Z'),
  sys: (name) => (name === 'firstName' ? 'Ann' : null),
  uuid: () => '00000000-0000-4000-8000-000000000000',
});

// 10 tags: 9 references (two scopes, sys, JSON paths, :size) and one function call.
const message =
  'Hi {sys:firstName} {lastName}, order {order.id} has {order.items:size} items: ' +
  '{order.items[0].sku} x{order.items[0].qty}, {order.items[1].sku} x{order.items[1].qty}. ' +
  'Ship to {order.address.city} from {bot:store}. Total with tax: {sys:function:evaluate(order.total * 1.2)}';

const expected = renderTemplate(message, ctx);
// Baseline: the same substitutions as a single String.replace with precomputed values (no parsing, no JSON, no arithmetic).
const precomputed: Record<string, string> = {};
for (const match of message.matchAll(/\{([^{}]*)\}/g)) precomputed[match[1]!] = renderTemplate(match[0], ctx);
const baseline = () => message.replace(/\{([^{}]*)\}/g, (_m, key: string) => precomputed[key] ?? '');
if (baseline() !== expected) throw new Error(`baseline output differs:\n${baseline()}\n${expected}`);

console.log('Bot language benchmark');
console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log('Tag rendering: a message with 10 tags (JSON paths, :size, scopes, sys, one evaluate call)');
console.log(`  output: ${expected}`);
const rendered = throughput(() => renderTemplate(message, ctx));
const parsedEachTime = throughput(() => parseTemplate(message));
const replaced = throughput(baseline);
console.log(`  renderTemplate (parse cached)      ${fmt(rendered).padStart(12)} renders/s   ${fmt(1e6 / rendered, 2)} µs/render`);
console.log(`  parseTemplate alone (no cache)     ${fmt(parsedEachTime).padStart(12)} parses/s    ${fmt(1e6 / parsedEachTime, 2)} µs/parse`);
console.log(`  baseline String.replace            ${fmt(replaced).padStart(12)} replaces/s  ${fmt(1e6 / replaced, 2)} µs/replace`);
console.log(`  ratio baseline / renderTemplate    ${fmt(replaced / rendered, 1)}x (the baseline does no lookups, parsing or arithmetic)\n`);

// --- Definition validation ----------------------------------------------------------------
const text = readFileSync(CLINC150, 'utf8');
const bot: unknown = JSON.parse(text);
const cold = timings(() => validateDefinition(bot), 1)[0]!;
const result = validateDefinition(bot);
if (!result.ok) throw new Error(`clinc150 does not validate: ${JSON.stringify(result.problems.slice(0, 3))}`);
const warm = timings(() => validateDefinition(bot), 50);
// Baseline: visiting every value of the same definition once, doing nothing with it.
let visited = 0;
const visit = (value: unknown): void => {
  visited++;
  if (Array.isArray(value)) for (const item of value) visit(item);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) visit(item);
};
const walk = timings(() => visit(bot), 50);
const parse = timings(() => JSON.parse(text), 20);
const median = (xs: number[]) => xs[Math.floor(xs.length / 2)]!;
console.log(`Definition validation: ${CLINC150} (${result.model.interactions.length} interactions, ${fmt(text.length / 1024)} KiB, ${fmt(visited / 50)} JSON values)`);
console.log(`  first validation (compiles the schema)   ${fmt(cold, 1).padStart(8)} ms`);
console.log(`  validateDefinition, median of 50         ${fmt(median(warm), 2).padStart(8)} ms   (min ${fmt(warm[0]!, 2)}, max ${fmt(warm[warm.length - 1]!, 2)})`);
console.log(`  baseline: bare walk over every value     ${fmt(median(walk), 2).padStart(8)} ms`);
console.log(`  for scale: JSON.parse of the file        ${fmt(median(parse), 2).padStart(8)} ms`);
console.log(`  ratio validate / bare walk               ${fmt(median(warm) / median(walk), 1)}x`);
