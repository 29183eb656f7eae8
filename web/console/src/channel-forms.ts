// One description per channel type: what the console's channel form asks for it, in words, and what it shows once made
// (the webhook URL to paste at the provider, web chat's page and snippet). A new channel type is one entry here.

export interface ChannelField {
  /** The channel's API field it fills. */
  name: 'user' | 'token' | 'phoneType' | 'countryCode' | 'data';
  label: string;
  hint?: string;
  /** text (the default); secret: masked, sent once, never shown again; secret-json: the same, several lines; select; json. */
  input?: 'text' | 'secret' | 'secret-json' | 'select' | 'json';
  placeholder?: string;
  required?: boolean;
  options?: readonly { value: string; label: string }[];
}

export interface ChannelForm {
  /** The type in words. */
  label: string;
  /** What a channel of the type is, in one line. */
  about: string;
  /** Only this type's own fields (name, description and bot are every channel's). */
  fields: readonly ChannelField[];
  /** Where the provider sends messages, to paste at the provider; `{id}` is the channel's id. Null: nothing to paste. */
  webhookPath: string | null;
  /** Web chat: its page, and the snippet that puts it on a site. */
  embed?: boolean;
  /** Parley registers the webhook with the provider itself as the channel is made (Telegram): nothing to paste. */
  registersWebhook?: boolean;
  /** Its page in docs/. */
  docs: string;
}

const SANDBOX_HINT = 'Or "sandbox" to try it on the phone simulator (/sandbox) before you have a provider account.';

export const CHANNEL_FORMS: Readonly<Record<string, ChannelForm>> = {
  web: {
    label: 'Web chat',
    about: 'A chat on your own site: a page of its own, or a button any page adds with one script tag.',
    fields: [],
    webhookPath: null,
    embed: true,
    docs: 'docs/web-chat.md',
  },
  dlc: {
    label: 'SMS long code',
    about: 'Texts (SMS and MMS) to and from a ten-digit number, through your carrier.',
    fields: [
      { name: 'user', label: 'Phone number', hint: 'The number texts come from, in international form.', placeholder: '+15551234567', required: true },
      { name: 'token', label: 'Carrier credentials', input: 'secret', hint: `AccountSid:AuthToken, a carrier URL (https://sid:token@host) or smpp://… (docs/channels/sms.md). ${SANDBOX_HINT}`, required: true },
      { name: 'phoneType', label: 'Kind of number', input: 'select', options: [
        { value: '1', label: 'A number you bring (not hosted here)' }, { value: '2', label: 'A number hosted by the service' }, { value: '3', label: 'A text-enabled toll-free number' },
      ] },
      { name: 'countryCode', label: 'Country', input: 'select', options: [{ value: 'US', label: 'United States' }, { value: 'CA', label: 'Canada' }] },
    ],
    webhookPath: '/hooks/dlc/{id}',
    docs: 'docs/channels/sms.md',
  },
  dsc: {
    label: 'SMS short code',
    about: 'Texts to and from a short code (3 to 8 digits), through your carrier.',
    fields: [
      { name: 'user', label: 'Short code', placeholder: '24680', required: true },
      { name: 'token', label: 'Carrier credentials', input: 'secret', hint: `AccountSid:AuthToken, a carrier URL or smpp://… (docs/channels/sms.md). ${SANDBOX_HINT}`, required: true },
    ],
    webhookPath: '/hooks/dsc/{id}',
    docs: 'docs/channels/sms.md',
  },
  fb: {
    label: 'Messenger',
    about: 'Messages to and from a page on the social network\'s messenger.',
    fields: [
      { name: 'user', label: 'Page id', hint: 'The numeric id of the page.', required: true },
      { name: 'token', label: 'Page access token', input: 'secret-json', hint: `The page access token alone, or a JSON object with pageAccessToken, appSecret, verifyToken and messageTag (docs/channels/messenger.md). ${SANDBOX_HINT}`, required: true },
    ],
    webhookPath: '/hooks/fb/{id}',
    docs: 'docs/channels/messenger.md',
  },
  twr: {
    label: 'Microblog direct messages',
    about: 'Direct messages to and from an account of the microblogging network.',
    fields: [
      { name: 'user', label: 'Account\'s user id', hint: 'The number before the "-" of its access token.', required: true },
      { name: 'token', label: 'OAuth credentials', input: 'secret-json', hint: `A JSON object with consumerKey, consumerSecret, accessToken and accessTokenSecret (docs/channels/microblog.md). ${SANDBOX_HINT}`, required: true },
    ],
    webhookPath: '/hooks/twr/{id}',
    docs: 'docs/channels/microblog.md',
  },
  alx: {
    label: 'Voice assistant',
    about: 'A voice skill: the assistant asks, the bot answers in speech.',
    fields: [
      { name: 'user', label: 'Skill id', placeholder: 'amzn1.ask.skill.…', hint: 'Shown in the skill\'s developer console.', required: true },
    ],
    webhookPath: '/hooks/alx/{id}',
    docs: 'docs/channels/voice.md',
  },
  rcs: {
    label: 'RCS',
    about: 'Rich messages (cards, suggestions) to phones with RCS, through an RBM agent.',
    fields: [
      { name: 'user', label: 'Agent id', placeholder: 'acme_shop_xyz_agent', required: true },
      { name: 'token', label: 'Service-account key', input: 'secret-json', hint: `The key JSON Google issues, with "webhook_client_token" added (docs/channels/rcs.md). ${SANDBOX_HINT}`, required: true },
      { name: 'data', label: 'Verified sender setup', input: 'json', hint: 'Optional JSON, e.g. {"smsFallbackChannelId": 3}.' },
    ],
    webhookPath: '/hooks/rcs/{id}',
    docs: 'docs/channels/rcs.md',
  },
  wha: {
    label: 'WhatsApp',
    about: 'Messages to and from a business number on WhatsApp (the Cloud API): buttons, lists, media and templates.',
    fields: [
      { name: 'user', label: 'Phone-number id', hint: 'The numeric id WhatsApp Manager shows under API setup, not the number itself.', required: true },
      { name: 'token', label: 'Access token', input: 'secret-json', hint: `The access token alone, or a JSON object with accessToken, appSecret, verifyToken and businessAccountId (docs/channels/whatsapp.md). ${SANDBOX_HINT}`, required: true },
    ],
    webhookPath: '/hooks/wha/{id}',
    docs: 'docs/channels/whatsapp.md',
  },
  tlg: {
    label: 'Telegram',
    about: 'Messages to and from a Telegram bot: inline keyboards, photos and files. Parley sets the bot\'s webhook itself.',
    fields: [
      { name: 'token', label: 'Bot token', input: 'secret', hint: `The token @BotFather gave, e.g. 123456:ABC-DEF… (docs/channels/telegram.md). ${SANDBOX_HINT}`, required: true },
    ],
    webhookPath: null,
    registersWebhook: true,
    docs: 'docs/channels/telegram.md',
  },
};

/** The form of a type; a type this console does not describe yet gets the API's own fields under their own names. */
export function channelForm(type: string, description = type): ChannelForm {
  return CHANNEL_FORMS[type] ?? {
    label: description,
    about: description,
    fields: [
      { name: 'user', label: 'User (the channel\'s public identifier)' },
      { name: 'token', label: 'Token', input: 'secret', hint: 'The provider credential; stored encrypted and never shown again.' },
    ],
    webhookPath: `/hooks/${type}/{id}`,
    docs: 'docs/api.md',
  };
}

/** The type in words, for lists ("SMS long code"). */
export function typeLabel(type: string): string {
  return CHANNEL_FORMS[type]?.label ?? type;
}

/** The URL to paste at the provider, for a made channel of the form; null when there is none. */
export function webhookUrl(form: ChannelForm, id: number, origin: string): string | null {
  return form.webhookPath === null ? null : `${origin}${form.webhookPath.replace('{id}', String(id))}`;
}

/** Web chat on a site: one script tag (docs/web-chat.md). */
export function embedSnippet(id: number, origin: string): string {
  return `<script src="${origin}/chat/${id}/embed.js" async></script>`;
}
