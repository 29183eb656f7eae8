// How each channel type shows forms and choices, as the runner needs to know when it renders and matches them.
import type { ChannelCapabilities } from './environment.js';

/** Channels that show buttons and quick replies as tappable elements; the others get numbered text options. */
const RICH = new Set(['web', 'rcs', 'fb', 'twr']);

export function channelCapabilities(channelType: string): ChannelCapabilities {
  return { forms: channelType === 'web', numberedChoices: !RICH.has(channelType) };
}
