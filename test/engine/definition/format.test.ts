// Telling the bot format from the experience format.
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../../../src/engine/definition/format.js';
import { problemsOf } from './definitions.js';

describe('detectFormat', () => {
  it.each([
    [{ name: 'b', interactions: [] }, 'bot'],
    [{ name: 'e', workflows: [] }, 'experience'],
    [{ name: 'both', interactions: [], workflows: [] }, null],
    [{ name: 'neither' }, null],
    [[], null],
    ['text', null],
    [null, null],
  ])('%j → %s', (input, expected) => {
    expect(detectFormat(input)).toBe(expected);
  });

  it.each([
    [null, 'A definition must be a JSON object.'],
    [{ name: 'x' }, 'A definition needs "interactions" (bot format) or "workflows" (RCS experience format).'],
    [{ name: 'x', interactions: [], workflows: [] }, 'A definition has either "interactions" (bot format) or "workflows" (RCS experience format), not both.'],
  ])('explains %j', (input, message) => {
    expect(problemsOf(input)).toEqual([{ pointer: '', message }]);
  });
});
