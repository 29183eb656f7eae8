// Text fitted into platform limits: pieces cut at a space or line break near the limit, never inside a surrogate pair; labels cut with an ellipsis.
import { describe, expect, it } from 'vitest';
import { isTruncationOf, splitText, splitWithShortLast, truncate } from '../../../src/channels/shared/text.js';

describe('splitText', () => {
  it('cuts at the last space or line break within the limit, dropping the white space at the cut', () => {
    expect(splitText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
    expect(splitText('line one\nline two', 10)).toEqual(['line one', 'line two']);
    expect(splitText('short', 10)).toEqual(['short']);
    expect(splitText('   ', 10)).toEqual([]);
  });

  it('cuts a word longer than half the limit at the limit, but not between the halves of a surrogate pair', () => {
    expect(splitText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    // 😀 is two code units: a cut at 4 would fall inside the second one, so the piece stops before it.
    expect(splitText('ab😀😀', 4)).toEqual(['ab😀', '😀']);
    expect(splitText('a😀😀', 4)).toEqual(['a😀', '😀']);
  });

  it('keeps the last piece within a shorter limit when asked', () => {
    expect(splitWithShortLast('aaaa bbbb cccc', 10, 4)).toEqual(['aaaa bbbb', 'cccc']);
    expect(splitWithShortLast('aaaa bbbb', 10, 4)).toEqual(['aaaa', 'bbbb']);
    expect(splitWithShortLast('', 10, 4)).toEqual([]);
  });
});

describe('truncate', () => {
  it('leaves text within the limit alone and marks a cut with an ellipsis inside the limit', () => {
    expect(truncate('Large', 5)).toBe('Large');
    expect(truncate('Large pizza', 7)).toBe('Large…');
    expect(truncate('Large pizza', 7)).toHaveLength(6);
    expect(truncate('ab😀cd', 4)).toBe('ab…');
  });

  it('recognizes a label it cut, and only that', () => {
    expect(isTruncationOf('Large…', 'Large pizza', 7)).toBe(true);
    expect(isTruncationOf('Large', 'Large', 7)).toBe(false);
    expect(isTruncationOf('Small…', 'Large pizza', 7)).toBe(false);
  });
});
