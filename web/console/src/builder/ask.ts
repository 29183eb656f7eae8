// "Ask": a question, a wait that takes only the kind of answer asked for, and a re-ask on a wrong one, written as the
// language's own steps (a send, a waitFor with its validation, an interaction that says so and goes back to the question).
import { freeName } from './edit.js';

type Json = Record<string, unknown>;

/** What an ask takes: the wait's data kind, and the check a text answer must pass. */
export const ASK_KINDS = {
  text: { title: 'Text', data: 'text', is: null },
  email: { title: 'An e-mail address', data: 'text', is: 'email' },
  phone: { title: 'A phone number', data: 'text', is: 'phone' },
  number: { title: 'A number', data: 'number', is: null },
  date: { title: 'A date or time', data: 'datetime', is: null },
  choice: { title: 'One of a few choices', data: 'quick reply', is: null },
} as const;

export type AskKind = keyof typeof ASK_KINDS;

/** Contact fields an answer can be kept in (the human record), beside attributes of the conversation's human. */
export const CONTACT_FIELDS = ['sys:email', 'sys:phone', 'sys:firstName', 'sys:lastName'] as const;

export interface Ask {
  kind: AskKind;
  question: string;
  /** An attribute name, or one of CONTACT_FIELDS. */
  keepIn: string;
  /** Said before the question is asked again. */
  retry: string;
  /** For a choice: the choices offered. */
  choices?: string[];
}

/** A human attribute name from any text: a wait's content takes letters, digits and underscores. */
function attributeName(text: string): string {
  const name = text.replace(/^sys:/, '').replace(/[^a-zA-Z0-9_]+/g, '_').replace(/^[^a-zA-Z]+/, '');
  return name === '' ? 'answer' : name;
}

/**
 * The steps to put where the ask goes, and the re-ask interaction to add after the others. An answer kept on the
 * contact waits into an attribute of the same name (`email` for sys:email), then is written to the contact.
 */
export function askSteps(definition: Json, ask: Ask): { steps: Json[]; retry: Json } {
  const { data, is } = ASK_KINDS[ask.kind];
  const onContact = ask.keepIn.startsWith('sys:');
  const content = attributeName(ask.keepIn);
  const questionName = freeName(definition, `ask ${content}`);
  const retryName = freeName(definition, `${questionName} again`);
  const message: Json = { text: ask.question };
  if (ask.kind === 'choice') message.quickReplies = (ask.choices ?? []).map((title) => ({ type: 'text', title }));
  const waitFor: Json = { data: [data], content, executeOnError: retryName };
  const wait: Json = is === null ? { waitFor } : { waitFor, validation: { conditions: [{ attribute: content, is }], executeOnError: retryName } };
  const steps: Json[] = [{ name: questionName, send: { message } }, wait];
  if (onContact) steps.push({ updateAttribute: { attribute: ask.keepIn, value: `{${content}}`, process: true } });
  const retry: Json = { name: retryName, actions: [{ send: { message: { text: ask.retry } } }, { goto: questionName }] };
  return { steps, retry };
}
