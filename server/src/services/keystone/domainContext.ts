import type { FastifyRequest } from 'fastify';
import { sessionOf } from '../../lib/sessionOf';

/**
 * The domain the identity panels work in: the one the request names, else the admin's domain
 * context (issue 12), else none (Keystone's own default: every domain for a list, the token's
 * domain for a create).
 */
export function contextDomainId(
  request: FastifyRequest,
  asked: string | undefined,
): string | undefined {
  return asked ?? sessionOf(request).session.domainContext?.id;
}
