// Durations as authors write them for the clock ("30s", "10m", "2h", "1d"), the same grammar as a waitFor timeout.
import { durationMs } from '../../engine/index.js';

/** Milliseconds, or null when the text is not digits followed by s, m, h or d. */
export function parseDuration(text: string): number | null {
  return durationMs(text.trim());
}
