// The catalogue of channel types: which exist, what they are called, which can be created yet, and their families.

export interface ChannelType {
  name: ChannelTypeName;
  description: string;
  /** Listed so clients can show it, but channels of this type cannot be created yet. */
  comingSoon: boolean;
}

/** Every channel type's name, in the order the API lists them (bot definitions may name any of them). */
export const CHANNEL_TYPE_NAMES = ['dsc', 'dlc', 'fb', 'twr', 'alx', 'web', 'rcs', 'tlg', 'sky', 'slk'] as const;

export type ChannelTypeName = (typeof CHANNEL_TYPE_NAMES)[number];

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

/** SMS/MMS channel types: long codes and short codes. */
export const SMS_TYPES = ['dlc', 'dsc'] as const;

/** Channel types whose address is the human's phone number: the same phone is the same human across them. */
export const PHONE_TYPES = [...SMS_TYPES, 'rcs'] as const;

export function findChannelType(name: string): ChannelType | undefined {
  return CHANNEL_TYPES.find((t) => t.name === name);
}

export function isSmsType(type: string): type is (typeof SMS_TYPES)[number] {
  return (SMS_TYPES as readonly string[]).includes(type);
}

/** Whether a channel's address is the human's phone number (SMS and RCS). */
export function isPhoneType(type: string): boolean {
  return (PHONE_TYPES as readonly string[]).includes(type);
}

export function isChannelTypeName(type: string): type is ChannelTypeName {
  return (CHANNEL_TYPE_NAMES as readonly string[]).includes(type);
}
