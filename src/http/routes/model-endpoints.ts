// Model endpoints (OpenAI-compatible servers an account's answers use) and the token usage of answers.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Services } from '../../services/index.js';
import { errorResponses, IdParam } from '../schemas/common.js';
import { ModelEndpointBody, ModelEndpointObject, UsageObject, UsageQuery } from '../schemas/knowledge.js';

const tags = ['Knowledge'];
const Params = IdParam('endpoint_id', 'model endpoint');

export const modelEndpointRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { endpoints, usage } = services.knowledge;

  app.get('/v1/model-endpoints', {
    schema: { tags, summary: 'List model endpoints (never their keys)', response: { 200: Type.Array(ModelEndpointObject), ...errorResponses() } },
  }, async (req) => endpoints.list(req.accountId));

  app.post('/v1/model-endpoints', {
    schema: { tags, summary: 'Add an OpenAI-compatible model endpoint; its key is sealed and never shown again', body: ModelEndpointBody, response: { 200: ModelEndpointObject, ...errorResponses(409, 413, 422) } },
  }, async (req) => endpoints.create(req.accountId, req.body));

  app.get('/v1/model-endpoints/:endpoint_id', {
    schema: { tags, summary: 'Get a model endpoint', params: Params, response: { 200: ModelEndpointObject, ...errorResponses(403, 404) } },
  }, async (req) => endpoints.get(req.accountId, req.params.endpoint_id));

  app.put('/v1/model-endpoints/:endpoint_id', {
    schema: { tags, summary: 'Change a model endpoint (an omitted apiKey is kept)', params: Params, body: ModelEndpointBody, response: { 200: ModelEndpointObject, ...errorResponses(403, 404, 409, 422) } },
  }, async (req) => endpoints.update(req.accountId, req.params.endpoint_id, req.body));

  app.delete('/v1/model-endpoints/:endpoint_id', {
    schema: { tags, summary: 'Delete a model endpoint', params: Params, response: { 200: Type.Object({}), ...errorResponses(403, 404) } },
  }, async (req) => {
    await endpoints.delete(req.accountId, req.params.endpoint_id);
    return {};
  });

  app.get('/v1/usage', {
    schema: { tags, summary: 'Tokens and answers by bot and day', querystring: UsageQuery, response: { 200: UsageObject, ...errorResponses(422) } },
  }, async (req) => usage.report(req.accountId, req.query));
};
