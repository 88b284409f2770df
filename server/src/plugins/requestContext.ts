import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import type { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/** The request whose work is running, for code that has no request at hand (the crash guard). */
export interface RequestContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

const storage = new AsyncLocalStorage<RequestContext>();
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/** The request the current code runs for, if any (see the plugin below). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/**
 * Runs the emitter's events in `scope`. The socket delivers a request's body chunks, its end and
 * the response's close in the connection's own async context, so without this a stream error
 * raised by a body parser (an upload's file part) could not be traced back to its request.
 */
const bindEvents = (emitter: EventEmitter, scope: AsyncResource): void => {
  const emit = emitter.emit.bind(emitter);
  // Not scope.bind(): on Node 20 it defines two deprecated accessors on every bound function,
  // 1.5 % of the server's CPU under bench:load for two emitters per request.
  emitter.emit = (event: string | symbol, ...args: unknown[]): boolean =>
    scope.runInAsyncScope(emit, emitter, event, ...args);
};

/**
 * Every hook, handler, callback and promise of a request runs with that request in an
 * AsyncLocalStorage, so an error that escapes all of them (an uncaught exception, an unhandled
 * rejection) can still be logged with its request id and answered (see lib/crashGuard).
 */
const plugin: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', (request, reply, done) => {
    storage.run({ request, reply }, () => {
      const scope = new AsyncResource('skydeck-request');
      scopes.set(request, scope);
      bindEvents(request.raw, scope);
      bindEvents(reply.raw, scope);
      scope.runInAsyncScope(done);
    });
  });
  // A parsed body reaches preValidation from the socket's 'end' event; step back into the
  // request's context for the rest of the request (handler included).
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
};

export const requestContext = fp(plugin, { name: 'skydeck-request-context', fastify: '5.x' });
