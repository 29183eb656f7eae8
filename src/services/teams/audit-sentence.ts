// An audit entry as a sentence a compliance officer reads: "Ana took over conversation 12 (Ada Lovelace)", "Bob changed the
// token of channel SMS US", "Ana signed in", "ana@example.com failed to sign in (wrong password)".

export interface SentenceParts {
  /** Who: the member's name as it is now, else the e-mail the entry kept, else the account's own credential. */
  actor: string;
  action: string;
  resource: string;
  resourceId: string | null;
  resourceName: string | null;
  /** Names of the fields the request set (never their values). */
  fields: readonly string[];
}

/** Each resource in words, singular: what the filters and the sentences call it. */
export const RESOURCE_NOUNS: Readonly<Record<string, string>> = {
  bots: 'bot', channels: 'channel', humans: 'human', conversations: 'conversation', messages: 'broadcast', webhooks: 'webhook',
  tokens: 'API token', members: 'member', sessions: 'session', account: 'account', 'canned-replies': 'canned reply', setup: 'account',
};

/** Field names in words, where the API's own would read oddly in a sentence. */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  botId: 'bot', channelType: 'type', phoneType: 'phone type', countryCode: 'country', data: 'sender setup', user: 'sender (user)',
  firstName: 'first name', lastName: 'last name', eventTypes: 'event types', humanIds: 'humans', messageRetentionDays: 'message retention',
  botEnabled: 'bot', assigneeId: 'assignee', expiresAt: 'expiry', currentPassword: 'password', newPassword: 'password', quickReplies: 'quick replies',
};

function list(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

function fieldsInWords(fields: readonly string[]): string {
  return list([...new Set(fields.map((f) => FIELD_WORDS[f] ?? f))]);
}

/** "channel SMS US", "conversation 12 (Ada Lovelace)", "channel 7" when no name is known. */
function what(p: SentenceParts): string {
  const noun = RESOURCE_NOUNS[p.resource] ?? p.resource;
  if (p.resource === 'conversations') return `${noun} ${p.resourceId ?? ''}${p.resourceName === null ? '' : ` (${p.resourceName})`}`.trim();
  const named = p.resourceName ?? p.resourceId;
  return named === null ? `a ${noun}` : `${noun} ${named}`;
}

/** What the actor did, for the actions a conversation's PATCH names (conversation-audit.ts). */
const CONVERSATION_ACTIONS: Readonly<Record<string, (w: string) => string>> = {
  'take-over': (w) => `took over ${w}`,
  'hand-back': (w) => `handed ${w} back to the bot`,
  assign: (w) => `assigned ${w}`,
  'assign-self': (w) => `assigned ${w} to themselves`,
  unassign: (w) => `unassigned ${w}`,
  resolve: (w) => `resolved ${w}`,
  reopen: (w) => `reopened ${w}`,
  'mark-pending': (w) => `marked ${w} pending`,
  'set-priority': (w) => `changed the priority of ${w}`,
  messages: (w) => `replied in ${w}`,
  'reply-take-over': (w) => `took over ${w} and replied`,
  notes: (w) => `added a note to ${w}`,
};

function phrase(p: SentenceParts): string {
  const w = what(p);
  if (p.resource === 'conversations') {
    const parts = p.action.split(',').map((a) => CONVERSATION_ACTIONS[a]);
    if (parts.length > 0 && parts.every((f) => f !== undefined)) {
      // "took over conversation 12 (Ada) and assigned it to themselves"
      return parts.map((f, i) => (i === 0 ? f!(w) : f!('it'))).join(' and ');
    }
  }
  if (p.resource === 'sessions') {
    if (p.action === 'sign-in') return 'signed in';
    if (p.action === 'sign-in-failed') return 'failed to sign in (wrong password)';
    if (p.action === 'delete') return 'ended a console session';
  }
  if (p.resource === 'setup') return 'created the account and its first owner in the browser';
  if (p.resource === 'members' && p.action === 'accept') return 'accepted the invitation and joined';
  if (p.resource === 'members' && p.action === 'update' && p.fields.length === 1 && p.fields[0] === 'role') return `changed the role of ${w}`;
  if (p.resource === 'members' && p.action === 'create') return `invited ${w}`;
  if (p.resource === 'members' && p.action === 'disable') return `disabled ${w}`;
  if (p.resource === 'members' && p.action === 'enable') return `enabled ${w}`;
  if (p.resource === 'me') return `changed their own ${fieldsInWords(p.fields) || 'profile'}`;
  if (p.resource === 'account' && p.action === 'password') return 'changed their password';
  switch (p.action) {
    case 'create':
      return `created ${w}`;
    case 'update':
      return p.fields.length === 0 ? `changed ${w}` : `changed the ${fieldsInWords(p.fields)} of ${w}`;
    case 'delete':
      return `deleted ${w}`;
    case 'publish':
      return `published a revision of ${w}`;
    case 'subscribe':
      return `subscribed humans to ${w}`;
    case 'unsubscribe':
      return `unsubscribed humans from ${w}`;
    case 'link':
      return `linked ${w} to other humans`;
    case 'unlink':
      return `unlinked ${w} from other humans`;
    case 'resend':
      return `sent a delivery of ${w} again`;
    case 'secret':
      return `rotated the signing secret of ${w}`;
    case 'erase':
      return `erased everything held about ${w}`;
    case 'attributes':
      return `changed the attributes of ${w}`;
    default:
      return `${p.action.replace(/-/g, ' ')} ${w}`;
  }
}

export function auditSentence(p: SentenceParts): string {
  return `${p.actor} ${phrase(p)}`;
}
