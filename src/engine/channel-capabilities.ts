// How each channel type shows forms and choices, as the runner needs to know when it renders and matches them.
import { findChannelType } from '../channel-types.js';
import type { ChannelCapabilities } from './environment.js';

/** From the catalogue; a type it does not know gets numbered text options, which every channel can show. */
export function channelCapabilities(channelType: string): ChannelCapabilities {
  const type = findChannelType(channelType);
  return { forms: type?.forms ?? false, numberedChoices: !(type?.tappableChoices ?? false) };
}
