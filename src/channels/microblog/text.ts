// Fitting text into the DM API's limits: long text split at a line break or space, labels cut with an ellipsis, never inside a surrogate pair.

const ELLIPSIS = '…';

function safeCut(text: string, at: number): number {
  const code = text.charCodeAt(at - 1);
  return code >= 0xd800 && code <= 0xdbff ? at - 1 : at;
}

/** `text` cut to `max` UTF-16 code units, an ellipsis marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return text.slice(0, safeCut(text, max - 1)).trimEnd() + ELLIPSIS;
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
