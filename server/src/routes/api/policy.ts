import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PolicyAnswer, PolicyBatchAnswer, PolicyBatchBody, PolicyBody } from '@skydeck/contract';
import { sessionOf } from '../../lib/sessionOf';
import { errorResponses } from '../responses';
import type { RouteDeps } from '../deps';

/**
 * POST /api/policy/ — may the signed-in user do all of these? POST /api/policy/batch/ — the same
 * for every check a page needs, answered in order. Rules are oslo.policy rules evaluated against
 * the session's credentials with the services' default rules (plus operator overrides).
 */
export const policyRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app) => {
  app.post(
    '/policy/',
    { schema: { body: PolicyBody, response: { 200: PolicyAnswer, ...errorResponses } } },
    async (request) => {
      const { session, sessionId } = sessionOf(request);
      const { rules, target } = request.body;
      return { allowed: app.policyChecker.allowed(session, sessionId, rules, target) };
    },
  );

  app.post(
    '/policy/batch/',
    { schema: { body: PolicyBatchBody, response: { 200: PolicyBatchAnswer, ...errorResponses } } },
    async (request) => {
      const { session, sessionId } = sessionOf(request);
      return {
        allowed: request.body.checks.map(({ rules, target }) =>
          app.policyChecker.allowed(session, sessionId, rules, target),
        ),
      };
    },
  );
};
