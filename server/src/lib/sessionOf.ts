import type { FastifyRequest } from 'fastify';
import type { SessionData } from '../plugins/sessionStore';

/** Thrown when a handler needs a session the request lacks; answered as 401 `{ message }`. */
export class UnauthorizedError extends Error {
  readonly statusCode = 401;
  constructor() {
    super('Unauthorized');
  }
}

/** The request's session; routes under /api/ already passed requireSession, so this narrows. */
export const sessionOf = (request: FastifyRequest): { session: SessionData; sessionId: string } => {
  const { session, sessionId } = request;
  if (!session || !sessionId) throw new UnauthorizedError();
  return { session, sessionId };
};
