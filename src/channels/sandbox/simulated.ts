// Every channel type the simulator shows a phone for: one line per channel, its phone defined in the channel's own folder.
import { MESSENGER_PHONE, type MessengerView } from '../messenger/sandbox-phone.js';
import { DM_PHONE, type DmView } from '../microblog/sandbox-phone.js';
import { RCS_PHONE, type RcsView } from '../rcs/sandbox-phone.js';
import type { SandboxPhone } from '../sandbox-phone.js';
import { SMS_PHONE, type SmsView } from '../sms/sandbox-phone.js';
import { TELEGRAM_PHONE, type TelegramView } from '../telegram/sandbox-phone.js';
import { VOICE_PHONE, type VoiceView } from '../voice/sandbox-phone.js';
import { WHATSAPP_PHONE, type WhatsAppView } from '../whatsapp/sandbox-phone.js';

export type OutboundView = SmsView | RcsView | MessengerView | DmView | VoiceView | WhatsAppView | TelegramView;

const PHONES: readonly SandboxPhone<OutboundView>[] = [SMS_PHONE, RCS_PHONE, MESSENGER_PHONE, DM_PHONE, VOICE_PHONE, WHATSAPP_PHONE, TELEGRAM_PHONE];

const BY_TYPE = new Map(PHONES.flatMap((phone) => phone.types.map((type) => [type, phone] as const)));

/** Channel types the simulator shows a phone for; web chat has its own page (/chat/{id}) and needs no provider. */
export const SIMULATED_TYPES: ReadonlySet<string> = new Set(BY_TYPE.keys());

export function phoneOf(type: string): SandboxPhone<OutboundView> | undefined {
  return BY_TYPE.get(type);
}
