// A provider's approved message template named in a send (WhatsApp): as a broadcast or an agent's reply takes it, and as listed.
import { Type } from 'typebox';

export const TemplateSend = Type.Object({
  name: Type.String({ pattern: '^[a-z0-9_]{1,512}$', description: 'The template\'s name, as approved by WhatsApp.' }),
  language: Type.String({ pattern: '^[a-z]{2,3}(_[A-Za-z0-9]{2,8})?$', description: 'Its language code, e.g. en_US.' }),
  variables: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
    maxItems: 100, description: 'The body\'s {{1}}, {{2}} … in order; tags such as {sys:firstName} are rendered for each human.',
  })),
  components: Type.Optional(Type.Array(Type.Object({ type: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: true }), {
    maxItems: 20, description: 'Components as the Cloud API takes them (header, body, button parameters), for what `variables` cannot say; tags in their strings are rendered.',
  })),
}, { description: 'An approved WhatsApp message template: the one kind of message that may go outside the 24-hour customer-service window.' });

export const TemplateInfoObject = Type.Object({
  name: Type.String(),
  language: Type.String(),
  status: Type.String({ description: 'APPROVED, PENDING, REJECTED, PAUSED or DISABLED as WhatsApp says; DECLARED for one the channel\'s token names.' }),
  category: Type.Union([Type.String(), Type.Null()]),
  body: Type.Union([Type.String(), Type.Null()], { description: 'The body text with its {{1}} placeholders, when known.' }),
  parameters: Type.Integer({ description: 'Body parameters it takes (variables).' }),
  source: Type.Unsafe<'declared' | 'businessAccount'>({ type: 'string', enum: ['declared', 'businessAccount'] }),
});
