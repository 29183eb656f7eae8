// A JSON shape the store keeps across releases: its version, the named migrations from each older version, and the check of the current one.

/** Why a stored document cannot be read: written by a newer release, or not a document of this shape at all. */
export type FormatProblem = 'newer' | 'corrupt';

/** A stored document this release cannot read. It is never replaced by a default: the caller parks or fails what it belongs to. */
export class StoredFormatError extends Error {
  constructor(
    /** The shape's name, e.g. "conversation state". */
    readonly format: string,
    readonly problem: FormatProblem,
    /** The version the document says it has, when it says one. */
    readonly version: number | null,
    detail: string,
  ) {
    super(`${format}: ${detail}`);
    this.name = 'StoredFormatError';
  }

  /** A short reason for people (the conversation's `parked`). */
  get reason(): string {
    return this.problem === 'newer'
      ? `stored ${this.format} has version ${this.version ?? '?'}, newer than this release reads`
      : `stored ${this.format} cannot be read (${this.message.slice(this.format.length + 2)})`;
  }
}

export type StoredDocument = Record<string, unknown>;

/** One step forward: turns a document of version `from` into one of version `from + 1`. */
export interface FormatMigration {
  from: number;
  /** Says what changed, for the log and the tests (e.g. "split the wait's deadline into seconds"). */
  name: string;
  up(doc: StoredDocument): StoredDocument;
}

export interface StoredFormatSpec<T> {
  name: string;
  /** The version this release writes. */
  current: number;
  /** The document's version; `implicit` when it names none (shapes stored before they carried one). */
  versionOf(doc: StoredDocument): unknown;
  /** The version of a document that names none; absent: such a document is corrupt. */
  implicit?: number;
  /** Writes `version` into a migrated document. */
  stamp(doc: StoredDocument, version: number): StoredDocument;
  migrations: readonly FormatMigration[];
  /** Whether a document of the current version has the shape the code expects. */
  check(doc: StoredDocument): boolean;
}

export class StoredFormat<T> {
  constructor(readonly spec: StoredFormatSpec<T>) {
    for (let v = lowestVersion(spec); v < spec.current; v++) {
      if (!spec.migrations.some((m) => m.from === v)) throw new Error(`${spec.name}: no migration from version ${v}`);
    }
  }

  /** Reads stored JSON text; throws a StoredFormatError for text this release cannot read. */
  parse(text: string): T {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new StoredFormatError(this.spec.name, 'corrupt', null, 'not JSON');
    }
    return this.read(value);
  }

  /** Reads a stored document (already parsed JSON): older versions are migrated up to the current one. */
  read(value: unknown): T {
    const { spec } = this;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new StoredFormatError(spec.name, 'corrupt', null, 'not a JSON object');
    let doc = value as StoredDocument;
    const named = spec.versionOf(doc);
    const version = named === undefined ? spec.implicit : named;
    if (version === undefined) throw new StoredFormatError(spec.name, 'corrupt', null, 'no version');
    if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < lowestVersion(spec)) {
      throw new StoredFormatError(spec.name, 'corrupt', typeof version === 'number' ? version : null, `unknown version ${JSON.stringify(version)}`);
    }
    if (version > spec.current) throw new StoredFormatError(spec.name, 'newer', version, `version ${version}, this release reads up to ${spec.current}`);
    for (let v = version; v < spec.current; v++) {
      const step = spec.migrations.find((m) => m.from === v)!;
      doc = spec.stamp(step.up(doc), v + 1);
    }
    if (!spec.check(doc)) throw new StoredFormatError(spec.name, 'corrupt', spec.current, `not the shape of version ${spec.current}`);
    return doc as T;
  }
}

function lowestVersion(spec: StoredFormatSpec<unknown>): number {
  return Math.min(spec.current, spec.implicit ?? spec.current, ...spec.migrations.map((m) => m.from));
}

/**
 * A shape first stored without a version: a document that names none is version 1 (so what is stored today, and what
 * an older release reads after a rollback, stays byte for byte the same); from version 2 on it says `v`.
 */
export function implicitlyVersioned<T>(name: string, check: (doc: StoredDocument) => boolean, current = 1, migrations: readonly FormatMigration[] = []): StoredFormat<T> {
  return new StoredFormat<T>({
    name,
    current,
    implicit: 1,
    versionOf: (doc) => doc.v,
    stamp: (doc, v): StoredDocument => {
      if (v > 1) return { ...doc, v };
      const { v: _v, ...rest } = doc;
      return rest;
    },
    migrations,
    check,
  });
}
