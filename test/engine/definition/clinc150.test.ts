// The 150-intent CLINC150 bot validates and normalizes (its validation time is measured by bench/bot-language.ts).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { validateDefinition } from '../../../src/engine/definition/validate.js';

const path = '/work/shared/datasets/clinc150/bot.json';
const bot: unknown = JSON.parse(readFileSync(path, 'utf8'));

describe('the CLINC150 bot (150 intents, 15,000 expressions)', () => {
  it('validates and normalizes', () => {
    const result = validateDefinition(bot);
    expect(result.ok ? [] : result.problems.slice(0, 5)).toEqual([]);
    if (!result.ok) return;
    expect(result.model.interactions).toHaveLength(151);
    const expressions = result.model.interactions.flatMap((i) => i.intents).reduce((n, intent) => n + intent.expressions.length, 0);
    expect(expressions).toBe(15_100);
    expect(result.model.interactions.some((i) => i.intents.some((intent) => intent.name === 'sys:text'))).toBe(true);
  });
});
