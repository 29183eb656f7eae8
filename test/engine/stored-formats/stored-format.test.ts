// A stored shape's registry: older versions run their named migrations up to the current one; newer or damaged ones are refused, never replaced.
import { describe, expect, it } from 'vitest';
import { StoredFormat, StoredFormatError, type StoredDocument } from '../../../src/engine/stored-formats/stored-format.js';

interface Greeting { v: 3; words: string[]; loud: boolean }

/** A made-up shape with two releases of history: v1 had `text`, v2 split it into `words`, v3 added `loud`. */
const greeting = new StoredFormat<Greeting>({
  name: 'greeting',
  current: 3,
  implicit: 1,
  versionOf: (doc) => doc.v,
  stamp: (doc, v): StoredDocument => ({ ...doc, v }),
  migrations: [
    { from: 2, name: 'loud defaults to false', up: (doc) => ({ ...doc, loud: false }) },
    { from: 1, name: 'text split into words', up: ({ text, ...rest }) => ({ ...rest, words: String(text).split(' ') }) },
  ],
  check: (doc) => doc.v === 3 && Array.isArray(doc.words) && typeof doc.loud === 'boolean',
});

const problemOf = (text: string): StoredFormatError => {
  try {
    greeting.parse(text);
  } catch (err) {
    if (err instanceof StoredFormatError) return err;
    throw err;
  }
  throw new Error(`${text} was read`);
};

describe('a stored format', () => {
  it('reads the current version as it is', () => {
    expect(greeting.parse('{"v":3,"words":["hi"],"loud":true}')).toEqual({ v: 3, words: ['hi'], loud: true });
  });

  it('runs every migration from an older version, in order', () => {
    expect(greeting.parse('{"v":2,"words":["hi","there"]}')).toEqual({ v: 3, words: ['hi', 'there'], loud: false });
    expect(greeting.parse('{"v":1,"text":"hi there"}')).toEqual({ v: 3, words: ['hi', 'there'], loud: false });
  });

  it('takes a document without a version for the implicit one (shapes stored before they carried one)', () => {
    expect(greeting.parse('{"text":"hello"}')).toEqual({ v: 3, words: ['hello'], loud: false });
  });

  it('refuses a newer version as newer, and damage as corrupt', () => {
    expect(problemOf('{"v":999,"words":[]}')).toMatchObject({ problem: 'newer', version: 999, format: 'greeting' });
    expect(problemOf('{"v":999}').reason).toBe('stored greeting has version 999, newer than this release reads');
    expect(problemOf('{"v":0}')).toMatchObject({ problem: 'corrupt' });
    expect(problemOf('{"v":"2"}')).toMatchObject({ problem: 'corrupt' });
    expect(problemOf('{"v":3,"words":"hi"}')).toMatchObject({ problem: 'corrupt', version: 3 });
    expect(problemOf('[1,2]')).toMatchObject({ problem: 'corrupt' });
    expect(problemOf('{"v":3,')).toMatchObject({ problem: 'corrupt' });
    expect(problemOf('{"v":3,').reason).toBe('stored greeting cannot be read (not JSON)');
  });

  it('cannot be declared with a gap in its migrations', () => {
    expect(() => new StoredFormat({ ...greeting.spec, migrations: greeting.spec.migrations.filter((m) => m.from !== 2) }))
      .toThrow('greeting: no migration from version 2');
  });
});
