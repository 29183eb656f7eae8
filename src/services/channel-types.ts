// The catalogue of channel types: which exist, what they are called, which can be created yet.

export interface ChannelType {
  name: string;
  description: string;
  /** Listed so clients can show it, but channels of this type cannot be created yet. */
  comingSoon: boolean;
}

export const CHANNEL_TYPES: readonly ChannelType[] = [
  { name: 'dsc', description: 'Short Code SMS/MMS', comingSoon: false },
  { name: 'dlc', description: 'Long Code SMS/MMS', comingSoon: false },
  { name: 'fb', description: 'Social-network messenger', comingSoon: false },
  { name: 'twr', description: 'Microblogging network direct messages', comingSoon: false },
  { name: 'alx', description: 'Voice assistant', comingSoon: false },
  { name: 'web', description: 'Web Chat', comingSoon: false },
  { name: 'rcs', description: 'RCS', comingSoon: false },
  { name: 'tlg', description: 'Messaging app (coming soon)', comingSoon: true },
  { name: 'sky', description: 'Messaging app (coming soon)', comingSoon: true },
  { name: 'slk', description: 'Workplace chat app (coming soon)', comingSoon: true },
];

export function findChannelType(name: string): ChannelType | undefined {
  return CHANNEL_TYPES.find((t) => t.name === name);
}
