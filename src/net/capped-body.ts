// A response body read whole but never past a size cap; and read as JSON, for the provider APIs that answer small JSON documents.

/** The whole body; past `maxBytes` reading stops and `tooLarge()` is thrown (the caller closes the stream if it must). */
export async function readCapped(body: AsyncIterable<Buffer>, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Provider API answers are small JSON documents; a larger body is a misbehaving upstream, not data. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** The body parsed as JSON; undefined when empty or not JSON. Past MAX_ANSWER_BYTES reading stops and `tooLarge()` is thrown. */
export async function readJsonAnswer(body: AsyncIterable<Buffer>, tooLarge: () => Error): Promise<unknown> {
  const text = (await readCapped(body, MAX_ANSWER_BYTES, tooLarge)).toString('utf8');
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
