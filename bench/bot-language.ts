// Benchmark of the bot language: tag rendering throughput and definition validation time, each against a baseline.
// Run: node --import tsx bench/bot-language.ts  (the machine may be shared: run it twice and compare the ratios, not only the rates)
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

// 10 tags: 9 references (human, bot and sys scopes, JSON paths, :size) and one function call.
const message =
  'Hi {sys:firstName}, order {order.id} has {order.items:size} items: ' +
  '{order.items[0].sku} x{order.items[0].qty}, {order.items[1].sku} x{order.items[1].qty}. ' +
  'Ship to {order.address.city} from {bot:store}. Total with tax: {sys:function:evaluate(order.total * 1.2)}';
const tags = parseTemplate(message).nodes.filter((node) => node.kind !== 'text');
if (tags.length !== 10 || tags.filter((node) => node.kind === 'call').length !== 1) throw new Error(`the message must hold 10 tags, one a call; it holds ${tags.length}`);

const expected = renderTemplate(message, ctx);
// Baseline 1: plain string concatenation of the same values, precomputed (what a hand-written template costs).
const v = Object.fromEntries([...message.matchAll(/\{([^{}]*(?:\([^()]*\))?)\}/g)].map((m) => [m[1]!, renderTemplate(m[0], ctx)]));
const keys = {
  first: 'sys:firstName', id: 'order.id', size: 'order.items:size', sku0: 'order.items[0].sku', qty0: 'order.items[0].qty',
  sku1: 'order.items[1].sku', qty1: 'order.items[1].qty', city: 'order.address.city', store: 'bot:store', total: 'sys:function:evaluate(order.total * 1.2)',
};
type Values = Record<keyof typeof keys, string>;
const valuesOf = (): Values => Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, v[key]!])) as Values;
// Two equal value sets used in turn: with one constant set the JIT folds the whole concatenation into a constant.
const valueSets = [valuesOf(), valuesOf()];
let turn = 0;
const concatenated = () => {
  const x = valueSets[turn++ & 1]!;
  return 'Hi ' + x.first + ', order ' + x.id + ' has ' + x.size + ' items: ' + x.sku0 + ' x' + x.qty0 + ', ' + x.sku1 + ' x' + x.qty1 +
    '. Ship to ' + x.city + ' from ' + x.store + '. Total with tax: ' + x.total;
};
// Baseline 2: the same substitutions as one String.replace over a map of precomputed values.
const baseline = () => message.replace(/\{([^{}]*(?:\([^()]*\))?)\}/g, (_m, key: string) => v[key] ?? '');
for (const [label, fn] of [['concatenation', concatenated], ['String.replace', baseline]] as const) {
  if (fn() !== expected) throw new Error(`${label} baseline output differs:\n${fn()}\n${expected}`);
}

console.log('Bot language benchmark');
console.log(`node ${process.version}, ${process.platform}/${process.arch}\n`);
console.log('Tag rendering: a message with 10 tags (JSON paths, :size, three scopes, one evaluate call)');
console.log(`  output: ${expected}`);
// Interleaved, so machine noise hits every measurement alike; each figure is the best of its rounds.
const best = { rendered: 0, parsed: 0, concatenated: 0, replaced: 0 };
for (let round = 0; round < 3; round++) {
  best.rendered = Math.max(best.rendered, throughput(() => renderTemplate(message, ctx), 1000));
  best.parsed = Math.max(best.parsed, throughput(() => parseTemplate(message), 1000));
  best.concatenated = Math.max(best.concatenated, throughput(concatenated, 1000));
  best.replaced = Math.max(best.replaced, throughput(baseline, 1000));
}
const row = (label: string, ops: number, unit: string) => console.log(`  ${label.padEnd(38)}${fmt(ops).padStart(12)} ${unit.padEnd(11)} ${fmt(1e6 / ops, 2)} µs each`);
row('renderTemplate (parse cached)', best.rendered, 'renders/s');
row('parseTemplate alone (no cache)', best.parsed, 'parses/s');
row('baseline: string concatenation', best.concatenated, 'concats/s');
row('baseline: String.replace over a map', best.replaced, 'replaces/s');
console.log(`  ratio concatenation / renderTemplate      ${fmt(best.concatenated / best.rendered, 1)}x`);
console.log(`  ratio String.replace / renderTemplate     ${fmt(best.replaced / best.rendered, 1)}x (baselines do no lookups, JSON, parsing or arithmetic)\n`);

// --- Definition validation ----------------------------------------------------------------
const text = readFileSync(CLINC150, 'utf8');
const bot: unknown = JSON.parse(text);
const cold = timings(() => validateDefinition(bot), 1)[0]!;
const result = validateDefinition(bot);
if (!result.ok) throw new Error(`clinc150 does not validate: ${JSON.stringify(result.problems.slice(0, 3))}`);
// Baseline: visiting every value of the same definition once, doing nothing with it.
let visited = 0;
const visit = (value: unknown): void => {
  visited++;
  if (Array.isArray(value)) for (const item of value) visit(item);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) visit(item);
};
visit(bot);
const values = visited;
// Warm-up until the JIT has optimized the passes (the first few dozen runs are several times slower).
for (let i = 0; i < 30; i++) {
  validateDefinition(bot);
  visit(bot);
  JSON.parse(text);
}
// Interleaved rounds, so machine noise hits the measurement and its baselines alike.
const warm: number[] = [];
const walk: number[] = [];
const parse: number[] = [];
for (let round = 0; round < 10; round++) {
  warm.push(...timings(() => validateDefinition(bot), 5));
  walk.push(...timings(() => visit(bot), 5));
  parse.push(...timings(() => JSON.parse(text), 5));
}
const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const min = (xs: number[]) => sorted(xs)[0]!;
console.log(`Definition validation: ${CLINC150} (${result.model.interactions.length} interactions, ${fmt(text.length / 1024)} KiB, ${fmt(values)} JSON values)`);
console.log(`  first validation (compiles the schema)   ${fmt(cold, 1).padStart(8)} ms`);
console.log(`  validateDefinition, 50 warm runs         ${fmt(median(warm), 2).padStart(8)} ms median   ${fmt(min(warm), 2)} ms min`);
console.log(`  baseline: bare walk over every value     ${fmt(median(walk), 2).padStart(8)} ms median   ${fmt(min(walk), 2)} ms min`);
console.log(`  baseline: JSON.parse of the file         ${fmt(median(parse), 2).padStart(8)} ms median   ${fmt(min(parse), 2)} ms min`);
console.log(`  ratio validate / bare walk               ${fmt(median(warm) / median(walk), 1)}x (medians)`);
console.log(`  ratio validate / JSON.parse              ${fmt(median(warm) / median(parse), 1)}x (medians)`);
