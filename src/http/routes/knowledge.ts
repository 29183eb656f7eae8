// Knowledge bases API: bases, their documents (upload or URL), crawls, and search (docs/knowledge.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam, MAX_ID } from '../schemas/common.js';
import {
  CrawlBody, CrawlObject, DocumentBody, DocumentChangeBody, DocumentListQuery, DocumentObject, KnowledgeBaseBody, KnowledgeBaseObject,
  SearchBody, SearchResult,
} from '../schemas/knowledge.js';

const tags = ['Knowledge'];
const Base = IdParam('knowledge_base_id', 'knowledge base');
const id = (what: string) => Type.Integer({ minimum: 1, maximum: MAX_ID, description: `The ${what}'s id.` });
const Doc = Type.Object({ ...Base.properties, document_id: id('document') });
const Crawl = Type.Object({ ...Base.properties, crawl_id: id('crawl') });

export const knowledgeRoutes: FastifyPluginAsyncTypebox<{ services: Services; uploadMaxBytes: number }> = async (app, { services, uploadMaxBytes }) => {
  const { bases, documents, crawls, search } = services.knowledge;
  // Base64 is 4/3 of the bytes; the rest of the JSON is small.
  const documentBodyLimit = Math.ceil(uploadMaxBytes * 4 / 3) + 64 * 1024;

  app.get('/v1/knowledge-bases', {
    schema: { tags, summary: 'List knowledge bases', response: { 200: Type.Array(KnowledgeBaseObject), ...errorResponses() } },
  }, async (req) => bases.list(req.accountId));

  app.post('/v1/knowledge-bases', {
    schema: { tags, summary: 'Create a knowledge base', body: KnowledgeBaseBody, response: { 200: KnowledgeBaseObject, ...errorResponses(409, 413, 422) } },
  }, async (req) => bases.create(req.accountId, req.body));

  app.get('/v1/knowledge-bases/:knowledge_base_id', {
    schema: { tags, summary: 'Get a knowledge base', params: Base, response: { 200: KnowledgeBaseObject, ...errorResponses(403, 404) } },
  }, async (req) => bases.get(req.accountId, req.params.knowledge_base_id));

  app.put('/v1/knowledge-bases/:knowledge_base_id', {
    schema: { tags, summary: 'Rename or describe a knowledge base; set its embeddings endpoint', params: Base, body: KnowledgeBaseBody, response: { 200: KnowledgeBaseObject, ...errorResponses(403, 404, 409, 422) } },
  }, async (req) => bases.update(req.accountId, req.params.knowledge_base_id, req.body));

  app.delete('/v1/knowledge-bases/:knowledge_base_id', {
    schema: { tags, summary: 'Delete a knowledge base with its documents', params: Base, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await bases.delete(req.accountId, req.params.knowledge_base_id);
    return {};
  });

  app.get('/v1/knowledge-bases/:knowledge_base_id/documents', {
    schema: { tags, summary: 'List a knowledge base\'s documents with their indexing status', params: Base, querystring: DocumentListQuery, response: { 200: Type.Array(DocumentObject), ...errorResponses(403, 404) } },
  }, async (req) => documents.list(req.accountId, req.params.knowledge_base_id, req.query.status));

  app.post('/v1/knowledge-bases/:knowledge_base_id/documents', {
    bodyLimit: documentBodyLimit,
    schema: {
      tags, summary: 'Add a document (text, Markdown, HTML, a PDF in base64, or a URL); indexed by a durable job', params: Base, body: DocumentBody,
      response: { 200: DocumentObject, ...errorResponses(403, 404, 413, 422) },
    },
  }, async (req) => documents.create(req.accountId, req.params.knowledge_base_id, req.body));

  app.get('/v1/knowledge-bases/:knowledge_base_id/documents/:document_id', {
    schema: { tags, summary: 'Get a document', params: Doc, response: { 200: DocumentObject, ...errorResponses(403, 404, 422) } },
  }, async (req) => documents.get(req.accountId, req.params.knowledge_base_id, req.params.document_id));

  app.put('/v1/knowledge-bases/:knowledge_base_id/documents/:document_id', {
    bodyLimit: documentBodyLimit,
    schema: {
      tags, summary: 'Change a document (title, citable, content) and index it again; a URL document is fetched again', params: Doc, body: DocumentChangeBody,
      response: { 200: DocumentObject, ...errorResponses(403, 404, 413, 422) },
    },
  }, async (req) => documents.update(req.accountId, req.params.knowledge_base_id, req.params.document_id, req.body));

  app.delete('/v1/knowledge-bases/:knowledge_base_id/documents/:document_id', {
    schema: { tags, summary: 'Delete a document with its chunks', params: Doc, response: { 200: Type.Object({}), ...errorResponses(403, 404, 422) } },
  }, async (req) => {
    await documents.delete(req.accountId, req.params.knowledge_base_id, req.params.document_id);
    return {};
  });

  app.get('/v1/knowledge-bases/:knowledge_base_id/crawls', {
    schema: { tags, summary: 'List a knowledge base\'s crawls, newest first', params: Base, response: { 200: Type.Array(CrawlObject), ...errorResponses(403, 404) } },
  }, async (req) => crawls.list(req.accountId, req.params.knowledge_base_id));

  app.post('/v1/knowledge-bases/:knowledge_base_id/crawls', {
    schema: {
      tags, summary: 'Crawl a site from a sitemap or by its links, bounded by pages, depth and host; each page becomes a document', params: Base, body: CrawlBody,
      response: { 200: CrawlObject, ...errorResponses(403, 404, 422) },
    },
  }, async (req) => crawls.create(req.accountId, req.params.knowledge_base_id, req.body));

  app.get('/v1/knowledge-bases/:knowledge_base_id/crawls/:crawl_id', {
    schema: { tags, summary: 'Get a crawl and its progress', params: Crawl, response: { 200: CrawlObject, ...errorResponses(403, 404, 422) } },
  }, async (req) => crawls.get(req.accountId, req.params.knowledge_base_id, req.params.crawl_id));

  app.post('/v1/knowledge-bases/:knowledge_base_id/search', {
    schema: { tags, summary: 'The passages that best match a query (BM25), with their scores', params: Base, body: SearchBody, response: { 200: SearchResult, ...errorResponses(403, 404) } },
  }, async (req) => {
    const base = await bases.row(req.accountId, req.params.knowledge_base_id);
    const started = performance.now();
    const passages = await search.search([base], req.body.query, req.body.limit ?? 10);
    return { passages, tookMs: Math.round((performance.now() - started) * 100) / 100 };
  });
};
