// The durable job queues the conversation runtime uses, and what their jobs carry.
import type { AsyncRequest } from '../../engine/index.js';
import { hasIds, jobFormat } from '../stored-jobs.js';

export const QUEUES = {
  /** A wait's timeout, a delay or a pause: becomes a timer event in the conversation's inbox. */
  timer: 'conversation.timer',
  /** An asynchronous request: sent outside the conversation's turn, its result handed back as an event. */
  request: 'conversation.request',
  /** Wakes a conversation when a delivery retry falls due. */
  wake: 'conversation.wake',
} as const;

export interface TimerJob {
  conversationId: number;
  token: string;
}

export interface RequestJob extends AsyncRequest {
  conversationId: number;
  /** Names the result event, so a job run twice hands back one result. */
  token: string;
}

export interface WakeJob {
  conversationId: number;
}

/** How each queue's stored data is read (version 1: the shapes above, as every release so far stored them). */
export const JOB_FORMATS = {
  timer: jobFormat<TimerJob>(QUEUES.timer, (doc) => hasIds('conversationId')(doc) && typeof doc.token === 'string'),
  request: jobFormat<RequestJob>(QUEUES.request, (doc) => hasIds('conversationId')(doc) && typeof doc.token === 'string'
    && typeof doc.request === 'object' && doc.request !== null && typeof doc.retries === 'number'),
  wake: jobFormat<WakeJob>(QUEUES.wake, hasIds('conversationId')),
};
