import type { FastifyPluginAsync } from 'fastify';
import { routeTable as api } from '@skydeck/contract';
import { sessionOf } from '../../lib/sessionOf';
import { serve } from '../serve';
import type { RouteDeps } from '../deps';

/**
 * POST /api/policy/ — may the signed-in user do all of these? POST /api/policy/batch/ — the same
 * for every check a page needs, answered in order. Rules are oslo.policy rules evaluated against
 * the session's credentials with the services' default rules (plus operator overrides).
 */
export const policyRoutes: FastifyPluginAsync<RouteDeps> = async (app) => {
  serve(app, api['policy.check'], async (request) => {
    const { session, sessionId } = sessionOf(request);
    const { rules, target } = request.body;
    return { allowed: app.policyChecker.allowed(session, sessionId, rules, target) };
  });

  serve(app, api['policy.batch'], async (request) => {
    const { session, sessionId } = sessionOf(request);
    return {
      allowed: request.body.checks.map(({ rules, target }) =>
        app.policyChecker.allowed(session, sessionId, rules, target),
      ),
    };
  });
};
