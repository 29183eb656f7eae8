// A provider API's answer body: read whole but never past a size cap, then parsed as JSON when it is JSON.

/** Provider API answers are small JSON documents; a larger body is a misbehaving upstream, not data. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** The body parsed as JSON; undefined when empty or not JSON. Past MAX_ANSWER_BYTES reading stops and `tooLarge()` is thrown. */
export async function readJsonAnswer(body: AsyncIterable<Buffer>, tooLarge: () => Error): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) throw tooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
