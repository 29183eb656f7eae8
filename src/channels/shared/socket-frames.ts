// A frame a browser sent over a WebSocket, checked against the schema of its type: the frame, or why it is refused, never trusted.
import type { Validator } from 'typebox/compile';
import { describeBadText, findBadText } from '../../text-guard.js';

export type FrameRead<F> = { ok: true; frame: F } | { ok: false; error: string };

/**
 * A reader for the frames `checks` names, one checker per frame type so a refusal names what is wrong with that
 * type (a union's error would speak of its first member). `knownBy` says whose frames they are in refusals.
 */
export function frameReader<F>(checks: Record<string, Validator>, knownBy: string): (raw: string) => FrameRead<F> {
  const types = Object.keys(checks);
  return (raw) => {
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: 'A frame must be a JSON object.' };
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'A frame must be a JSON object.' };
    const bad = findBadText(value);
    if (bad !== null) return { ok: false, error: describeBadText('The frame', bad) };
    const type = (value as { type?: unknown }).type;
    const name = types.find((t) => t === type);
    if (name === undefined) return { ok: false, error: `The frame is not one ${knownBy} knows: /type must be one of ${types.join(', ')}.` };
    const check = checks[name]!;
    if (check.Check(value)) return { ok: true, frame: value as F };
    const first = [...check.Errors(value)][0];
    return { ok: false, error: `The frame is not one ${knownBy} knows${first ? `: ${first.instancePath || '/'} ${first.message}` : ''}.` };
  };
}
