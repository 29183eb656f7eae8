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

interface TypedRef {
  $typed: TypedName;
  /** Byte offset from the start of the data section. */
  offset: number;
  length: number;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const aligned = (n: number) => Math.ceil(n / ALIGN) * ALIGN;

function isTypedRef(value: unknown): value is TypedRef {
  return typeof value === 'object' && value !== null && typeof (value as TypedRef).$typed === 'string' && Object.hasOwn(TYPED, (value as TypedRef).$typed);
}

/** The data as bytes: `decodeRecognizer` gives it back. The typed arrays are copied once, into the result. */
export function encodeRecognizer(data: SerializedRecognizer): Uint8Array {
  if (!LITTLE_ENDIAN) throw new RecognizerDataError('recognizer bytes are little-endian; this platform is not');
  const arrays: Typed[] = [];
  let size = 0;
  const header = new TextEncoder().encode(
    JSON.stringify(data, (_key, value: unknown) => {
      if (!ArrayBuffer.isView(value)) return value;
      const name = value.constructor.name;
      if (!Object.hasOwn(TYPED, name)) throw new TypeError(`encodeRecognizer: unexpected ${name}`);
      const typed = value as Typed;
      const ref: TypedRef = { $typed: name as TypedName, offset: size, length: typed.length };
      arrays.push(typed);
      size += aligned(typed.byteLength);
      return ref;
    }),
  );
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
    const Ctor = TYPED[ref.$typed];
    const start = base + dataStart + ref.offset;
    const byteLength = ref.length * Ctor.BYTES_PER_ELEMENT;
    if (!Number.isInteger(ref.offset) || !Number.isInteger(ref.length) || ref.offset < 0 || ref.length < 0 || dataStart + ref.offset + byteLength > bytes.byteLength) {
      throw new RecognizerDataError('recognizer bytes: an array runs past the end');
    }
    if (start % Ctor.BYTES_PER_ELEMENT === 0) return new Ctor(buffer, start, ref.length);
    return new Ctor(buffer.slice(start, start + byteLength));
  };
  let data: unknown;
  try {
    data = JSON.parse(header, (_key, value: unknown) => (isTypedRef(value) ? view(value) : value));
  } catch (err) {
    if (err instanceof RecognizerDataError) throw err;
    throw new RecognizerDataError('recognizer bytes: header is not JSON');
  }
  return data as SerializedRecognizer;
}
