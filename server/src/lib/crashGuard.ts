import type { FastifyBaseLogger } from 'fastify';
import { currentRequest } from '../plugins/requestContext';

const INTERNAL = 'An internal error occurred. Please try again later.';

/** How long a request hit by an escaped error may still answer on its own before we answer 500. */
export const ESCAPED_ERROR_ANSWER_DELAY_MS = 1_000;

export interface CrashGuardOptions {
  log: FastifyBaseLogger;
  answerDelayMs?: number;
}

/**
 * Keeps the server up when an error escapes every handler: an uncaught exception or an unhandled
 * rejection is logged (with the request id when it came from a request) and the process goes on.
 * Node's default, and close-with-grace's, is to exit, so one bad request from one user would sign
 * everybody out. Installed once the server listens: an error at startup is a programming error
 * and still stops the process.
 *
 * A request hit by such an error is answered 500 if it has not answered by itself shortly after
 * (its handler may be waiting for a callback that will never come); often the handler's own
 * answer is on its way, and it is the better one.
 *
 * Returns a function that removes the handlers.
 */
export const installCrashGuard = (options: CrashGuardOptions): (() => void) => {
  const delay = options.answerDelayMs ?? ESCAPED_ERROR_ANSWER_DELAY_MS;

  const handle = (what: string, error: unknown): void => {
    const context = currentRequest();
    if (!context) {
      options.log.error({ err: error }, `${what} outside any request; the server carries on`);
      return;
    }
    const { request, reply } = context;
    request.log.error({ err: error }, `${what} in a request; the server carries on`);
    const timer = setTimeout(() => {
      if (reply.raw.headersSent || reply.raw.destroyed) return;
      try {
        reply.code(500).send({ message: INTERNAL });
      } catch (sendError) {
        request.log.error({ err: sendError }, 'could not answer after an escaped error');
      }
    }, delay);
    timer.unref();
  };

  const onUncaught = (error: Error): void => handle('uncaught exception', error);
  const onUnhandled = (reason: unknown): void => handle('unhandled rejection', reason);
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUnhandled);
  return () => {
    process.off('uncaughtException', onUncaught);
    process.off('unhandledRejection', onUnhandled);
  };
};
