// The `sys:` attributes: which exist, where each value lives, which a bot may write, and the ports behind them.

export type SysBacking = 'human' | 'conversation' | 'event' | 'population' | 'generated';

export interface SysAttributeSpec {
  backing: SysBacking;
  writable: boolean;
}

/**
 * The spec's table. Values are text: booleans are "true"/"false", lists are JSON arrays so that
 * `{sys:rcsFeatures:size}` and `{sys:rcsFeatures[0]}` work.
 */
export const SYS_ATTRIBUTES = {
  firstName: { backing: 'human', writable: true },
  lastName: { backing: 'human', writable: true },
  phone: { backing: 'human', writable: true },
  email: { backing: 'human', writable: true },
  subscribed: { backing: 'human', writable: false },
  rcsEnabled: { backing: 'human', writable: false },
  rcsFeatures: { backing: 'human', writable: false },
  communicatingChannels: { backing: 'human', writable: false },
  subscribedChannels: { backing: 'human', writable: false },
  conversationLink: { backing: 'conversation', writable: false },
  context: { backing: 'conversation', writable: true },
  text: { backing: 'event', writable: false },
  payload: { backing: 'event', writable: false },
  index: { backing: 'population', writable: false },
  uuid: { backing: 'generated', writable: false },
} as const satisfies Record<string, SysAttributeSpec>;

export type SysAttributeName = keyof typeof SYS_ATTRIBUTES;
export type HumanField = { [K in SysAttributeName]: (typeof SYS_ATTRIBUTES)[K]['backing'] extends 'human' ? K : never }[SysAttributeName];
export type WritableHumanField = 'firstName' | 'lastName' | 'phone' | 'email';

export function isSysAttribute(name: string): name is SysAttributeName {
  return Object.hasOwn(SYS_ATTRIBUTES, name);
}

export function isWritableSysAttribute(name: string): boolean {
  return isSysAttribute(name) && SYS_ATTRIBUTES[name].writable;
}

/** How the language reads a sys value (uuid excepted: the language makes those itself). Null when absent. */
export type SysAttributeReader = (name: Exclude<SysAttributeName, 'uuid'>) => string | null;

/** The human record, as the runtime exposes it: reads for rendering, writes when it applies sys writes. */
export interface HumanRecordPort {
  get(field: HumanField): string | null;
  set(field: WritableHumanField, value: string | null): void;
}

/** The per-conversation and per-event sys values. */
export interface ConversationSysValues {
  conversationLink: string | null;
  context: string | null;
  /** Text and payload of the inbound message being processed; null when absent or empty. */
  text: string | null;
  payload: string | null;
  /** Set only while a populate runs. */
  index: number | null;
}

export function createSysReader(human: HumanRecordPort, conversation: ConversationSysValues): SysAttributeReader {
  return (name) => {
    switch (name) {
      case 'conversationLink':
      case 'context':
      case 'text':
      case 'payload':
        return emptyToNull(conversation[name]);
      case 'index':
        return conversation.index === null ? null : String(conversation.index);
      default:
        return human.get(name);
    }
  };
}

function emptyToNull(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}
