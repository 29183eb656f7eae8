// What the route schemas cannot say for themselves, added to the OpenAPI document: every status validation can answer,
// the rules services check across fields (one of text, media or script; phone fields on dlc only), the channel types
// that can be created, and the bot definition schemas. The contract test (test/http/contract/) holds the server to it.
import { CHANNEL_TYPES } from '../channel-types.js';
import { SERVER_RULE } from '../formats.js';
import { DEFINITION_SCHEMAS } from '../services/index.js';

type Json = Record<string, unknown>;
interface Operation { parameters?: { in: string; schema?: Json }[]; requestBody?: { content?: Record<string, { schema?: Json }> }; responses?: Record<string, unknown> }
interface Document { paths?: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, unknown> } }

/** Keywords whose failure is a 422 (src/http/plugins/errors.ts): a schema holding any of them can answer one. */
const RULE_KEYWORDS = ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'pattern', 'format', 'enum', 'maxProperties'];

const ERROR_TEXT: Record<string, string> = {
  400: 'Header or body malformed, or a field has the wrong JSON type or is missing.',
  404: 'The item does not exist (an id outside the range ids are issued in names nothing).',
  413: 'The body is larger than the server accepts.',
  422: 'Well-formed, but a value is over a limit, not allowed, or refers to something that does not exist.',
};

function hasRule(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  if (RULE_KEYWORDS.some((k) => k in schema) || SERVER_RULE in schema) return true;
  return Object.values(schema).some(hasRule);
}

function addStatus(op: Operation, status: number): void {
  op.responses ??= {};
  if (op.responses[status] !== undefined) return;
  op.responses[status] = { description: ERROR_TEXT[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorObject' } } } };
}

/** Statuses validation answers before a handler runs, for every operation whose parts can fail it. */
function validationStatuses(op: Operation): void {
  const params = op.parameters ?? [];
  if (params.some((p) => p.in === 'path' && hasRule(p.schema))) addStatus(op, 404);
  if (params.some((p) => p.in !== 'path' && hasRule(p.schema))) addStatus(op, 422);
  const body = op.requestBody?.content?.['application/json']?.schema;
  if (body !== undefined) {
    addStatus(op, 400);
    addStatus(op, 413);
    if (hasRule(body)) addStatus(op, 422);
  }
  if (params.some((p) => p.in === 'path' && typeof p.schema?.pattern === 'string')) addStatus(op, 422);
}

function bodyOf(doc: Document, path: string, method: string): Json | undefined {
  return doc.paths?.[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
}

/** The definition schemas' $defs as components (`BotLanguage.<name>`), their references rewritten to match. */
function definitionComponents(doc: Document): void {
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (typeof value !== 'object' || value === null) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/BotLanguage.') : rewrite(v)]));
  };
  doc.components ??= {};
  doc.components.schemas ??= {};
  for (const schema of [DEFINITION_SCHEMAS.bot, DEFINITION_SCHEMAS.experience]) {
    for (const [name, def] of Object.entries(schema.$defs as Record<string, unknown>)) doc.components.schemas[`BotLanguage.${name}`] = rewrite(def);
  }
}

/** Body fields that name a record: one of another account, or none, is a 422 (docs/api.md), whatever its form. */
const REFERENCES: Record<string, string> = {
  botId: 'a bot of this account', channelId: 'a channel of this account', humanId: 'another human of this account',
  humanIds: 'humans of this account (unknown ones are not counted)', revision: 'a revision the bot has',
  embeddingEndpointId: 'a model endpoint of this account',
};

function referenceRules(body: Json | undefined, path: string): void {
  const properties = body?.properties as Record<string, Json> | undefined;
  if (properties === undefined) return;
  for (const [field, what] of Object.entries(REFERENCES)) {
    // Subscribing counts the ids it knows: an unknown one is no refusal there.
    if (properties[field] !== undefined && !(field === 'humanIds' && path.endsWith('subscribe'))) {
      properties[field] = { ...properties[field], [SERVER_RULE]: `Must name ${what}.` };
    }
  }
}

/** Applies the rules to the document @fastify/swagger built from the routes; returns it. */
export function withDocumentedRules<T>(document: T): T {
  const doc = document as Document;
  for (const ops of Object.values(doc.paths ?? {})) for (const op of Object.values(ops)) validationStatuses(op);

  const channel = bodyOf(doc, '/v1/channels', 'post');
  if (channel !== undefined) {
    const properties = channel.properties as Record<string, Json>;
    properties.channelType = {
      ...properties.channelType, enum: CHANNEL_TYPES.filter((t) => !t.comingSoon).map((t) => t.name),
      [SERVER_RULE]: 'Some types check their credentials with the provider as the channel is created (tlg: the bot token with getMe, and PUBLIC_URL must be set): docs/channels/.',
    };
    // Spec rules 4 and 5: the phone fields belong to Long Code channels, data to RCS ones.
    channel.allOf = [
      {
        if: { properties: { channelType: { const: 'dlc' } } },
        then: { properties: { phoneType: { enum: [1, 2, 3] }, countryCode: { enum: ['US', 'CA', null] } } },
        else: { properties: { phoneType: { const: 0 }, countryCode: { type: 'null' } } },
      },
      { if: { properties: { channelType: { not: { const: 'rcs' } } } }, then: { properties: { data: { type: 'null' } } } },
    ];
    for (const field of ['user', 'token', 'data']) {
      properties[field] = { ...properties[field], [SERVER_RULE]: 'Checked by the channel type (a phone number, credentials of the provider\'s form): docs/channels/.' };
    }
  }
  const update = bodyOf(doc, '/v1/channels/{channel_id}', 'put');
  if (update !== undefined) {
    const properties = update.properties as Record<string, Json>;
    for (const field of ['channelType', 'phoneType', 'countryCode', 'data', 'user', 'token']) {
      properties[field] = { ...properties[field], [SERVER_RULE]: 'As on create, for the type the channel has: channelType must equal it, phoneType and countryCode belong to dlc, data to rcs.' };
    }
  }

  for (const [path, method] of [['/v1/webhooks', 'post'], ['/v1/webhooks/{webhook_id}', 'put']] as const) {
    const properties = bodyOf(doc, path, method)?.properties as Record<string, Json> | undefined;
    if (properties?.url !== undefined) {
      properties.url = {
        ...properties.url, format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://',
        [SERVER_RULE]: 'No user name or password in it, and no address the outbound guard refuses (loopback, private, link-local, metadata).',
      };
    }
  }

  // An import's body is its file, streamed past the JSON parser: documented here, as the route cannot say it.
  const upload = doc.paths?.['/v1/humans/imports']?.post;
  if (upload !== undefined) {
    const file = (description: string): { schema: Json } => ({ schema: { type: 'string', description } });
    upload.requestBody = {
      required: true,
      content: {
        'text/csv': file('RFC 4180, a header row naming the columns (docs/humans-import.md).'),
        'application/x-ndjson': file('One JSON object a line (also sent as application/jsonl).'),
      },
    } as Operation['requestBody'];
  }

  const send = bodyOf(doc, '/v1/messages', 'post');
  if (send !== undefined) {
    send.anyOf = [{ required: ['text'] }, { required: ['media'] }, { required: ['script'] }, { required: ['template'] }];
    // mediaType says what media is: without media it says nothing (if/then reads the same in every JSON Schema draft).
    send.allOf = [{ if: { required: ['mediaType'] }, then: { required: ['media'] } }];
    const targets = (send.properties as Record<string, Json>).targets;
    const target = targets?.items as Json | undefined;
    if (target !== undefined) target.anyOf = [{ required: ['ids'] }, { required: ['tags'] }];
    if (targets !== undefined) targets[SERVER_RULE] = 'Together the targets name at least one id or tag (blank tags between commas do not count).';
    const script = (send.properties as Record<string, Json>).script;
    if (script !== undefined) script[SERVER_RULE] = 'The name of an interaction, workflow or action of the channel\'s bot.';
    const template = (send.properties as Record<string, Json>).template;
    if (template !== undefined) {
      template[SERVER_RULE] = 'Only on a channel whose provider holds templates (WhatsApp), one the channel has, approved; a WhatsApp broadcast needs one, and then no text or media.';
    }
  }

  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const op of Object.values(ops)) referenceRules(op.requestBody?.content?.['application/json']?.schema, path);
  }

  definitionComponents(doc);
  const definition = {
    anyOf: [
      { $ref: '#/components/schemas/BotLanguage.BotDefinition' },
      { $ref: '#/components/schemas/BotLanguage.ExperienceDefinition' },
      { type: 'object', required: ['name'], additionalProperties: false, properties: { name: DEFINITION_SCHEMAS.bot.$defs.BotDefinition.properties.name } },
    ],
    description: 'A bot definition in the bot format (interactions) or the RCS experience format (workflows); a name alone starts a bot with no interactions. See docs/bot-language.md.',
    [SERVER_RULE]: 'The definition\'s lint rules (docs/bot-language.md): names unique, every reference resolves, tags and expressions well formed.',
  };
  for (const [path, method] of [['/v1/bots', 'post'], ['/v1/bots/{bot_id}', 'put']] as const) {
    const content = doc.paths?.[path]?.[method]?.requestBody?.content?.['application/json'];
    if (content !== undefined) content.schema = definition;
  }
  return document;
}
