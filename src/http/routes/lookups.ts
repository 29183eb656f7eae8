// Capability lookups: RCS capability through Google RBM (spec endpoints 10–11) and phone-number capability (endpoint 12).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Services } from '../../services/index.js';
import { errorResponses } from '../schemas/common.js';
import { ChannelPhoneNumberParams, LongCodeParam, PhoneCapabilityObject, PhoneCapabilityQuery, PhoneNumberParam, RcsCapabilityObject } from '../schemas/lookups.js';

const tags = ['Capability lookups'];

export const lookupRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { phoneLookup, rcsCapability } = services;

  app.get('/v1/manage/rcs/capability/:phone_number', {
    schema: {
      tags, summary: 'RCS capability of a NANP long code, asked with the default agent',
      description: 'Uses the server\'s default RBM agent (RBM_AGENT_ID), else the account\'s oldest RCS channel.',
      params: LongCodeParam, response: { 200: RcsCapabilityObject, ...errorResponses(422, 502, 504) },
    },
  }, async (req) => rcsCapability.forAccount(req.accountId, req.params.phone_number));

  app.get('/v1/manage/rcs/capability/:channel_id/:phone_number', {
    schema: {
      tags, summary: 'RCS capability of a NANP long code, asked with an RCS channel\'s agent',
      params: ChannelPhoneNumberParams, response: { 200: RcsCapabilityObject, ...errorResponses(403, 404, 422, 502, 504) },
    },
  }, async (req) => rcsCapability.forChannel(req.accountId, req.params.channel_id, req.params.phone_number));

  app.get('/v1/manage/messaging/capability/:phone_number', {
    schema: {
      tags, summary: 'Phone number capability: validity, line type, carrier',
      description: 'An invalid number is a 200 with valid false and the reason in validationErrors.',
      params: PhoneNumberParam, querystring: PhoneCapabilityQuery, response: { 200: PhoneCapabilityObject, ...errorResponses(422, 502, 504) },
    },
  }, async (req) => phoneLookup.lookup(req.params.phone_number, req.query.countryCode));
};
