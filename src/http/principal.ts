// The principal of an authenticated request, for the routes whose services decide by role (tokens, members).
import type { FastifyRequest } from 'fastify';
import { UnauthorizedError } from '../errors.js';
import type { Principal } from '../services/index.js';

export function principalOf(request: FastifyRequest): Principal {
  if (request.principal == null) throw new UnauthorizedError();
  return request.principal;
}

/** The base URL links are written with: PUBLIC_URL, else the address the request reached. */
export function baseUrlOf(request: FastifyRequest, publicUrl: string | null): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
