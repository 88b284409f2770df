import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  InvalidPathSegmentError,
  MicroversionUnsupportedError,
  OpenStackHttpError,
  OpenStackNetworkError,
  OpenStackTimeoutError,
  ServiceUnavailableError,
  authenticatePassword,
  authenticateToken,
  createOpenStackClient,
  type AuthResult,
  type CatalogEntry,
  type EndpointInterface,
  type FetchLike,
  type OpenStackClient,
  type PasswordAuthOptions,
  type TokenAuthOptions,
} from '@skydeck/openstack-client';
import { Lru } from '../lib/lru';

export interface OpenStackPluginOptions {
  authUrl: string;
  interface: EndpointInterface;
  /** Tests may route upstream calls elsewhere; production uses the global (keep-alive) fetch. */
  fetch?: FetchLike;
  /** Per-call budget (SKYDECK_UPSTREAM_TIMEOUT); a call past it answers 504. */
  timeoutMs?: number;
}

/** What the plugin fills in: Keystone's URL, the fetch and the per-call budget. */
type Bound = 'authUrl' | 'fetch' | 'timeoutMs';

/** Keystone token requests: sign-in (password) and rescoping a token (project switch). */
export interface KeystoneAuth {
  password(options: Omit<PasswordAuthOptions, Bound>): Promise<AuthResult>;
  token(options: Omit<TokenAuthOptions, Bound>): Promise<AuthResult>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Clients bound to the session's token, project and region. Needs a session. */
    readonly openstack: OpenStackClient;
  }
  interface FastifyInstance {
    /** A client for a token that is not (yet) a session's: login and project switching. */
    openstackFor(
      token: string,
      catalog?: readonly CatalogEntry[],
      region?: string,
    ): OpenStackClient;
    /**
     * Tokens from Keystone for login and project switching, through the same fetch and
     * timeout as every session's client (so request ids and metrics apply to them too).
     */
    readonly keystoneAuth: KeystoneAuth;
  }
}

export interface MappedError {
  status: number;
  message: string;
}

/** The project behind each service type, as operators know the services. */
const PROJECTS: Readonly<Record<string, string>> = {
  identity: 'keystone',
  compute: 'nova',
  image: 'glance',
  volume: 'cinder',
  'block-storage': 'cinder',
  network: 'neutron',
  'object-store': 'swift',
  orchestration: 'heat',
  placement: 'placement',
};

/** "The image service (glance)": the type users see in the catalog and the project admins run. */
export const serviceName = (service: string): string => {
  const project = PROJECTS[service];
  return project && project !== service
    ? `The ${service} service (${project})`
    : `The ${service} service`;
};

/**
 * What the browser is told about an upstream failure. 4xx keep the service's own message (it is
 * about the user's request: "Quota exceeded", "Flavor with name x already exists"); 5xx and
 * transport failures get a generic sentence, so internals never reach the page.
 */
export const mapUpstreamError = (error: unknown): MappedError | undefined => {
  if (error instanceof OpenStackHttpError) {
    if (error.status === 401) return { status: 401, message: 'Unauthorized' };
    if (error.status >= 400 && error.status < 500) {
      return { status: error.status, message: error.message || 'The request was refused.' };
    }
    if (error.status === 503) {
      return { status: 503, message: `${serviceName(error.service)} is unavailable.` };
    }
    return {
      status: 502,
      message: `${serviceName(error.service)} failed to process the request.`,
    };
  }
  if (error instanceof ServiceUnavailableError) {
    return { status: 503, message: `Service type is not enabled: ${error.serviceType}` };
  }
  if (error instanceof OpenStackTimeoutError) {
    return { status: 504, message: `${serviceName(error.service)} did not answer in time.` };
  }
  if (error instanceof OpenStackNetworkError) {
    return { status: 503, message: `${serviceName(error.service)} cannot be reached.` };
  }
  if (error instanceof InvalidPathSegmentError) {
    // `.`, `..` (however spelled) or nothing as an id: no resource has that name, and sending
    // it would reach another resource (the URL parser resolves dot segments).
    return { status: 404, message: 'Not found' };
  }
  if (error instanceof MicroversionUnsupportedError) {
    return {
      status: 400,
      message: `The ${error.service} service of this cloud does not support this operation.`,
    };
  }
  return undefined;
};

const plugin: FastifyPluginAsync<OpenStackPluginOptions> = async (app, options) => {
  // One client per session and token/region: clients are cheap but not free (catalog lookups,
  // closures), and the hot path should only pay for a map lookup.
  const clients = new Lru<string, { key: string; client: OpenStackClient }>(5_000);

  app.decorate(
    'openstackFor',
    (token: string, catalog: readonly CatalogEntry[] = [], region = ''): OpenStackClient =>
      createOpenStackClient({
        authUrl: options.authUrl,
        token,
        catalog,
        region,
        interface: options.interface,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      }),
  );

  const bound = { authUrl: options.authUrl, fetch: options.fetch, timeoutMs: options.timeoutMs };
  const keystoneAuth: KeystoneAuth = {
    password: (auth) => authenticatePassword({ ...auth, ...bound }),
    token: (auth) => authenticateToken({ ...auth, ...bound }),
  };
  app.decorate('keystoneAuth', keystoneAuth);

  app.decorateRequest('openstack', {
    getter(this: FastifyRequest): OpenStackClient {
      const session = this.session;
      const id = this.sessionId;
      if (!session || !id) throw new Error('request.openstack used without a session');
      const key = `${session.token}\n${session.region}`;
      const hit = clients.get(id);
      if (hit?.key === key) return hit.client;
      const client = createOpenStackClient({
        authUrl: options.authUrl,
        token: session.token,
        // Contract catalog entries are the token's, with region fields made explicit.
        catalog: session.catalog as unknown as readonly CatalogEntry[],
        region: session.region,
        interface: options.interface,
        projectId: session.project.id,
        fetch: options.fetch,
        timeoutMs: options.timeoutMs,
      });
      clients.set(id, { key, client });
      return client;
    },
  });
};

export const openstack = fp(plugin, {
  name: 'skydeck-openstack',
  fastify: '5.x',
  dependencies: ['skydeck-session'],
});
