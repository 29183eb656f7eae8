// The kinds of value the condition `is` check recognizes.
import { describe, expect, it } from 'vitest';
import type { ValueType } from '../../../src/engine/language/condition-model.js';
import { hasValueType } from '../../../src/engine/language/value-types.js';

describe('hasValueType', () => {
  it.each([
    ['number', '-1.5', true], ['number', '1e3', false], ['integer', '+12', true], ['integer', '1.0', false],
    ['boolean', 'true', true], ['boolean', 'yes', false],
    ['email', 'a.b@example.co', true], ['email', 'a@b', false], ['email', 'a b@example.com', false],
    ['phone', '+1 (555) 010-0199', true], ['phone', '12', false], ['phone', 'call me', false],
    ['url', 'https://example.com/x', true], ['url', 'ftp://example.com', false], ['url', 'example.com', false],
    ['json', '"x"', true], ['json', '{', false], ['array', '[]', true], ['object', '[]', false],
    ['date', '2024-02-29', true], ['date', '2023-02-29', false], ['time', '23:59', true], ['time', '24:61', false],
    ['datetime', '2024-03-05T14:07:09Z', true], ['datetime', '2024-03-05', false],
  ] as [ValueType, string, boolean][])('%s %j → %s', (type, text, expected) => {
    expect(hasValueType(text, type)).toBe(expected);
  });
});
