// An event waiting in a conversation's inbox (conversation_events.payload): version 1 names no version.
import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import type { ConversationEvent } from '../events.js';
import { implicitlyVersioned } from './stored-format.js';

export interface StoredInboxEvent {
  event: ConversationEvent;
  /** Device facts the provider reported (sys:deviceType, sys:platform). */
  device: { type: string | null; platform: string | null } | null;
  /** The message batch (POST /v1/messages) this event sends, so its messages count toward the batch. */
  batchId?: number;
}

const KINDS = ['message', 'form', 'timer', 'requestResult', 'script', 'proactive', 'welcome', 'sessionEnded'] as const;

/** The envelope and the event's kind; each kind's fields are the runner's to read (a message's may all be absent). */
const InboxEventV1 = Compile(Type.Object({
  event: Type.Object({ kind: Type.Union(KINDS.map((k) => Type.Literal(k))) }),
  device: Type.Union([Type.Object({}), Type.Null()]),
  batchId: Type.Optional(Type.Integer()),
}));

export const inboxEventFormat = implicitlyVersioned<StoredInboxEvent>('inbox event', (doc) => InboxEventV1.Check(doc));
