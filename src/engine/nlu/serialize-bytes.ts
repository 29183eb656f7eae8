// A serialized recognizer as one byte string, for storage: a JSON header, then each typed array's bytes (little-endian, 8-byte aligned).
import { RECOGNIZER_FORMAT, RecognizerDataError, type SerializedRecognizer } from './serialize.js';

// "PNLU" read as a little-endian u32: marks the bytes as a recognizer before anything else is trusted.
const MAGIC = 0x554c4e50;
/** magic, format, header length, reserved: four u32. */
const PREAMBLE = 16;
const ALIGN = 8;

const TYPED = { Float32Array, Uint32Array, Int32Array } as const;
type TypedName = keyof typeof TYPED;
type Typed = InstanceType<(typeof TYPED)[TypedName]>;

/** Where a typed array sat in the data (keys from the root), and where its bytes are. */
interface TypedRef {
  path: string[];
  type: TypedName;
  /** Byte offset from the start of the data section. */
  offset: number;
  length: number;
}

/** The JSON header: the data with each typed array replaced by null, and the list of those arrays. */
interface Header {
  refs: TypedRef[];
  data: unknown;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const aligned = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

/** The data as bytes: `decodeRecognizer` gives it back. The typed arrays are copied once, into the result. */
export function encodeRecognizer(data: SerializedRecognizer): Uint8Array {
  if (!LITTLE_ENDIAN) throw new RecognizerDataError('recognizer bytes are little-endian; this platform is not');
  const arrays: Typed[] = [];
  const refs: TypedRef[] = [];
  let size = 0;
  // JSON.stringify visits a holder before what it holds: each object's path is known when its members are seen.
  const paths = new WeakMap<object, string[]>();
  const json = JSON.stringify(data, function (this: object, key: string, value: unknown) {
    const path = key === '' ? [] : [...(paths.get(this) ?? []), key];
    if (!ArrayBuffer.isView(value)) {
      if (typeof value === 'object' && value !== null) paths.set(value, path);
      return value;
    }
    const name = value.constructor.name;
    if (!Object.hasOwn(TYPED, name)) throw new TypeError(`encodeRecognizer: unexpected ${name}`);
    const typed = value as Typed;
    refs.push({ path, type: name as TypedName, offset: size, length: typed.length });
    arrays.push(typed);
    size += aligned(typed.byteLength);
    return null;
  });
  // The data goes last so that the refs (short) are not behind the bulk of the text; the data is spliced in as is.
  const header = new TextEncoder().encode(`{"refs":${JSON.stringify(refs)},"data":${json}}`);
  const dataStart = aligned(PREAMBLE + header.byteLength);
  const bytes = new Uint8Array(dataStart + size);
  const preamble = new DataView(bytes.buffer);
  preamble.setUint32(0, MAGIC, true);
  preamble.setUint32(4, RECOGNIZER_FORMAT, true);
  preamble.setUint32(8, header.byteLength, true);
  bytes.set(header, PREAMBLE);
  let at = dataStart;
  for (const typed of arrays) {
    bytes.set(new Uint8Array(typed.buffer, typed.byteOffset, typed.byteLength), at);
    at += aligned(typed.byteLength);
  }
  return bytes;
}

/**
 * The data `encodeRecognizer` wrote. Typed arrays are views into `bytes` (no copy) when aligned, copies otherwise.
 * Throws a RecognizerDataError for bytes that are not a recognizer of this format version.
 */
export function decodeRecognizer(bytes: Uint8Array): SerializedRecognizer {
  if (!LITTLE_ENDIAN) throw new RecognizerDataError('recognizer bytes are little-endian; this platform is not');
  if (bytes.byteLength < PREAMBLE) throw new RecognizerDataError('recognizer bytes: too short');
  const preamble = new DataView(bytes.buffer, bytes.byteOffset, PREAMBLE);
  if (preamble.getUint32(0, true) !== MAGIC) throw new RecognizerDataError('recognizer bytes: not a recognizer');
  const format = preamble.getUint32(4, true);
  if (format !== RECOGNIZER_FORMAT) throw new RecognizerDataError(`recognizer bytes: format ${format}, expected ${RECOGNIZER_FORMAT}`);
  const headerLength = preamble.getUint32(8, true);
  const dataStart = aligned(PREAMBLE + headerLength);
  if (dataStart > bytes.byteLength) throw new RecognizerDataError('recognizer bytes: header runs past the end');
  let header: string;
  try {
    header = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(PREAMBLE, PREAMBLE + headerLength));
  } catch {
    throw new RecognizerDataError('recognizer bytes: header is not UTF-8');
  }
  // Views need a plain ArrayBuffer; bytes over shared memory are copied once.
  const shared = !(bytes.buffer instanceof ArrayBuffer);
  const buffer = shared ? new Uint8Array(bytes).buffer : (bytes.buffer as ArrayBuffer);
  const base = shared ? 0 : bytes.byteOffset;
  const view = (ref: TypedRef): Typed => {
    const Ctor = TYPED[ref.type];
    const start = base + dataStart + ref.offset;
    const byteLength = ref.length * Ctor.BYTES_PER_ELEMENT;
    if (!Number.isInteger(ref.offset) || !Number.isInteger(ref.length) || ref.offset < 0 || ref.length < 0 || dataStart + ref.offset + byteLength > bytes.byteLength) {
      throw new RecognizerDataError('recognizer bytes: an array runs past the end');
    }
    if (start % Ctor.BYTES_PER_ELEMENT === 0) return new Ctor(buffer, start, ref.length);
    return new Ctor(buffer.slice(start, start + byteLength));
  };
  let parsed: Header;
  try {
    parsed = JSON.parse(header) as Header;
  } catch {
    throw new RecognizerDataError('recognizer bytes: header is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(parsed.refs)) throw new RecognizerDataError('recognizer bytes: header without array list');
  const root = { data: parsed.data };
  for (const ref of parsed.refs) {
    if (typeof ref !== 'object' || ref === null || !Object.hasOwn(TYPED, ref.type) || !Array.isArray(ref.path)) throw new RecognizerDataError('recognizer bytes: bad array reference');
    put(root, ['data', ...ref.path], view(ref));
  }
  return root.data as SerializedRecognizer;
}

/** Sets the null that `path` leads to (own properties only, so no key reaches a prototype) to `value`. */
function put(root: object, path: readonly unknown[], value: Typed): void {
  let holder: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i];
    if (typeof key !== 'string' || typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, key)) throw new RecognizerDataError('recognizer bytes: array path leads nowhere');
    holder = (holder as Record<string, unknown>)[key];
  }
  const last = path[path.length - 1];
  if (typeof last !== 'string' || typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, last) || (holder as Record<string, unknown>)[last] !== null) {
    throw new RecognizerDataError('recognizer bytes: array path leads nowhere');
  }
  Object.defineProperty(holder, last, { value, writable: true, enumerable: true, configurable: true });
}
