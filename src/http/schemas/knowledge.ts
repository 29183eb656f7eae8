// Schemas of the knowledge routes: knowledge bases, documents, crawls and search.
import { Type } from 'typebox';
import { DATE_RULE, SERVER_RULE } from '../../formats.js';
import { MAX_ID, Nullable } from './common.js';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Title = Type.String({ maxLength: 500 });
const Url = Type.String({ minLength: 1, maxLength: 2000 });

export const KnowledgeBaseObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  language: Type.String({ description: 'ISO 639-1 code of the documents\' language: it stems their words and drops stop words.' }),
  embeddingEndpointId: Nullable(Type.Integer(), { description: 'Model endpoint whose embeddings model gives chunks vectors; null: lexical retrieval.' }),
  chunkCount: Type.Integer(),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
}, { title: 'KnowledgeBase' });

export const KnowledgeBaseBody = Type.Object({
  name: Name,
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  language: Type.Optional(Type.String({ pattern: '^[a-zA-Z]{2,3}([-_][a-zA-Z0-9]{1,8})*$', maxLength: 35 })),
  embeddingEndpointId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: MAX_ID }))),
});

const Citable = Type.Optional(Type.Boolean({ description: 'May be cited (title and link) to end users; default true. A private document answers but is never linked.' }));
const SourceUrl = Type.Optional(Nullable(Url, { description: 'Where the document can be read; shown with citations.' }));

export const DocumentBody = Type.Union([
  Type.Object({
    type: Type.Union([Type.Literal('text'), Type.Literal('markdown'), Type.Literal('html')]),
    title: Title, content: Type.String({ minLength: 1 }), sourceUrl: SourceUrl, citable: Citable,
  }),
  Type.Object({
    type: Type.Literal('pdf'), title: Type.Optional(Title),
    contentBase64: Type.String({ minLength: 1, description: 'The PDF file, base64.' }), sourceUrl: SourceUrl, citable: Citable,
  }),
  Type.Object({
    type: Type.Literal('url'), url: Url, title: Type.Optional(Title), citable: Citable,
  }, { description: 'Fetched through the SSRF guard: HTML, PDF, Markdown or plain text.' }),
]);

export const DocumentChangeBody = Type.Object({
  title: Type.Optional(Title),
  citable: Citable,
  sourceUrl: SourceUrl,
  content: Type.Optional(Type.String({ minLength: 1 })),
  contentBase64: Type.Optional(Type.String({ minLength: 1 })),
});

const Status = Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);

export const DocumentObject = Type.Object({
  id: Type.Integer(),
  knowledgeBaseId: Type.Integer(),
  title: Type.String(),
  kind: Type.String(),
  sourceUrl: Nullable(Type.String()),
  citable: Type.Boolean(),
  status: Status,
  error: Nullable(Type.String(), { description: 'Why the document could not be read (status failed).' }),
  characters: Type.Integer(),
  chunkCount: Type.Integer(),
  crawlId: Nullable(Type.Integer()),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
}, { title: 'KnowledgeDocument' });

export const DocumentListQuery = Type.Object({ status: Type.Optional(Status) });

export const CrawlBody = Type.Object({
  url: Url,
  mode: Type.Optional(Type.Union([Type.Literal('sitemap'), Type.Literal('links')], { description: 'Default: sitemap for a URL ending in .xml, else links.' })),
  maxPages: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  maxDepth: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
  sameHost: Type.Optional(Type.Boolean()),
  citable: Citable,
});

export const CrawlObject = Type.Object({
  id: Type.Integer(),
  knowledgeBaseId: Type.Integer(),
  url: Type.String(),
  mode: Type.Union([Type.Literal('sitemap'), Type.Literal('links')]),
  maxPages: Type.Integer(),
  maxDepth: Type.Integer(),
  sameHost: Type.Boolean(),
  citable: Type.Boolean(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  pagesFound: Type.Integer(),
  documents: Type.Object({ queued: Type.Integer(), processing: Type.Integer(), ready: Type.Integer(), failed: Type.Integer() }),
  errors: Type.Array(Type.Object({ url: Type.String(), reason: Type.String() })),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
}, { title: 'KnowledgeCrawl' });

export const SearchBody = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 4000 }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

export const SearchResult = Type.Object({
  passages: Type.Array(Type.Object({
    chunkId: Type.Integer(), documentId: Type.Integer(), knowledgeBaseId: Type.Integer(), title: Type.String(), heading: Type.String(),
    text: Type.String(), score: Type.Number(), sourceUrl: Nullable(Type.String()), citable: Type.Boolean(),
  })),
  tookMs: Type.Number(),
});

const ModelName = Type.String({ minLength: 1, maxLength: 200 });

export const ModelEndpointBody = Type.Object({
  name: Name,
  baseUrl: Type.String({
    minLength: 1, maxLength: 2000, format: 'uri', pattern: '^[hH][tT][tT][pP][sS]?://',
    [SERVER_RULE]: 'No user name or password in it; an internal address only on a host MODEL_ALLOW_HOSTS names.', description: 'The server\'s OpenAI-compatible base, e.g. https://api.openai.com/v1 or http://ollama.internal:11434/v1.' }),
  apiKey: Type.Optional(Nullable(Type.String({ maxLength: 4000 }), { description: 'Sealed at rest and never shown again; omitted on update keeps it, null removes it.' })),
  chatModel: Type.Optional(Nullable(ModelName)),
  embeddingModel: Type.Optional(Nullable(ModelName)),
  rerankModel: Type.Optional(Nullable(ModelName)),
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1000, maximum: 120_000 })),
  maxRetries: Type.Optional(Type.Integer({ minimum: 0, maximum: 5 })),
});

export const ModelEndpointObject = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  baseUrl: Type.String(),
  hasApiKey: Type.Boolean(),
  chatModel: Nullable(Type.String()),
  embeddingModel: Nullable(Type.String()),
  rerankModel: Nullable(Type.String()),
  timeoutMs: Type.Integer(),
  maxRetries: Type.Integer(),
  dateCreated: Type.String(),
  dateUpdated: Type.String(),
}, { title: 'ModelEndpoint' });

export const UsageQuery = Type.Object({
  from: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'First day (yyyy-mm-dd, UTC); default 29 days before `to`.', [SERVER_RULE]: DATE_RULE })),
  to: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'Last day (yyyy-mm-dd, UTC); default today.', [SERVER_RULE]: DATE_RULE })),
  botId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID })),
});

const Counts = { answers: Type.Integer(), fallbacks: Type.Integer(), promptTokens: Type.Integer(), completionTokens: Type.Integer() };

export const UsageObject = Type.Object({
  from: Type.String(),
  to: Type.String(),
  days: Type.Array(Type.Object({ day: Type.String(), botId: Type.Integer(), ...Counts })),
  totals: Type.Object(Counts),
}, { title: 'Usage' });
