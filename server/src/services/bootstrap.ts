import type { FastifyRequest } from 'fastify';
import { OpenStackHttpError } from '@skydeck/openstack-client';
import type { Bootstrap, ProjectList, Settings } from '@skydeck/contract';
import { sessionOf } from '../lib/sessionOf';
import { toUserSession } from '../lib/userSession';

/**
 * Session, settings, catalog and the user's projects: what the signed-in shell needs before its
 * first page. Answered by GET /api/bootstrap/ and written into the page itself on a full load
 * (plugins/spa.ts), so the first page waits for no request of its own (foundation issue §5).
 */
export async function assembleBootstrap(
  request: FastifyRequest,
  settings: Settings,
): Promise<Bootstrap> {
  const { session } = sessionOf(request);
  let projects: ProjectList | undefined;
  try {
    projects = { items: await request.openstack.keystone.listAuthProjects() };
  } catch (error) {
    // A refused token ends the session as on any route; anything else only costs the
    // switcher its list, which it then asks for (and reports) on its own.
    if (error instanceof OpenStackHttpError && error.status === 401) throw error;
    request.log.warn({ err: error }, 'bootstrap: the project list is left out');
  }
  return {
    session: toUserSession(session),
    settings,
    catalog: session.catalog,
    ...(projects && { projects }),
  };
}
