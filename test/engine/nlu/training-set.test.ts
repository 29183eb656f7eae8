// Whether a definition gives the classifier anything to learn: the cheap check agrees with the training set it would build.
import { describe, expect, it } from 'vitest';
import { nluDefinitionFrom } from '../../../src/engine/nlu/index.js';
import { buildTrainingSet, hasClassifierSamples } from '../../../src/engine/nlu/training-set.js';
import { pizzaBot } from './fixture.js';

const bot = (interactions: unknown[]) => nluDefinitionFrom({ name: 'b', interactions });
const trainable = (raw: ReturnType<typeof bot>) => {
  const set = buildTrainingSet(raw);
  return set.targets.length > 0 && set.samples.some((s) => s.class !== set.outOfScope);
};

describe('hasClassifierSamples', () => {
  it.each([
    ['a bot with intents and expressions', nluDefinitionFrom(pizzaBot), true],
    ['sys:text alone', bot([{ name: 'echo', intents: ['sys:text'], actions: [] }]), false],
    ['keywords alone', bot([{ name: 'k', keywords: [{ name: 'size', values: [{ value: 'big', expressions: ['large'] }] }], actions: [] }]), false],
    ['a special intent with built-in phrases', bot([{ name: 'w', intents: ['sys:start'], actions: [] }]), true],
    ['an interaction of its own expressions', bot([{ name: 'w', expressions: ['hello there'], actions: [] }]), true],
    ['sys:text with expressions (out of scope only)', bot([{ name: 'o', intents: [{ name: 'sys:text', expressions: ['what is the weather'] }], actions: [] }]), false],
    ['an intent named after an Object property', bot([{ name: 'c', intents: ['constructor', 'toString'], actions: [] }]), false],
    ['no interactions', bot([]), false],
  ])('%s: %s', (_name, definition, expected) => {
    expect(hasClassifierSamples(definition)).toBe(expected);
    expect(trainable(definition)).toBe(expected);
  });
});
