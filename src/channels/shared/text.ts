// Fitting text into a platform's limits in UTF-16 code units: long text split at a line break or space, labels cut with an ellipsis, never inside a surrogate pair.

const ELLIPSIS = '…';

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** Where to cut `text` so the first part has at most `max` code units without splitting a surrogate pair. */
function safeCut(text: string, max: number): number {
  return isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
}

/** `text` in pieces of at most `max` code units, cut at a line break or space near the limit when there is one. */
export function splitText(text: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = Math.max(rest.lastIndexOf('\n', max), rest.lastIndexOf(' ', max));
    if (cut < max / 2) cut = safeCut(rest, max);
    const piece = rest.slice(0, cut).trimEnd();
    if (piece !== '') pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest.trim() !== '') pieces.push(rest);
  return pieces;
}

/**
 * Splits text for a message whose last piece must be shorter than the others (e.g. a text above buttons):
 * every piece fits `max`, the last fits `lastMax`.
 */
export function splitWithShortLast(text: string, max: number, lastMax: number): string[] {
  const pieces = splitText(text, max);
  const last = pieces.pop();
  if (last === undefined) return pieces;
  return [...pieces, ...splitText(last, lastMax)];
}

/** `text` cut to `max` code units, an ellipsis marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, safeCut(text, max - 1)).trimEnd() + ELLIPSIS;
}

/** Whether `shown` is `full` cut by `truncate` to `max`: a platform reports the label it showed, the bot knows the full one. */
export function isTruncationOf(shown: string, full: string, max: number): boolean {
  return full.length > max && truncate(full, max) === shown;
}
