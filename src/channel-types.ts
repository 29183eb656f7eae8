// The catalogue of channel types: which exist, what they are called, which can be created yet, and what each is like.

/**
 * How the channel addresses a human: `phone` by their phone number alone (SMS, RCS); `phoneOrId` by an id of the
 * provider's, or by the phone number when that is all Parley knows (WhatsApp: a business-scoped user id, or the
 * number); `id` by the provider's id only (a page-scoped id, a chat id, a visitor).
 */
export type Addressing = 'phone' | 'phoneOrId' | 'id';

export interface ChannelType {
  name: ChannelTypeName;
  description: string;
  /** Listed so clients can show it, but channels of this type cannot be created yet. */
  comingSoon: boolean;
  /** Buttons and quick replies are shown as elements a person taps; false: as numbered text options. */
  tappableChoices: boolean;
  /** A data-capture form is shown as a form (web chat); elsewhere it is asked field by field. */
  forms: boolean;
  addressing: Addressing;
}

/** Every channel type's name, in the order the API lists them (bot definitions may name any of them). */
export const CHANNEL_TYPE_NAMES = ['dsc', 'dlc', 'fb', 'twr', 'alx', 'web', 'rcs', 'wha', 'tlg', 'sky', 'slk'] as const;

export type ChannelTypeName = (typeof CHANNEL_TYPE_NAMES)[number];

const plain = { tappableChoices: false, forms: false } as const;
const tappable = { tappableChoices: true, forms: false } as const;

export const CHANNEL_TYPES: readonly ChannelType[] = [
  { name: 'dsc', description: 'Short Code SMS/MMS', comingSoon: false, ...plain, addressing: 'phone' },
  { name: 'dlc', description: 'Long Code SMS/MMS', comingSoon: false, ...plain, addressing: 'phone' },
  { name: 'fb', description: 'Social-network messenger', comingSoon: false, ...tappable, addressing: 'id' },
  { name: 'twr', description: 'Microblogging network direct messages', comingSoon: false, ...tappable, addressing: 'id' },
  { name: 'alx', description: 'Voice assistant', comingSoon: false, ...plain, addressing: 'id' },
  { name: 'web', description: 'Web Chat', comingSoon: false, tappableChoices: true, forms: true, addressing: 'id' },
  { name: 'rcs', description: 'RCS', comingSoon: false, ...tappable, addressing: 'phone' },
  { name: 'wha', description: 'WhatsApp', comingSoon: false, ...tappable, addressing: 'phoneOrId' },
  { name: 'tlg', description: 'Telegram', comingSoon: false, ...tappable, addressing: 'id' },
  { name: 'sky', description: 'Messaging app (coming soon)', comingSoon: true, ...plain, addressing: 'id' },
  { name: 'slk', description: 'Workplace chat app (coming soon)', comingSoon: true, ...plain, addressing: 'id' },
];

/** SMS/MMS channel types: long codes and short codes. */
export const SMS_TYPES = ['dlc', 'dsc'] as const;

/** Channel types whose address is the human's phone number: the same phone is the same human across them. */
export const PHONE_TYPES = CHANNEL_TYPES.filter((t) => t.addressing === 'phone').map((t) => t.name);

const BY_NAME = new Map<string, ChannelType>(CHANNEL_TYPES.map((t) => [t.name, t]));

export function findChannelType(name: string): ChannelType | undefined {
  return BY_NAME.get(name);
}

export function isSmsType(type: string): type is (typeof SMS_TYPES)[number] {
  return (SMS_TYPES as readonly string[]).includes(type);
}

/** Whether a channel's address is the human's phone number (SMS and RCS). */
export function isPhoneType(type: string): boolean {
  return findChannelType(type)?.addressing === 'phone';
}

/**
 * Whether a human Parley knows only by phone number can be reached on the channel at that number (SMS, RCS,
 * WhatsApp): a broadcast to them goes to the number.
 */
export function reachableByPhone(type: string): boolean {
  const addressing = findChannelType(type)?.addressing;
  return addressing === 'phone' || addressing === 'phoneOrId';
}

/** Where a channel of the type reaches a human: their address on it, else their phone on a phone channel; null: nowhere. */
export function addressOn(type: string, human: { address: string | null; phone: string | null }): string | null {
  return human.address ?? (reachableByPhone(type) ? human.phone : null);
}

export function isChannelTypeName(type: string): type is ChannelTypeName {
  return (CHANNEL_TYPE_NAMES as readonly string[]).includes(type);
}

/** Channel families consent is kept by (docs/consent.md): both SMS types are one, the others their own. */
export const CONSENT_FAMILIES = ['sms', 'rcs', 'whatsapp', 'messenger', 'telegram', 'microblog', 'voice', 'web'] as const;
export type ConsentFamily = (typeof CONSENT_FAMILIES)[number];

const FAMILY_OF: Record<string, ConsentFamily> = { dlc: 'sms', dsc: 'sms', rcs: 'rcs', wha: 'whatsapp', fb: 'messenger', tlg: 'telegram', twr: 'microblog', alx: 'voice', web: 'web' };

/** The family a channel type's consent is kept in (the migration 0043_consent_ledger maps the same way). */
export function consentFamily(type: string): ConsentFamily | null {
  return FAMILY_OF[type] ?? null;
}
